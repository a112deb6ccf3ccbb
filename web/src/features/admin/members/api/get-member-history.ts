import type {
  AdminMemberLedgerLine,
  AdminMemberOrder,
  AdminMemberRedemption,
} from '@store/contract/admin/members';
import type { LoyaltyCurrency } from '@store/contract/loyalty/programs';
import { adminMemberKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

/** The profile's tabs and the line each lists. */
export type HistoryLines = {
  ledger: AdminMemberLedgerLine;
  orders: AdminMemberOrder;
  redemptions: AdminMemberRedemption;
};
export type HistoryTab = keyof HistoryLines;
export type HistoryFilters = { page: number; currency?: LoyaltyCurrency };

/** `GET v5/admin/members/{uid}/ledger|orders|redemptions/`: one page of a member's history. */
export function useMemberHistory<T extends HistoryTab>(
  uid: string,
  tab: T,
  filters: HistoryFilters,
) {
  return usePagedList<HistoryLines[T]>(
    `v5/admin/members/${encodeURIComponent(uid)}/${tab}/`,
    adminMemberKeys.history(uid, tab, filters),
    filters,
  );
}
