import { z } from 'zod';
import { money } from '../catalog/money';
import { formMessages } from '../messages';
import { cardInput, paymentMethod } from '../orders/schemas';

export const promotionKind = z.enum([
  'DISCOUNT_RATE',
  'FIXED_DISCOUNT',
  'GIFT',
  'SPECIAL_PRICE',
  'GIFT_CARD',
  'STAMPS',
]);
export type PromotionKind = z.infer<typeof promotionKind>;

/** The member's state for a promotion, as the spec's promotion states name them. */
export const promotionState = z.enum([
  'not_acquired',
  'active',
  /** Bought by card, the payment not decided yet. */
  'payment_in_process',
  'already_used',
  'no_longer_usable',
  'limit_exceeded',
  'out_of_stock',
]);
export type PromotionState = z.infer<typeof promotionState>;

/** What a promotion is and what it offers for what: the member's and the back office's records alike. */
export const promotionOffer = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  kind: promotionKind,
  /** Percent, e.g. 15 or 12.5. */
  rate_discount: z.number().nullable(),
  fixed_discount: money.nullable(),
  special_price: money.nullable(),
  gift_card_amount: money.nullable(),
  stamps_required: z.number().int().nullable(),
  coin_price: z.number().int(),
  /** Money price paid by card (then no coins); null: not sold for money. */
  price: money.nullable(),
});
export type PromotionOffer = z.infer<typeof promotionOffer>;

export const promotion = z.object({
  uid: z.string(),
  program: z.string(),
  ...promotionOffer.shape,
  /**
   * The detail of a money-priced promotion: the company's online card methods to pay it with
   * (the same shape as checkout-options). Absent in lists.
   */
  card_methods: z.array(paymentMethod).optional(),
  /** Units left; null is unlimited. */
  stock: z.number().int().nullable(),
  limit_per_member: z.number().int().nullable(),
  max_amount: money.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  places: z.array(z.object({ uid: z.string(), name: z.string(), address: z.string() })),
  /** For the member asking. */
  state: promotionState,
  member_uses: z.number().int(),
});
export type Promotion = z.infer<typeof promotion>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
export const promotionsQuery = z.object({
  kind: promotionKind.optional(),
  search: z.string().max(100).optional(),
  place: z.string().optional(),
  tag: z.string().max(50).optional(),
  tagged: flag.optional(),
  ordering: z
    .enum(['-rate_discount', 'rate_discount', 'name', '-name', 'coin_price', '-coin_price'])
    .optional(),
});

/** PENDING: bought by card, the payment not decided yet (the unit is held meanwhile). */
export const redemptionStatus = z.enum(['PENDING', 'ACTIVE', 'USED', 'CANCELLED']);
export const redemptionPaymentStatus = z.enum([
  'IN_PROCESS',
  'PAID',
  'REJECTED',
  'REFUND_PENDING',
  'REFUNDED',
]);
export const redemption = z.object({
  uid: z.string(),
  program: z.string(),
  promotion: z.object({ uid: z.string(), name: z.string(), kind: promotionKind }),
  status: redemptionStatus,
  amount: money.nullable(),
  coins_spent: z.number().int(),
  stamps_spent: z.number().int(),
  /** Bought by card: the amount charged and its payment; null otherwise. */
  price_paid: money.nullable(),
  payment_status: redemptionPaymentStatus.nullable(),
  code: z.string(),
  created_at: z.string(),
  used_at: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemption>;
export const redemptionsQuery = z.object({
  status: redemptionStatus.optional(),
  promotion: z.string().optional(),
});

/** `POST v5/redemption-by-user/`: the member redeems at the venue; `amount` is the consumption, checked against the maximum. */
export const redemptionInput = z.object({
  program_promotion: z.string().min(1, formMessages.required),
  amount: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.positiveNumber)
    .optional(),
  /**
   * The place the member stands at (one of the promotion's places), so the redemption shows in
   * that place's staff activity; optional for the spec's clients, which send none.
   */
  place: z.string().trim().max(64).optional(),
});
export type RedemptionInput = z.infer<typeof redemptionInput>;

/**
 * Body of `POST v5/me/programs/{program}/promotions/{uid}/purchase/`: empty for a coin price; for a
 * money price, one of the promotion's `card_methods` and the card as the provider's fields made it
 * (the order body's strict card shape: a card number is refused).
 */
export const promotionPurchaseInput = z
  .object({
    payment_method: z.string().min(1, formMessages.required).max(100).optional(),
    card: cardInput.optional(),
  })
  .strict();
export type PromotionPurchaseInput = z.input<typeof promotionPurchaseInput>;

/** `POST v5/programs/{p}/promotions/{uid}/coupon/get-code/`. */
export const couponCode = z.object({ code: z.string(), redemption });

/**
 * Whether staff need the client's proof of presence to redeem this promotion for them: it uses
 * up something the client owns or is limited to (their coins, stamps, a unit they hold, bought
 * by card or not, or a use of a per-member limit). A free promotion anyone may use as often as
 * they like needs none. The server applies the same rule inside the redemption's transaction.
 */
export function redemptionNeedsPresence(
  p: Pick<Promotion, 'coin_price' | 'kind' | 'limit_per_member' | 'price' | 'state'>,
): boolean {
  return (
    p.coin_price > 0 ||
    p.kind === 'STAMPS' ||
    p.limit_per_member !== null ||
    p.price !== null ||
    p.state === 'active'
  );
}
