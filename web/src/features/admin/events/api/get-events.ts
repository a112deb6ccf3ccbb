import { useQuery } from '@tanstack/react-query';
import type { AdminEvent } from '@store/contract/admin/events';
import { api } from '../../../../api/client';
import { adminEventKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type EventFilters = {
  page: number;
  page_size?: number;
  when?: 'upcoming' | 'past';
  q?: string;
};

/** `GET v5/admin/events/`: coming events soonest first, or past ones latest first. */
export function useEvents(filters: EventFilters) {
  return usePagedList<AdminEvent>('v5/admin/events/', adminEventKeys.list(filters), filters);
}

/** `GET v5/admin/events/{uid}/`: one event with its version. */
export function useEvent(uid: string) {
  return useQuery({
    queryKey: adminEventKeys.one(uid),
    queryFn: ({ signal }) => api.get<AdminEvent>(`v5/admin/events/${uid}/`, { signal }),
  });
}
