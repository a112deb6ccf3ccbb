import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `DELETE v5/staff/invitations/{uid}/`: the mailed link stops working. */
export function revokeInvitation(uid: string): Promise<null> {
  return api.delete<null>(`v5/staff/invitations/${uid}/`);
}

/** Revoked or already gone, the pending list is read again. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.invitations() }),
  });
}
