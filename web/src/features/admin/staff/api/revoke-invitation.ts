import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/client';
import { adminStaffKeys } from '../../../../api/query-keys/admin';

/** `DELETE v5/admin/staff/invitations/{uid}/`: the mailed link stops working. */
export function revokeInvitation(uid: string) {
  return api.delete<null>(`v5/admin/staff/invitations/${uid}/`);
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => client.invalidateQueries({ queryKey: adminStaffKeys.invitations() }),
  });
}
