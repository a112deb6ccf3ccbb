import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@store/contract/profile/user';
import type { ProfileUpdateBody } from '@store/contract/profile/schemas';
import type { MutationConfig } from '../lib/react-query';
import { api } from './client';
import { accountKeys } from './query-keys/account';

/** `PATCH v5/me/`: the profile, the missing data asked after sign-in, or the member's city. */
export function updateMe(body: ProfileUpdateBody): Promise<User> {
  return api.patch<User>('v5/me/', body);
}

/** Every screen that shows the member reads the server's answer. */
export function useUpdateMe({
  onSuccess,
  ...config
}: MutationConfig<User, ProfileUpdateBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateMe,
    onSuccess: (user, ...rest) => {
      queryClient.setQueryData(accountKeys.me(), user);
      return onSuccess?.(user, ...rest);
    },
  });
}
