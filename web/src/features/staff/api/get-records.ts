import { useQuery } from '@tanstack/react-query';
import type { RecordKind, StaffRecord } from '@store/contract/staff/schemas';
import { pagedQuery } from '../../../api/paged-query';
import { staffKeys } from '../../../api/query-keys/staff';
import type { QueryConfig } from '../../../lib/react-query';

/** The report's filters as sent (the contract's `staffRecordsQuery`, empty ones left out). */
export type RecordsQuery = {
  kind?: RecordKind;
  date_from?: string;
  date_to?: string;
  place_uid?: string;
  page?: number;
  page_size?: number;
};

/** `GET v5/staff/records/`: the company's records of the period. */
export const recordsQuery = (filters: RecordsQuery) =>
  pagedQuery<StaffRecord>('v5/staff/records/', staffKeys.records(filters), filters);

export function useRecords(filters: RecordsQuery, config?: QueryConfig<typeof recordsQuery>) {
  return useQuery({ ...recordsQuery(filters), ...config });
}
