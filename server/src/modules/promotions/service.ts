/**
 * The promotions module as other modules use it. Each part lives in its own
 * file: listing.ts (the member's catalogue of promotions), take.ts (taking a
 * unit: purchase with coins, redemption at the venue, coupon codes),
 * redemptions.ts (the member's units), coupon-code.ts, availability.ts (when
 * a promotion is usable, the member's uses), serialize.ts.
 */
export { getPromotion, listPromotions, type PromotionFilters } from './listing';
export { takePromotion, type TakeMode, type TakeOptions } from './take';
export { listRedemptions, parseAmount } from './redemptions';
export { getCouponCode } from './coupon-code';
export { stateOf } from './serialize';
