import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `DELETE v5/staff/members/{userUid}/`: the user is no longer staff of the company. */
export function removeMember(userUid: string): Promise<null> {
  return api.delete<null>(`v5/staff/members/${userUid}/`);
}

/** Removed or refused, the staff list is read again. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.members() }),
  });
}
