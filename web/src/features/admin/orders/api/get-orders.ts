import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '@store/contract/admin/orders';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminOrderKeys } from '../../../../api/query-keys/admin';

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
export function getOrders(filters: OrderFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminOrder>>('v5/admin/orders/', { query: filters, signal });
}

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: adminOrderKeys.list(filters),
    queryFn: ({ signal }) => getOrders(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQuery(filters));
}
