import { queryOptions, useQuery } from '@tanstack/react-query';
import { storageKeys } from '@store/contract/constants';
import type { AdminMe } from '@store/contract/admin/schemas';
import { api, ApiError } from '../../../api/client';
import { adminKeys } from '../../../api/query-keys/admin';
import { storage } from '../../../lib/storage';
import type { QueryConfig } from '../../../lib/react-query';

/**
 * `GET v5/admin/me/`: the user's back-office role, or null when they may not open it
 * (403: a customer, a cashier, a validator), so the guard reads one answer instead of an error.
 */
export async function getAdminMe(signal?: AbortSignal): Promise<AdminMe | null> {
  try {
    return await api.get<AdminMe>('v5/admin/me/', { signal, keepApiKeyOn403: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const adminMeQuery = () =>
  queryOptions({
    // Keyed by the session, so signing in as someone else never reuses the last answer.
    queryKey: adminKeys.me(storage.get(storageKeys.token) ?? ''),
    queryFn: ({ signal }) => getAdminMe(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useAdminMe(config?: QueryConfig<typeof adminMeQuery>) {
  return useQuery({ ...adminMeQuery(), ...config });
}
