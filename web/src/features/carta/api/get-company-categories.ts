import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCategory } from '@store/contract/catalog/products';
import { api } from '../../../api/client';
import { catalogKeys } from '../../../api/query-keys/catalog';

/** `GET v7/company/{uid}/product-categories/` (the menu page, which has no place). */
export function getCompanyCategories(
  companyUid: string,
  signal?: AbortSignal,
): Promise<ProductCategory[]> {
  return api.get<ProductCategory[]>(`v7/company/${companyUid}/product-categories/`, { signal });
}

export const companyCategoriesQuery = (companyUid: string) =>
  queryOptions({
    queryKey: catalogKeys.companyCategories(companyUid),
    queryFn: ({ signal }) => getCompanyCategories(companyUid, signal),
    staleTime: 5 * 60_000,
  });

export function useCompanyCategories(companyUid: string) {
  return useQuery(companyCategoriesQuery(companyUid));
}
