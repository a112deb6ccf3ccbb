import type { AdminMemberOrdering, AdminMemberRow } from '@store/contract/admin/members';
import { adminMemberKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type MemberFilters = { page: number; q?: string; ordering: AdminMemberOrdering };

/** `GET v5/admin/members/`: a page of the company's members with their points and coins. */
export function useMembers(filters: MemberFilters) {
  return usePagedList<AdminMemberRow>('v5/admin/members/', adminMemberKeys.list(filters), filters);
}
