import { useQuery } from '@tanstack/react-query';
import type { StaffDueSubscription } from '@store/contract/staff/schemas';
import { pagedQuery } from '../../../api/paged-query';
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
export const dueSubscriptionsQuery = (filters: DueSubscriptionsQuery) =>
  pagedQuery<StaffDueSubscription>(
    'v5/staff/subscriptions/due/',
    staffKeys.dueSubscriptions(filters),
    filters,
  );

export function useDueSubscriptions(
  filters: DueSubscriptionsQuery,
  config?: QueryConfig<typeof dueSubscriptionsQuery>,
) {
  return useQuery({ ...dueSubscriptionsQuery(filters), ...config });
}
