import { useQuery } from '@tanstack/react-query';
import type { AdminRaffle } from '@store/contract/admin/raffles';
import { api } from '../../../../api/client';
import { adminRaffleKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type RaffleFilters = { page: number; page_size?: number; q?: string };

/** `GET v5/admin/raffles/`: a page of the company's raffles with their entrant counts. */
export function useRaffles(filters: RaffleFilters) {
  return usePagedList<AdminRaffle>('v5/admin/raffles/', adminRaffleKeys.list(filters), filters);
}

/** `GET v5/admin/raffles/programs/`: the programs a raffle may belong to. */
export function useRafflePrograms() {
  return useQuery({
    queryKey: adminRaffleKeys.programs(),
    queryFn: ({ signal }) =>
      api.get<{ uid: string; name: string }[]>('v5/admin/raffles/programs/', { signal }),
  });
}
