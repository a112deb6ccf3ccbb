import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Program } from '@store/contract/loyalty/programs';
import { api } from '../../../api/client';
import type { Paged } from '../../../api/paging';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

/** `GET v5/programs/`: the tenant's programs, open to visitors (the program page of a visitor). */
export function getPrograms(company?: string, signal?: AbortSignal): Promise<Paged<Program>> {
  return api.get<Paged<Program>>('v5/programs/', { query: { company, page_size: 100 }, signal });
}

export const programsQuery = (company?: string) =>
  queryOptions({
    queryKey: loyaltyKeys.programs(company),
    queryFn: ({ signal }) => getPrograms(company, signal),
    staleTime: 5 * 60_000,
  });

export function usePrograms(company?: string) {
  return useQuery(programsQuery(company));
}
