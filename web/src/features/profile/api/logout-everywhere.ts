import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountKeys } from '../../../api/query-keys/account';
import { closeSession } from '../../../lib/session';

/**
 * `POST v5/logout/all/`: ends every session of the member (a lost phone, a shared computer),
 * this one included.
 */
export function logoutEverywhere(): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('v5/logout/all/');
}

/** This browser's session ended too: it closes, and the member's cached profile goes. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      closeSession();
      queryClient.removeQueries({ queryKey: accountKeys.me() });
    },
  });
}
