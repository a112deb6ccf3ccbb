import { apiDownload } from '../../../api/client';
import type { RecordsQuery } from './get-records';

/** `GET v5/staff/records.csv` with the same filters (no page): the whole report as a file, sent with the session. */
export function downloadRecordsCsv(filters: Omit<RecordsQuery, 'page' | 'page_size'>) {
  return apiDownload('v5/staff/records.csv', filters);
}
