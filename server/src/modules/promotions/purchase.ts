import { loyaltyMessages, type Redemption } from '@store/contract';
import type { MemberScope } from '../../scope/scope';
import { NotFoundError } from '../../lib/http-errors';
import { isLimitedSession } from '../../plugins/auth';
import { takePromotion } from './take';

/**
 * `POST v5/me/programs/{program}/promotions/{uid}/purchase/`: the member buys
 * one unit with coins; it is ACTIVE until used at the venue. A free promotion
 * is not for sale; a document-only session spends nothing.
 */
export function purchasePromotion(
  scope: MemberScope,
  programUid: string,
  promotionUid: string,
): Promise<Redemption> {
  return takePromotion(scope, scope.user.uid, { programUid, promotionUid }, 'purchase', {
    notFound: () => new NotFoundError(loyaltyMessages.promotionNotFound),
    limitedSession: isLimitedSession(scope.sessionMethod),
  });
}
