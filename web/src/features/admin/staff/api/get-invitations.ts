import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInvitation } from '@store/contract/staff/schemas';
import { api } from '../../../../api/client';
import { adminStaffKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/staff/invitations/`: invitations nobody accepted nor revoked, newest first. */
export function getInvitations(signal?: AbortSignal) {
  return api.get<StaffInvitation[]>('v5/admin/staff/invitations/', { signal });
}

export const invitationsQuery = () =>
  queryOptions({
    queryKey: adminStaffKeys.invitations(),
    queryFn: ({ signal }) => getInvitations(signal),
  });

export function useInvitations() {
  return useQuery(invitationsQuery());
}
