import {
  centsToMoney,
  type Promotion,
  type PromotionOffer,
  type PromotionState,
  type Redemption,
} from '@store/contract';
import type { promotions, redemptions } from '../../db/schema';
import type { Uses } from './availability';

type PromotionRow = typeof promotions.$inferSelect;
type RedemptionRow = typeof redemptions.$inferSelect;

/** The member's state for a promotion; the order of the checks is the order redemption applies them. */
export function stateOf(p: PromotionRow, uses: Uses, now: Date): PromotionState {
  if (!p.isActive || (p.endsAt && p.endsAt <= now)) return 'no_longer_usable';
  if (uses.active > 0) return 'active';
  if (uses.pending > 0) return 'payment_in_process';
  if (p.limitPerMember !== null && uses.taken >= p.limitPerMember)
    return p.limitPerMember === 1 ? 'already_used' : 'limit_exceeded';
  if (p.stockTotal !== null && p.stockTaken >= p.stockTotal) return 'out_of_stock';
  return 'not_acquired';
}

const money = (cents: number | null) => (cents === null ? null : centsToMoney(cents));

/** What a promotion offers for what, as the member's and the back office's records both say it. */
export function offerToApi(p: PromotionRow): PromotionOffer {
  return {
    name: p.name,
    description: p.description,
    image: p.image,
    kind: p.kind,
    rate_discount: p.rateDiscountBp === null ? null : p.rateDiscountBp / 100,
    fixed_discount: money(p.fixedDiscountCents),
    special_price: money(p.specialPriceCents),
    gift_card_amount: money(p.giftCardAmountCents),
    stamps_required: p.stampsRequired,
    coin_price: p.coinPrice,
    price: money(p.priceCents),
  };
}

export function promotionToApi(
  p: PromotionRow,
  uses: Uses,
  placeList: Promotion['places'],
  now: Date,
  cardMethods?: Promotion['card_methods'],
): Promotion {
  return {
    uid: p.uid,
    program: p.programUid,
    ...offerToApi(p),
    ...(cardMethods ? { card_methods: cardMethods } : {}),
    stock: p.stockTotal === null ? null : p.stockTotal - p.stockTaken,
    limit_per_member: p.limitPerMember,
    max_amount: money(p.maxAmountCents),
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    tags: p.tags,
    featured: p.featured,
    places: placeList,
    state: stateOf(p, uses, now),
    member_uses: uses.taken,
  };
}

export function redemptionToApi(
  r: RedemptionRow,
  p: Pick<PromotionRow, 'uid' | 'name' | 'kind'>,
): Redemption {
  return {
    uid: r.uid,
    program: r.programUid,
    promotion: { uid: p.uid, name: p.name, kind: p.kind },
    status: r.status,
    amount: r.amountCents === null ? null : centsToMoney(r.amountCents),
    coins_spent: r.coinsSpent,
    stamps_spent: r.stampsSpent,
    price_paid: r.paidCents === null ? null : centsToMoney(r.paidCents),
    payment_status: r.paymentStatus,
    code: r.code,
    created_at: r.createdAt.toISOString(),
    used_at: r.usedAt?.toISOString() ?? null,
  };
}
