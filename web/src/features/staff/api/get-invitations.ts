import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInvitation } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `GET v5/staff/invitations/`: the company's pending invitations (owners only). */
export function getInvitations(signal?: AbortSignal): Promise<StaffInvitation[]> {
  return api.get<StaffInvitation[]>('v5/staff/invitations/', { signal });
}

export const invitationsQuery = () =>
  queryOptions({
    queryKey: staffKeys.invitations(),
    queryFn: ({ signal }) => getInvitations(signal),
  });

export function useInvitations() {
  return useQuery(invitationsQuery());
}
