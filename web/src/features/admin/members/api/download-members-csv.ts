import { apiDownload } from '../../../../api/client';

/** `GET v5/admin/members.csv`: the members matching the search, as a CSV file (audited). */
export function downloadMembersCsv(q?: string) {
  return apiDownload('v5/admin/members.csv', q ? { q } : undefined);
}
