import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@store/contract/admin/catalogue';
import type { Paged } from '../../../api/paging';
import { api } from '../../../api/client';
import { adminKeys } from '../../../api/query-keys/admin';

export type ProductFilters = { q?: string; active?: 'true' | 'false'; page: number };

/** `GET v5/admin/products/`: one page of the company's products. */
export function getProducts(filters: ProductFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminProduct>>('v5/admin/products/', {
    query: { ...filters, page_size: 20 },
    signal,
  });
}

export const productsQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: adminKeys.productList(filters),
    queryFn: ({ signal }) => getProducts(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(filters: ProductFilters) {
  return useQuery(productsQuery(filters));
}
