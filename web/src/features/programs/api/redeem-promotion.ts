import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redemption } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshAfterTake } from './refresh-after-take';

export type RedeemPromotionInput = { program_promotion: string; amount?: string; place?: string };

/**
 * `POST v5/redemption-by-user/`: the member redeems at the venue; amount is the consumption, place
 * the one the member stands at (so the redemption shows in that place's staff activity).
 */
export function redeemPromotion(body: RedeemPromotionInput): Promise<Redemption> {
  return api.post<Redemption>('v5/redemption-by-user/', body);
}

export function useRedeemPromotion(
  programUid: string,
  { onSuccess, ...config }: MutationConfig<Redemption, RedeemPromotionInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: redeemPromotion,
    onSuccess: (...args) => {
      refreshAfterTake(queryClient, programUid);
      return onSuccess?.(...args);
    },
  });
}
