import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type NewPassword = { password: string; password_confirmation: string };

/** `POST v5/me/reset_password/{uidUser}/{token}/` */
export function resetPassword(
  uidUser: string,
  token: string,
  body: NewPassword,
): Promise<{ detail: string }> {
  return api.post<{ detail: string }>(
    `v5/me/reset_password/${encodeURIComponent(uidUser)}/${encodeURIComponent(token)}/`,
    body,
  );
}

export function useResetPassword(uidUser: string, token: string) {
  return useMutation({ mutationFn: (body: NewPassword) => resetPassword(uidUser, token, body) });
}
