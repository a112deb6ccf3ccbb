import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffClientProducts } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

/** `GET v5/staff/clients/{uid}/products/?place_uid=`: the place's redeemable products and the client's coins. */
export function getClientProducts(clientUid: string, placeUid: string, signal?: AbortSignal) {
  return api.get<StaffClientProducts>(`v5/staff/clients/${clientUid}/products/`, {
    query: { place_uid: placeUid },
    signal,
  });
}

export const clientProductsQuery = (clientUid: string, placeUid: string | null) =>
  queryOptions({
    queryKey: staffKeys.clientProducts(clientUid, placeUid),
    queryFn: ({ signal }) => getClientProducts(clientUid, placeUid!, signal),
    enabled: !!placeUid,
    staleTime: 0,
  });

export function useClientProducts(clientUid: string, placeUid: string | null) {
  return useQuery(clientProductsQuery(clientUid, placeUid));
}
