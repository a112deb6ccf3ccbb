import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/client';
import { adminPromotionKeys } from '../../../../api/query-keys/admin';

/** `DELETE v5/admin/promotions/{uid}/?version=`: only a promotion no member ever took. */
export function deletePromotion({ uid, version }: { uid: string; version: number }) {
  return api.delete<null>(`v5/admin/promotions/${uid}/`, { query: { version } });
}

export function useDeletePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePromotion,
    onSuccess: (_, { uid }) => {
      client.removeQueries({ queryKey: adminPromotionKeys.one(uid) });
      return client.invalidateQueries({ queryKey: adminPromotionKeys.all() });
    },
  });
}
