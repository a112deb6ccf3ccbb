import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRaffle } from '@store/contract/admin/raffles';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminRaffleKeys } from '../../../../api/query-keys/admin';

export type RaffleFilters = { page: number; page_size?: number; q?: string };

/** `GET v5/admin/raffles/`: a page of the company's raffles with their entrant counts. */
export function getRaffles(filters: RaffleFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminRaffle>>('v5/admin/raffles/', { query: filters, signal });
}

export function useRaffles(filters: RaffleFilters) {
  return useQuery(
    queryOptions({
      queryKey: adminRaffleKeys.list(filters),
      queryFn: ({ signal }) => getRaffles(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET v5/admin/raffles/programs/`: the programs a raffle may belong to. */
export function useRafflePrograms() {
  return useQuery({
    queryKey: adminRaffleKeys.programs(),
    queryFn: ({ signal }) =>
      api.get<{ uid: string; name: string }[]>('v5/admin/raffles/programs/', { signal }),
  });
}
