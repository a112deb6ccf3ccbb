import { useQuery } from '@tanstack/react-query';
import type { StaffSkippedDay } from '@store/contract/staff/schemas';
import { pagedQuery } from '../../../api/paged-query';
import { staffKeys } from '../../../api/query-keys/staff';
import type { QueryConfig } from '../../../lib/react-query';
import type { RecordsQuery } from './get-records';

/** The filters of the skipped subscription days as sent (`staffSkippedDaysQuery`, empty ones left out). */
export type SkippedDaysQuery = Omit<RecordsQuery, 'kind'>;

/** `GET v5/staff/subscriptions/skipped-days/`: the company's subscription days that got no order. */
export const skippedDaysQuery = (filters: SkippedDaysQuery) =>
  pagedQuery<StaffSkippedDay>(
    'v5/staff/subscriptions/skipped-days/',
    staffKeys.skippedDays(filters),
    filters,
  );

export function useSkippedDays(
  filters: SkippedDaysQuery,
  config?: QueryConfig<typeof skippedDaysQuery>,
) {
  return useQuery({ ...skippedDaysQuery(filters), ...config });
}
