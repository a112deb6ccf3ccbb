import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Landing } from '@store/contract/tenancy/landing';
import { api } from '../../../api';
import { tenancyKeys } from '../../../api/query-keys/tenancy';

/** GET v7/apps/{uid}/landing/: the landing type and its sections (404 without a landing page). */
export function getLanding(appUid: string, signal?: AbortSignal): Promise<Landing> {
  return api.get<Landing>(`v7/apps/${appUid}/landing/`, { signal });
}

export const landingQuery = (appUid: string) =>
  queryOptions({
    queryKey: tenancyKeys.landing(appUid),
    queryFn: ({ signal }) => getLanding(appUid, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useLanding(appUid: string) {
  return useQuery(landingQuery(appUid));
}
