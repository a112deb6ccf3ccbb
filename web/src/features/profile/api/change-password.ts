import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@store/contract/profile/schemas';
import { api } from '../../../api/client';

/** `POST v5/me/change-password/` */
export function changePassword(body: ChangePasswordBody): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('v5/me/change-password/', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
