/**
 * The promotions module as other modules use it. Each part lives in its own
 * file: listing.ts (the member's catalogue of promotions), take.ts (taking a
 * unit under the row locks, for every way of taking one: purchase.ts with
 * coins, venue-redemption.ts and the staff counter, coupon-code.ts),
 * redemptions.ts (the member's units), availability.ts (when a promotion is
 * usable, the member's uses), serialize.ts.
 */
export { getPromotion, listPromotions, type PromotionFilters } from './listing';
export { takePromotion, type TakeMode, type TakeOptions } from './take';
export { listRedemptions, parseAmount } from './redemptions';
export { stateOf } from './serialize';
