import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type EmailLink = { uidApp: string; uidUser: string; token: string };

/** `GET v5/verification-email/{uidApp}/{uidUser}/{token}/` */
export function verifyEmail(p: EmailLink): Promise<{ detail: string }> {
  const e = encodeURIComponent;
  return api.get<{ detail: string }>(
    `v5/verification-email/${e(p.uidApp)}/${e(p.uidUser)}/${e(p.token)}/`,
  );
}

/** A one-shot action, so a mutation run on open. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
