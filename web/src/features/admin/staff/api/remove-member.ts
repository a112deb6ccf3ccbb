import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/client';
import { adminStaffKeys } from '../../../../api/query-keys/admin';

/** `DELETE v5/admin/staff/members/{user_uid}/`: takes someone off the staff (their account stays). */
export function removeMember(uid: string) {
  return api.delete<null>(`v5/admin/staff/members/${uid}/`);
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => client.invalidateQueries({ queryKey: adminStaffKeys.members() }),
  });
}
