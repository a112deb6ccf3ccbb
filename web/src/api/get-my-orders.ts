import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@store/contract/orders/schemas';
import type { QueryConfig } from '../lib/react-query';
import { api } from './client';
import type { Paged } from './paging';
import { orderKeys } from './query-keys/orders';

export type MyOrdersFilters = { payment_method?: string; page?: number };

/** `GET v5/me/orders/`: the member's orders, newest first, optionally by payment method. */
export function getMyOrders(filters: MyOrdersFilters, signal?: AbortSignal): Promise<Paged<Order>> {
  return api.get<Paged<Order>>('v5/me/orders/', {
    query: { payment_method: filters.payment_method, page: filters.page },
    signal,
  });
}

export const myOrdersQuery = (filters: MyOrdersFilters) =>
  queryOptions({
    queryKey: orderKeys.myList(filters),
    queryFn: ({ signal }) => getMyOrders(filters, signal),
  });

export function useMyOrders(filters: MyOrdersFilters, config?: QueryConfig<typeof myOrdersQuery>) {
  return useQuery({ ...myOrdersQuery(filters), ...config });
}
