import { loyaltyMessages, type PromotionPurchaseInput, type Redemption } from '@store/contract';
import { NotFoundError } from '../../lib/http-errors';
import { purchaseByCard, type CardPurchaseScope } from './card-purchase';
import { takePromotion } from './take';

/**
 * `POST v5/me/programs/{program}/promotions/{uid}/purchase/`: the member buys one unit, with
 * coins (empty body) or, for a money-priced promotion, by card (card-purchase.ts); it is ACTIVE
 * until used at the venue. A free promotion is not for sale; a document-only session spends nothing.
 */
export function purchasePromotion(
  scope: CardPurchaseScope,
  programUid: string,
  promotionUid: string,
  input: PromotionPurchaseInput = {},
  idempotencyKey?: string,
): Promise<Redemption> {
  if (input.payment_method !== undefined || input.card !== undefined)
    return purchaseByCard(scope, programUid, promotionUid, input, idempotencyKey);
  return takePromotion(scope, scope.user.uid, { programUid, promotionUid }, 'purchase', {
    notFound: () => new NotFoundError(loyaltyMessages.promotionNotFound),
  });
}
