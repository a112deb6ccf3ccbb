import { queryOptions, useQuery } from '@tanstack/react-query';
import { storageKeys } from '@store/contract/constants';
import type { StaffMe } from '@store/contract/staff/schemas';
import { storage } from '../lib/storage';
import type { QueryConfig } from '../lib/react-query';
import { api, ApiError } from './client';
import { accountKeys } from './query-keys/account';

/**
 * `GET v5/staff/me/`: the user's staff role in this store, or null when they are not staff
 * (401/403), so the menu and the /staff guard read one cached answer instead of an error.
 */
export async function getStaffMe(signal?: AbortSignal): Promise<StaffMe | null> {
  try {
    return await api.get<StaffMe>('v5/staff/me/', {
      signal,
      keepApiKeyOn403: true,
      // A probe: a session that must step up is no staff session, and nobody is asked anything.
      stepUp: false,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return null;
    throw error;
  }
}

/** Asked once a session. */
export const staffMeQuery = () =>
  queryOptions({
    // Keyed by the session, so signing in as someone else never reuses the last answer.
    queryKey: accountKeys.staffRole(storage.get(storageKeys.token) ?? ''),
    queryFn: ({ signal }) => getStaffMe(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useStaffMe(config?: QueryConfig<typeof staffMeQuery>) {
  return useQuery({ ...staffMeQuery(), ...config });
}
