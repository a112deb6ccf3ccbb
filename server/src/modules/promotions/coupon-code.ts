import { loyaltyMessages, NON_FIELD_ERRORS } from '@store/contract';
import type { Database } from '../../db/client';
import type { AppRow } from '../tenancy/service';
import { HttpError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { takePromotion } from './take';

/**
 * Coupon code of a promotion: acquires one unit (paying its coin price, if any)
 * and answers its code; asking again answers the code already held. 406 when
 * the promotion itself cannot give codes any more (ended, switched off, stock
 * exhausted); 400 for the member's own rules (limit, coins, stamps, membership).
 */
export async function getCouponCode(
  db: Database,
  app: AppRow,
  userUid: string,
  programUid: string,
  promotionUid: string,
  limitedSession: boolean,
) {
  try {
    const unit = await takePromotion(db, app, userUid, { programUid, promotionUid }, 'code', {
      notFound: () => new NotFoundError(loyaltyMessages.promotionNotFound),
      limitedSession,
    });
    return { code: unit.code, redemption: unit };
  } catch (error) {
    const message =
      error instanceof ValidationError
        ? (error.body[NON_FIELD_ERRORS] as string[] | undefined)?.[0]
        : undefined;
    if (message === loyaltyMessages.noLongerUsable || message === loyaltyMessages.stockExhausted)
      throw new HttpError(406, { detail: message });
    throw error;
  }
}
