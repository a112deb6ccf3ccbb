import { apiDownload } from '../../../../api/client';
import type { OrderFilters } from './get-orders';

/** `GET v5/admin/orders.csv`: every order under the filters (all pages), sent with the session. */
export function downloadOrdersCsv({ page: _page, sort: _sort, ...filters }: OrderFilters) {
  return apiDownload('v5/admin/orders.csv', filters);
}
