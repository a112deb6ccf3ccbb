import { loyaltyMessages } from '@store/contract/loyalty/messages';
import type { ErrorCode } from '@store/contract/errors/catalogue';
import type { ApiError } from '../api/client';

const NON_FIELD_ERRORS = 'non_field_errors';
import type { MemberLevel } from '@store/contract/loyalty/programs';
import type { Promotion, PromotionState } from '@store/contract/loyalty/promotions';

/**
 * The messages of a failed loyalty call, as message refs (see lib/error-text): 400 bodies are
 * `{non_field_errors: [...], field: [...]}`, 404 and 406 `{code, detail}`. Empty when the answer
 * carries none (network failures, 500): the caller shows its generic message.
 */
export function errorMessagesOf(error: ApiError): string[] {
  const detail = error.detailMessage;
  if (detail !== undefined) return error.status > 0 && error.status < 500 ? [detail] : [];
  const fields = error.fieldErrors;
  const out = [...(fields[NON_FIELD_ERRORS] ?? [])];
  for (const [key, messages] of Object.entries(fields))
    if (key !== NON_FIELD_ERRORS) out.push(...messages);
  return [...new Set(out)];
}

/** Where the level bar stands: 0-100 towards the next level (100 at the top level). */
export function levelProgress(level: MemberLevel, points: number): number {
  if (!level.next) return 100;
  const from = level.current?.min_points ?? 0;
  const span = level.next.min_points - from;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((points - from) / span) * 100)));
}

const REFRESH_MARGIN_MS = 30_000;
const MIN_REFRESH_MS = 10_000;
const MAX_REFRESH_MS = 10 * 60_000;

/**
 * When to ask for a new QR: 30 s before it expires, so the code on screen is never a dead
 * one. Bounded both ways: a clock that disagrees with the server's (or an expired answer)
 * never makes the page ask in a tight loop, and a long-lived one is still renewed.
 */
export function qrRefreshDelay(expiresAt: string, now: number): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return MIN_REFRESH_MS;
  return Math.max(MIN_REFRESH_MS, Math.min(MAX_REFRESH_MS, expires - now - REFRESH_MARGIN_MS));
}

/** When a QR asked for now is renewed (qrRefreshDelay's moment), to count down to it on screen. */
export function qrRenewsAt(expiresAt: string, fetchedAt: number): number {
  return fetchedAt + qrRefreshDelay(expiresAt, fetchedAt);
}

/** What a promotion gives, for its badge: the i18n key under programs.value and its figure. */
export function promotionValue(
  p: Pick<
    Promotion,
    | 'kind'
    | 'rate_discount'
    | 'fixed_discount'
    | 'special_price'
    | 'gift_card_amount'
    | 'stamps_required'
  >,
):
  | { key: 'rate'; value: number }
  | { key: 'fixed' | 'special' | 'giftCard'; value: string }
  | { key: 'stamps'; value: number }
  | { key: 'gift' } {
  switch (p.kind) {
    case 'DISCOUNT_RATE':
      return p.rate_discount !== null ? { key: 'rate', value: p.rate_discount } : { key: 'gift' };
    case 'FIXED_DISCOUNT':
      return p.fixed_discount !== null
        ? { key: 'fixed', value: p.fixed_discount }
        : { key: 'gift' };
    case 'SPECIAL_PRICE':
      return p.special_price !== null
        ? { key: 'special', value: p.special_price }
        : { key: 'gift' };
    case 'GIFT_CARD':
      return p.gift_card_amount !== null
        ? { key: 'giftCard', value: p.gift_card_amount }
        : { key: 'gift' };
    case 'STAMPS':
      return { key: 'stamps', value: p.stamps_required ?? 0 };
    default:
      return { key: 'gift' };
  }
}

/** States in which the member can still take or use the promotion. */
export function isUsableState(state: PromotionState): boolean {
  return state === 'not_acquired' || state === 'active';
}

/** The message (code) that explains why a promotion cannot be used, for the states that block it. */
export function blockedMessage(state: PromotionState): ErrorCode | undefined {
  switch (state) {
    case 'already_used':
      return loyaltyMessages.alreadyUsed;
    case 'limit_exceeded':
      return loyaltyMessages.limitExceeded;
    case 'out_of_stock':
      return loyaltyMessages.stockExhausted;
    case 'no_longer_usable':
      return loyaltyMessages.noLongerUsable;
    default:
      return undefined;
  }
}

export type Balances = { points: number; coins: number; stamps: number };

export type PromotionActions = {
  /** Buy one unit with coins now (coin-priced promotion the member does not hold yet). */
  purchase: boolean;
  /** Buy one unit by card (money-priced promotion the member does not hold yet). */
  buyByCard: boolean;
  /** Ask for a coupon code (a free promotion the member does not hold yet). */
  getCode: boolean;
  /** Run the activation steps at the venue. */
  activate: boolean;
  /** Coins still missing for the coin price (0 when enough or free). */
  coinsMissing: number;
  /** Stamps still missing for a STAMPS promotion (0 when enough). */
  stampsMissing: number;
};

/**
 * What the member can do with a promotion now. A held unit (state active) is shown and used;
 * one not held yet is bought with coins, asked as a code when free, or taken at the venue,
 * which also pays its coins or stamps, so missing coins or stamps block all three.
 */
export function promotionActions(
  p: Pick<Promotion, 'state' | 'coin_price' | 'kind' | 'stamps_required'> &
    Partial<Pick<Promotion, 'price'>>,
  balances: Balances,
  isMember: boolean,
): PromotionActions {
  const none: PromotionActions = {
    purchase: false,
    buyByCard: false,
    getCode: false,
    activate: false,
    coinsMissing: 0,
    stampsMissing: 0,
  };
  if (!isMember || !isUsableState(p.state)) return none;
  if (p.state === 'active') return { ...none, activate: true };
  // A money-priced unit is only ever had by paying it: no code, no taking it at the venue.
  if (p.price != null) return { ...none, buyByCard: true };
  const coinsMissing = p.coin_price > 0 ? Math.max(0, p.coin_price - balances.coins) : 0;
  const stampsMissing =
    p.kind === 'STAMPS' ? Math.max(0, (p.stamps_required ?? 0) - balances.stamps) : 0;
  const affordable = coinsMissing === 0 && stampsMissing === 0;
  return {
    purchase: p.coin_price > 0 && affordable,
    buyByCard: false,
    getCode: p.coin_price === 0 && affordable,
    activate: affordable,
    coinsMissing,
    stampsMissing,
  };
}

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

function toCents(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The consumption amount typed at the venue (optional): a positive number with up to two
 * decimals, not above the promotion's maximum. Answers the problem, or null when fine.
 */
export function consumptionError(
  amount: string,
  max: string | null,
): 'invalid' | 'amountExceedsMaximum' | null {
  const value = amount.trim().replace(',', '.');
  if (value === '') return null;
  if (!AMOUNT.test(value)) return 'invalid';
  if (max !== null && toCents(value) > toCents(max)) return 'amountExceedsMaximum';
  return null;
}

/** The amount as the server takes it ("12.50"), or undefined when none was typed. */
export function consumptionAmount(amount: string): string | undefined {
  const value = amount.trim().replace(',', '.');
  return value === '' ? undefined : value;
}

export { blockLinkKind } from './block-link';
