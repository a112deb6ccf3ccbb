import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyCategory, Paged } from '@store/contract';
import { api } from '../../../api';
import { tenancyKeys } from '../../../api/query-keys/tenancy';

/** GET v7/categories/?app=&with_companies=true[&search=]: the multisite home sections. */
export function getCategories(appUid: string, search: string): Promise<Paged<CompanyCategory>> {
  return api.get<Paged<CompanyCategory>>('v7/categories/', {
    query: { app: appUid, with_companies: true, search: search || undefined, page_size: 100 },
  });
}

export const categoriesQuery = (appUid: string, search: string) =>
  queryOptions({
    queryKey: tenancyKeys.categories(appUid, search),
    queryFn: () => getCategories(appUid, search),
    placeholderData: keepPreviousData,
  });

export function useCategories(appUid: string, search: string) {
  return useQuery(categoriesQuery(appUid, search));
}
