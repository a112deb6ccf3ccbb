import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberOrdering, AdminMemberRow } from '@store/contract/admin/members';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminMemberKeys } from '../../../../api/query-keys/admin';

export type MemberFilters = { page: number; q?: string; ordering: AdminMemberOrdering };

/** `GET v5/admin/members/`: a page of the company's members with their points and coins. */
export function getMembers(filters: MemberFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminMemberRow>>('v5/admin/members/', { query: filters, signal });
}

export const membersQuery = (filters: MemberFilters) =>
  queryOptions({
    queryKey: adminMemberKeys.list(filters),
    queryFn: ({ signal }) => getMembers(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useMembers(filters: MemberFilters) {
  return useQuery(membersQuery(filters));
}
