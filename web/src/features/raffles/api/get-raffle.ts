import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Raffle } from '@store/contract/loyalty/engagement';
import { api } from '../../../api/client';
import { engagementKeys } from '../../../api/query-keys/engagement';

/** `GET v5/me/programs/{p}/raffles/{uid}/`: 404 is the not-found state. */
export function getRaffle(programUid: string, raffleUid: string, signal?: AbortSignal) {
  return api.get<Raffle>(`v5/me/programs/${programUid}/raffles/${raffleUid}/`, { signal });
}

export const raffleQuery = (programUid: string, raffleUid: string) =>
  queryOptions({
    queryKey: engagementKeys.raffle(programUid, raffleUid),
    queryFn: ({ signal }) => getRaffle(programUid, raffleUid, signal),
  });

export function useRaffle(programUid: string, raffleUid: string) {
  return useQuery(raffleQuery(programUid, raffleUid));
}
