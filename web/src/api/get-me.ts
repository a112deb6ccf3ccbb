import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@store/contract/profile/user';
import type { QueryConfig } from '../lib/react-query';
import { api } from './client';
import { accountKeys } from './query-keys/account';

/** `GET v5/me/`: the signed-in member (shared by every screen that shows or edits them). */
export function getMe(signal?: AbortSignal): Promise<User> {
  return api.get<User>('v5/me/', { signal });
}

export const meQuery = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
  });

export function useMe(config?: QueryConfig<typeof meQuery>) {
  return useQuery({ ...meQuery(), ...config });
}
