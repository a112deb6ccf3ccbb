import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffOrder } from '@store/contract/staff/schemas';
import type { OrderStatus } from '@store/contract/orders/status';
import { pagedQuery } from '../../../api/paged-query';
import { staffKeys } from '../../../api/query-keys/staff';

/** How often the board asks for new orders while it is open. */
export const ORDERS_REFRESH_MS = 5_000;

export type OrdersFilters = {
  status?: OrderStatus;
  place_uid?: string;
  page?: number;
  page_size?: number;
};

/**
 * `GET v5/staff/orders/`: newest first. Polled (and read again on focus) so new orders appear
 * without reloading.
 */
export const staffOrdersQuery = (filters: OrdersFilters) =>
  queryOptions({
    ...pagedQuery<StaffOrder>('v5/staff/orders/', staffKeys.orders(filters), filters),
    refetchInterval: ORDERS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useStaffOrders(filters: OrdersFilters) {
  return useQuery(staffOrdersQuery(filters));
}
