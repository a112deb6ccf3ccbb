import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminMemberLedgerLine,
  AdminMemberOrder,
  AdminMemberRedemption,
} from '@store/contract/admin/members';
import type { LoyaltyCurrency } from '@store/contract/loyalty/programs';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminMemberKeys } from '../../../../api/query-keys/admin';

/** The profile's tabs and the line each lists. */
export type HistoryLines = {
  ledger: AdminMemberLedgerLine;
  orders: AdminMemberOrder;
  redemptions: AdminMemberRedemption;
};
export type HistoryTab = keyof HistoryLines;
export type HistoryFilters = { page: number; currency?: LoyaltyCurrency };

/** `GET v5/admin/members/{uid}/ledger|orders|redemptions/`: one page of a member's history. */
export function getMemberHistory<T extends HistoryTab>(
  uid: string,
  tab: T,
  filters: HistoryFilters,
  signal?: AbortSignal,
) {
  return api.get<Paged<HistoryLines[T]>>(`v5/admin/members/${encodeURIComponent(uid)}/${tab}/`, {
    query: filters,
    signal,
  });
}

export const memberHistoryQuery = <T extends HistoryTab>(
  uid: string,
  tab: T,
  filters: HistoryFilters,
) =>
  queryOptions({
    queryKey: adminMemberKeys.history(uid, tab, filters),
    queryFn: ({ signal }) => getMemberHistory(uid, tab, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useMemberHistory<T extends HistoryTab>(
  uid: string,
  tab: T,
  filters: HistoryFilters,
) {
  return useQuery(memberHistoryQuery(uid, tab, filters));
}
