import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redemption } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshAfterTake } from './refresh-after-take';

export type CouponCode = { code: string; redemption: Redemption };

/** `POST v5/programs/{p}/promotions/{uid}/coupon/get-code/`: 400 and 406 carry a body. */
export function getCouponCode(programUid: string, uid: string): Promise<CouponCode> {
  return api.post<CouponCode>(`v5/programs/${programUid}/promotions/${uid}/coupon/get-code/`, {});
}

/** A code takes a unit like a purchase does. */
export function useGetCouponCode(
  programUid: string,
  uid: string,
  { onSuccess, ...config }: MutationConfig<CouponCode> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => getCouponCode(programUid, uid),
    onSuccess: (...args) => {
      refreshAfterTake(queryClient, programUid);
      return onSuccess?.(...args);
    },
  });
}
