import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPromotion,
  AdminPromotionCreate,
  AdminPromotionUpdate,
} from '@store/contract/admin/promotions';
import { api } from '../../../../api/client';
import { adminPromotionKeys } from '../../../../api/query-keys/admin';

type Save = { uid: null; body: AdminPromotionCreate } | { uid: string; body: AdminPromotionUpdate };

/** `POST v5/admin/promotions/` (new) or `PUT v5/admin/promotions/{uid}/` (the whole form, with its version). */
export function savePromotion(save: Save) {
  return save.uid === null
    ? api.post<AdminPromotion>('v5/admin/promotions/', save.body)
    : api.put<AdminPromotion>(`v5/admin/promotions/${save.uid}/`, save.body);
}

export function useSavePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePromotion,
    onSuccess: (saved) => {
      client.setQueryData(adminPromotionKeys.one(saved.uid), saved);
      return client.invalidateQueries({ queryKey: adminPromotionKeys.all() });
    },
  });
}
