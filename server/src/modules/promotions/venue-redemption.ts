import { loyaltyMessages, type Redemption } from '@store/contract';
import type { MemberScope } from '../../scope/scope';
import { ValidationError } from '../../lib/http-errors';
import { isLimitedSession } from '../../plugins/auth';
import { parseAmount } from './redemptions';
import { takePromotion } from './take';

/**
 * `POST v5/redemption-by-user/`: the member redeems at the venue, using their
 * oldest ACTIVE unit or taking one and using it at once. An unknown promotion
 * is a field error of `program_promotion`.
 */
export function redeemAtVenue(
  scope: MemberScope,
  promotionUid: string,
  amount: string | undefined,
): Promise<Redemption> {
  return takePromotion(scope, scope.user.uid, { promotionUid }, 'redeem', {
    amountCents: parseAmount(amount),
    limitedSession: isLimitedSession(scope.sessionMethod),
    notFound: () => new ValidationError({ program_promotion: [loyaltyMessages.promotionNotFound] }),
  });
}
