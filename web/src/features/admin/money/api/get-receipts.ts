import {
  keepPreviousData,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminElectronicReceipt } from '@store/contract/admin/money';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

export type ReceiptStatus = AdminElectronicReceipt['status'];
export type ReceiptFilters = { page?: number; status?: ReceiptStatus; order?: string };

/** How often a list showing a receipt being issued asks again, so it turns ISSUED by itself. */
const PENDING_REFRESH_MS = 5_000;

/** `GET v5/admin/money/receipts/?status=&page=`: the company's electronic receipts, newest first. */
export function getReceipts(filters: ReceiptFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminElectronicReceipt>>('v5/admin/money/receipts/', {
    query: filters,
    signal,
  });
}

export const receiptsQuery = (filters: ReceiptFilters) =>
  queryOptions({
    queryKey: adminPaymentKeys.receiptList(filters),
    queryFn: ({ signal }) => getReceipts(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((r) => r.status === 'PENDING') ? PENDING_REFRESH_MS : false,
  });

/** `enabled` false: not asked (the order screen of someone without the money area). */
export function useReceipts(filters: ReceiptFilters, enabled = true) {
  return useQuery({ ...receiptsQuery(filters), enabled });
}

/** The receipts of each of these orders, asked for every 2 s (a retried receipt being followed). */
export function useOrdersReceipts(orderUids: string[]) {
  return useQueries({
    queries: orderUids.map((order) => ({ ...receiptsQuery({ order }), refetchInterval: 2_000 })),
  });
}

/** Reads every receipts list again (a followed receipt has ended). */
export function useRefreshReceipts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminPaymentKeys.receipts() });
}
