import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaSummary } from '@store/contract/catalog/places';
import { allPages } from './paging';
import { catalogKeys } from './query-keys/catalog';

/** `GET v7/areas/`: the company's cities. */
export function getAreas(company: string, signal?: AbortSignal): Promise<AreaSummary[]> {
  return allPages<AreaSummary>('v7/areas/', { company }, signal);
}

export const areasQuery = (company: string) =>
  queryOptions({
    queryKey: catalogKeys.areas(company),
    queryFn: ({ signal }) => getAreas(company, signal),
    staleTime: 5 * 60_000,
  });

export function useAreas(company: string) {
  return useQuery(areasQuery(company));
}
