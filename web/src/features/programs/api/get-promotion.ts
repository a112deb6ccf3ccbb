import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

/** `GET v5/me/programs/{p}/promotions/{uid}/`: with the member's state. */
export function getPromotion(programUid: string, uid: string, signal?: AbortSignal) {
  return api.get<Promotion>(`v5/me/programs/${programUid}/promotions/${uid}/`, { signal });
}

export const promotionQuery = (programUid: string, uid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.promotion(programUid, uid),
    queryFn: ({ signal }) => getPromotion(programUid, uid, signal),
  });

export function usePromotion(programUid: string, uid: string) {
  return useQuery(promotionQuery(programUid, uid));
}
