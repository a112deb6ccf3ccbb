import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `POST v5/me/reset_password/`: mails a link to choose a new password. */
export function recoverPassword(body: { email: string }): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('v5/me/reset_password/', body);
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
