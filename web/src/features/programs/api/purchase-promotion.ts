import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redemption } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshAfterTake } from './refresh-after-take';

/** `POST v5/me/programs/{p}/promotions/{uid}/purchase/`: one unit bought with coins, ACTIVE with its code. */
export function purchasePromotion(programUid: string, uid: string): Promise<Redemption> {
  return api.post<Redemption>(`v5/me/programs/${programUid}/promotions/${uid}/purchase/`, {});
}

export function usePurchasePromotion(
  programUid: string,
  uid: string,
  { onSuccess, ...config }: MutationConfig<Redemption> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => purchasePromotion(programUid, uid),
    onSuccess: (...args) => {
      refreshAfterTake(queryClient, programUid);
      return onSuccess?.(...args);
    },
  });
}
