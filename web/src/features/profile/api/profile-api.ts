import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closeSession } from '../../../lib/session';
import type { User } from '@store/contract/profile/user';
import type { ChangePasswordBody, ProfileUpdateBody } from '@store/contract/profile/schemas';
import { api, meQuery } from '../../../api';

/** `PATCH v5/me/`: refreshes the cached member with the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.patch<User>('v5/me/', body),
    onSuccess: (user) => queryClient.setQueryData(meQuery().queryKey, user),
  });
}

/** `POST v5/me/change-password/` */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<{ detail: string }>('v5/me/change-password/', body),
  });
}

/** `POST v5/delete-account/`: mails the member a link that deletes the account. */
export function useRequestDeletion() {
  return useMutation({ mutationFn: () => api.post<{ detail: string }>('v5/delete-account/') });
}

/**
 * `POST v5/logout/all/`: ends every session of the member (a lost phone, a shared computer),
 * this one included, so the browser closes its session too.
 */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ detail: string }>('v5/logout/all/'),
    onSuccess: () => {
      closeSession();
      queryClient.removeQueries({ queryKey: meQuery().queryKey });
    },
  });
}
