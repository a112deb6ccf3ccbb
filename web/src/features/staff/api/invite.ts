import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInvitation, StaffInvitationInput } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `POST v5/staff/invitations/`: mails the invitation link; the role comes when it is accepted. */
export function invite(body: StaffInvitationInput): Promise<StaffInvitation> {
  return api.post<StaffInvitation>('v5/staff/invitations/', body);
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.invitations() }),
  });
}
