import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySummary, Paged } from '@store/contract';
import { api } from '../../../api';
import { tenancyKeys } from '../../../api/query-keys/tenancy';

/** GET v7/apps/{uid}/allowed-companies/?category=: the companies of one category. */
export function getAllowedCompanies(
  appUid: string,
  category: string,
  signal?: AbortSignal,
): Promise<Paged<CompanySummary>> {
  return api.get<Paged<CompanySummary>>(`v7/apps/${appUid}/allowed-companies/`, {
    query: { category, page_size: 100 },
    signal,
  });
}

export const allowedCompaniesQuery = (appUid: string, category: string) =>
  queryOptions({
    queryKey: tenancyKeys.allowedCompanies(appUid, category),
    queryFn: ({ signal }) => getAllowedCompanies(appUid, category, signal),
  });

export function useAllowedCompanies(appUid: string, category: string) {
  return useQuery(allowedCompaniesQuery(appUid, category));
}
