import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Paged } from '../../../api/paging';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

export type PromotionPlace = { uid: string; name: string; address: string };

/** `GET v5/me/promotions/{uid}/places/`: where the promotion can be used. */
export function getPromotionPlaces(uid: string, signal?: AbortSignal) {
  return api.get<Paged<PromotionPlace>>(`v5/me/promotions/${uid}/places/`, {
    query: { page_size: 100 },
    signal,
  });
}

export const promotionPlacesQuery = (uid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.promotionPlaces(uid),
    queryFn: ({ signal }) => getPromotionPlaces(uid, signal),
    staleTime: 5 * 60_000,
  });

export function usePromotionPlaces(uid: string) {
  return useQuery(promotionPlacesQuery(uid));
}
