import { apiDownload } from '../../../../api/client';

/** `GET v5/admin/products.csv`: the company's products in the import's format, sent with the session. */
export function downloadProductsCsv() {
  return apiDownload('v5/admin/products.csv');
}
