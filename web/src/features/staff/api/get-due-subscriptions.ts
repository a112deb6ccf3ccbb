import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffDueSubscription } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import type { Paged } from '../../../api/paging';
import { staffKeys } from '../../../api/query-keys/staff';
import type { QueryConfig } from '../../../lib/react-query';

/** The filters as sent (`staffDueSubscriptionsQuery`, empty ones left out). */
export type DueSubscriptionsQuery = {
  date?: string;
  place_uid?: string;
  page?: number;
  page_size?: number;
};

/** `GET v5/staff/subscriptions/due/`: the active subscriptions due on a day (tomorrow when none). */
export function getDueSubscriptions(filters: DueSubscriptionsQuery, signal?: AbortSignal) {
  return api.get<Paged<StaffDueSubscription>>('v5/staff/subscriptions/due/', {
    query: filters,
    signal,
  });
}

export const dueSubscriptionsQuery = (filters: DueSubscriptionsQuery) =>
  queryOptions({
    queryKey: staffKeys.dueSubscriptions(filters),
    queryFn: ({ signal }) => getDueSubscriptions(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useDueSubscriptions(
  filters: DueSubscriptionsQuery,
  config?: QueryConfig<typeof dueSubscriptionsQuery>,
) {
  return useQuery({ ...dueSubscriptionsQuery(filters), ...config });
}
