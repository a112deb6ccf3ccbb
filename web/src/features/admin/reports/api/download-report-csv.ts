import type { AdminReportQuery, ReportKind } from '@store/contract/admin/selling';
import { apiDownload } from '../../../../api/client';

/** `GET v5/admin/reports/{report}/csv/`: one breakdown as a CSV file. */
export function downloadReportCsv(report: ReportKind, query: AdminReportQuery) {
  return apiDownload(`v5/admin/reports/${report}/csv/`, query);
}
