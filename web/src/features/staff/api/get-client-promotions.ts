import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `GET v5/staff/clients/{uid}/promotions/`: the company's usable promotions with the client's state. */
export function getClientPromotions(clientUid: string, programUid?: string, signal?: AbortSignal) {
  return api.get<Promotion[]>(`v5/staff/clients/${clientUid}/promotions/`, {
    query: { program_uid: programUid },
    signal,
  });
}

export const clientPromotionsQuery = (clientUid: string, programUid?: string) =>
  queryOptions({
    queryKey: staffKeys.clientPromotions(clientUid, programUid),
    queryFn: ({ signal }) => getClientPromotions(clientUid, programUid, signal),
    staleTime: 0,
  });

export function useClientPromotions(clientUid: string, programUid?: string) {
  return useQuery(clientPromotionsQuery(clientUid, programUid));
}
