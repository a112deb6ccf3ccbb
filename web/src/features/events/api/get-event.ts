import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyEvent } from '@store/contract/loyalty/events';
import { api } from '../../../api/client';
import { engagementKeys } from '../../../api/query-keys/engagement';

/** `GET v5/events/{uid}/`. */
export function getEvent(eventUid: string, signal?: AbortSignal): Promise<CompanyEvent> {
  return api.get<CompanyEvent>(`v5/events/${eventUid}/`, { signal });
}

export const eventQuery = (eventUid: string) =>
  queryOptions({
    queryKey: engagementKeys.event(eventUid),
    queryFn: ({ signal }) => getEvent(eventUid, signal),
  });

export function useEvent(eventUid: string) {
  return useQuery(eventQuery(eventUid));
}
