import { apiDownload } from '../../../../api/client';

/** `GET v5/admin/export/`: the whole store as its tenant file, sent with the session. */
export function downloadTenantExport() {
  return apiDownload('v5/admin/export/');
}
