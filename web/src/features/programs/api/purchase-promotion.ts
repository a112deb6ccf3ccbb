import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionPurchaseInput, Redemption } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshAfterTake } from './refresh-after-take';

/**
 * `POST v5/me/programs/{p}/promotions/{uid}/purchase/`: one unit bought with coins (empty body)
 * or, for a money-priced promotion, by card (`{payment_method, card}`) with an Idempotency-Key,
 * so a retry after a lost answer is charged once. ACTIVE with its code, or PENDING while the
 * card payment is in process.
 */
export function purchasePromotion(
  programUid: string,
  uid: string,
  body: PromotionPurchaseInput = {},
  idempotencyKey?: string,
): Promise<Redemption> {
  return api.post<Redemption>(
    `v5/me/programs/${programUid}/promotions/${uid}/purchase/`,
    body,
    idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined,
  );
}

export type PurchaseVariables = { body?: PromotionPurchaseInput; idempotencyKey?: string } | void;

export function usePurchasePromotion(
  programUid: string,
  uid: string,
  { onSuccess, ...config }: MutationConfig<Redemption, PurchaseVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (variables: PurchaseVariables) =>
      purchasePromotion(programUid, uid, variables?.body, variables?.idempotencyKey),
    onSuccess: (...args) => {
      refreshAfterTake(queryClient, programUid);
      return onSuccess?.(...args);
    },
  });
}
