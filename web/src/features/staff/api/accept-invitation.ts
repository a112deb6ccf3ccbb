import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInvitationOffer } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { accountKeys } from '../../../api/query-keys/account';

/** `POST v5/invitations/{uid}/{token}/accept/`: the signed-in user takes the offered role. */
export function acceptInvitation({ uid, token }: { uid: string; token: string }) {
  return api.post<StaffInvitationOffer>(`v5/invitations/${uid}/${token}/accept/`, {});
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The user is staff now: the shell's staff link (is_staff of v5/me/) and /staff read it again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.staffRoles() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
      ]),
  });
}
