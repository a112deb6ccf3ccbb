import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

/** `GET v5/me/programs/{p}/promotions/{uid}/related/`: up to 12 other promotions. */
export function getRelatedPromotions(programUid: string, uid: string, signal?: AbortSignal) {
  return api.get<Promotion[]>(`v5/me/programs/${programUid}/promotions/${uid}/related/`, {
    signal,
  });
}

export const relatedPromotionsQuery = (programUid: string, uid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.relatedPromotions(programUid, uid),
    queryFn: ({ signal }) => getRelatedPromotions(programUid, uid, signal),
  });

export function useRelatedPromotions(programUid: string, uid: string) {
  return useQuery(relatedPromotionsQuery(programUid, uid));
}
