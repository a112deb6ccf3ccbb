import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMember } from '@store/contract/admin/members';
import { api } from '../../../../api/client';
import { adminMemberKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/members/{uid}/`: contact data, programs, balances. */
export function getMember(uid: string, signal?: AbortSignal) {
  return api.get<AdminMember>(`v5/admin/members/${encodeURIComponent(uid)}/`, { signal });
}

export const memberQuery = (uid: string) =>
  queryOptions({
    queryKey: adminMemberKeys.member(uid),
    queryFn: ({ signal }) => getMember(uid, signal),
  });

export function useMember(uid: string) {
  return useQuery(memberQuery(uid));
}
