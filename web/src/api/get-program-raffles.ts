import { queryOptions } from '@tanstack/react-query';
import type { Raffle } from '@store/contract/loyalty/engagement';
import { allPagesOf100, type Paged } from './paging';
import { engagementKeys } from './query-keys/engagement';

/** `GET v5/me/programs/{uid}/raffles/`: the program's raffles the member has not dismissed. */
export function getProgramRaffles(
  programUid: string,
  signal?: AbortSignal,
): Promise<Paged<Raffle>> {
  return allPagesOf100<Raffle>(`v5/me/programs/${programUid}/raffles/`, {}, signal);
}

/** Read for every program at once (`useQueries`), by the raffles page and the footer count. */
export const programRafflesQuery = (programUid: string) =>
  queryOptions({
    queryKey: engagementKeys.programRaffles(programUid),
    queryFn: ({ signal }) => getProgramRaffles(programUid, signal),
    staleTime: 30_000,
  });
