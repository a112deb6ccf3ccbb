import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffSkippedDay } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import type { Paged } from '../../../api/paging';
import { staffKeys } from '../../../api/query-keys/staff';
import type { QueryConfig } from '../../../lib/react-query';
import type { RecordsQuery } from './get-records';

/** The filters of the skipped subscription days as sent (`staffSkippedDaysQuery`, empty ones left out). */
export type SkippedDaysQuery = Omit<RecordsQuery, 'kind'>;

/** `GET v5/staff/subscriptions/skipped-days/`: the company's subscription days that got no order. */
export function getSkippedDays(filters: SkippedDaysQuery, signal?: AbortSignal) {
  return api.get<Paged<StaffSkippedDay>>('v5/staff/subscriptions/skipped-days/', {
    query: filters,
    signal,
  });
}

export const skippedDaysQuery = (filters: SkippedDaysQuery) =>
  queryOptions({
    queryKey: staffKeys.skippedDays(filters),
    queryFn: ({ signal }) => getSkippedDays(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useSkippedDays(
  filters: SkippedDaysQuery,
  config?: QueryConfig<typeof skippedDaysQuery>,
) {
  return useQuery({ ...skippedDaysQuery(filters), ...config });
}
