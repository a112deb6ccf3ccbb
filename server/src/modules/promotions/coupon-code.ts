import { loyaltyMessages } from '@store/contract';
import type { MemberScope } from '../../scope/scope';
import { DetailError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { takePromotion } from './take';

/**
 * Coupon code of a promotion: acquires one unit (paying its coin price, if any)
 * and answers its code; asking again answers the code already held. 406 when
 * the promotion itself cannot give codes any more (ended, switched off, stock
 * exhausted); 400 for the member's own rules (limit, coins, stamps, membership).
 */
export async function getCouponCode(scope: MemberScope, programUid: string, promotionUid: string) {
  try {
    const unit = await takePromotion(scope, scope.user.uid, { programUid, promotionUid }, 'code', {
      notFound: () => new NotFoundError(loyaltyMessages.promotionNotFound),
    });
    return { code: unit.code, redemption: unit };
  } catch (error) {
    const code = error instanceof ValidationError ? error.firstCode() : undefined;
    if (code === loyaltyMessages.noLongerUsable || code === loyaltyMessages.stockExhausted)
      throw new DetailError(406, code);
    throw error;
  }
}
