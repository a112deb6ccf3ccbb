import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { closeSession } from '../../../lib/session';

/** `DELETE .../me/delete/...` (the base of the mailed link, see get-deletion-link.ts). */
export function deleteAccount(base: string): Promise<{ detail: string }> {
  return api.delete<{ detail: string }>(base);
}

/** The account is gone: the session closes and nothing of the member stays cached. */
export function useDeleteAccount(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAccount(base),
    onSuccess: () => {
      closeSession();
      queryClient.clear();
    },
  });
}
