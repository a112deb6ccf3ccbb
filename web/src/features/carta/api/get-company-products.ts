import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@store/contract/catalog/products';
import { api } from '../../../api/client';
import { pathFromNext, type Paged } from '../../../api/paging';
import { catalogKeys } from '../../../api/query-keys/catalog';
import type { QueryConfig } from '../../../lib/react-query';

export type CompanyProductFilters = { category?: string; search?: string };

/** `GET v7/products/` for the menu page: product_category becomes category, no is_redeemable. */
export function getCompanyProducts(
  company: string,
  filters: CompanyProductFilters,
  next: string | null,
  signal?: AbortSignal,
): Promise<Paged<Product>> {
  return next
    ? api.get<Paged<Product>>(pathFromNext(next), { signal })
    : api.get<Paged<Product>>('v7/products/', {
        query: { company, category: filters.category, search: filters.search },
        signal,
      });
}

export const companyProductsQuery = (company: string, filters: CompanyProductFilters) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.companyProducts(company, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getCompanyProducts(company, filters, pageParam, signal),
    getNextPageParam: (last) => last.next,
  });

export function useCompanyProducts(
  company: string,
  filters: CompanyProductFilters,
  config?: QueryConfig<typeof companyProductsQuery>,
) {
  return useInfiniteQuery({ ...companyProductsQuery(company, filters), ...config });
}
