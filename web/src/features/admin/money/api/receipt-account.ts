import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReceiptAccount, AdminReceiptAccountInput } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/money/receipt-account/`: the company's Nubefact account, its token only as set or not. */
export function getReceiptAccount(signal?: AbortSignal) {
  return api.get<AdminReceiptAccount>('v5/admin/money/receipt-account/', { signal });
}

export const receiptAccountQuery = () =>
  queryOptions({
    queryKey: adminPaymentKeys.receiptAccount(),
    queryFn: ({ signal }) => getReceiptAccount(signal),
  });

export function useReceiptAccount() {
  return useQuery(receiptAccountQuery());
}

/** `PUT v5/admin/money/receipt-account/`: sets the account (`url: null` forgets it). */
export function putReceiptAccount(body: AdminReceiptAccountInput) {
  return api.put<AdminReceiptAccount>('v5/admin/money/receipt-account/', body);
}

export function usePutReceiptAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putReceiptAccount,
    onSuccess: (account) => client.setQueryData(adminPaymentKeys.receiptAccount(), account),
    onSettled: () => client.invalidateQueries({ queryKey: adminPaymentKeys.receiptAccount() }),
  });
}
