import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { accountKeys } from '../../../api/query-keys/account';
import { closeSession } from '../../../lib/session';

/** `POST v5/logout/`: ends this session on the server; a failure never keeps the visitor signed in. */
export async function logout(): Promise<void> {
  try {
    await api.post('v5/logout/');
  } catch {
    /* the session is closed locally anyway */
  }
}

/**
 * Signing out: the server session ends too; locally the token, merge, skipUpdate and the local
 * carts go at once, and the member's cached profile once the server has answered.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return () => {
    void logout().finally(() => queryClient.removeQueries({ queryKey: accountKeys.me() }));
    closeSession();
  };
}
