import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `GET v5/staff/members/`: the company's staff (owners only). */
export function getMembers(signal?: AbortSignal): Promise<StaffMember[]> {
  return api.get<StaffMember[]>('v5/staff/members/', { signal });
}

export const membersQuery = () =>
  queryOptions({
    queryKey: staffKeys.members(),
    queryFn: ({ signal }) => getMembers(signal),
  });

export function useMembers() {
  return useQuery(membersQuery());
}
