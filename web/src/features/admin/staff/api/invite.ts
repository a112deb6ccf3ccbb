import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInvitation, StaffInvitationInput } from '@store/contract/staff/schemas';
import { api } from '../../../../api/client';
import { adminStaffKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/staff/invitations/`: mails the link; inviting the same address again re-sends it. */
export function invite(body: StaffInvitationInput) {
  return api.post<StaffInvitation>('v5/admin/staff/invitations/', body);
}

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSettled: () => client.invalidateQueries({ queryKey: adminStaffKeys.invitations() }),
  });
}
