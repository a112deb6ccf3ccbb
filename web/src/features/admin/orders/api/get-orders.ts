import type { AdminOrder } from '@store/contract/admin/orders';
import { adminOrderKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

/** The list's filters as the URL and the API name them (empty ones left out). */
export type OrderFilters = {
  status?: string;
  payment_status?: string;
  place?: string;
  date_from?: string;
  date_to?: string;
  q?: string;
  sort?: string;
  page?: number;
};

/** `GET v5/admin/orders/`: a page of the company's orders at every place. */
export function useOrders(filters: OrderFilters) {
  return usePagedList<AdminOrder>('v5/admin/orders/', adminOrderKeys.list(filters), filters);
}
