import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminEvent } from '@store/contract/admin/events';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminEventKeys } from '../../../../api/query-keys/admin';

export type EventFilters = {
  page: number;
  page_size?: number;
  when?: 'upcoming' | 'past';
  q?: string;
};

/** `GET v5/admin/events/`: coming events soonest first, or past ones latest first. */
export function useEvents(filters: EventFilters) {
  return useQuery({
    queryKey: adminEventKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminEvent>>('v5/admin/events/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET v5/admin/events/{uid}/`: one event with its version. */
export function useEvent(uid: string) {
  return useQuery({
    queryKey: adminEventKeys.one(uid),
    queryFn: ({ signal }) => api.get<AdminEvent>(`v5/admin/events/${uid}/`, { signal }),
  });
}
