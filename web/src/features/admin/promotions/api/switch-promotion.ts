import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPromotion } from '@store/contract/admin/promotions';
import { api } from '../../../../api/client';
import { adminPromotionKeys } from '../../../../api/query-keys/admin';

/** `PATCH v5/admin/promotions/{uid}/`: switch off or on, with the version read. */
export function switchPromotion({
  uid,
  ...body
}: {
  uid: string;
  is_active: boolean;
  version: number;
}) {
  return api.patch<AdminPromotion>(`v5/admin/promotions/${uid}/`, body);
}

export function useSwitchPromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: switchPromotion,
    onSettled: () => client.invalidateQueries({ queryKey: adminPromotionKeys.all() }),
  });
}
