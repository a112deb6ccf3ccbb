import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPromotion } from '@store/contract/admin/promotions';
import { api } from '../../../../api/client';
import { adminPromotionKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/promotions/{uid}/`: one promotion with its version, for the editor. */
export function getPromotion(uid: string, signal?: AbortSignal) {
  return api.get<AdminPromotion>(`v5/admin/promotions/${uid}/`, { signal });
}

export const promotionQuery = (uid: string) =>
  queryOptions({
    queryKey: adminPromotionKeys.one(uid),
    queryFn: ({ signal }) => getPromotion(uid, signal),
  });

export function usePromotion(uid: string) {
  return useQuery(promotionQuery(uid));
}
