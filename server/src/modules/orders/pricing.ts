import {
  applyDiscounts,
  BOLETA_ID_REQUIRED_ABOVE_CENTS,
  receiptMessages,
  centsToMoney,
  coinOrderMessages,
  formMessages,
  isOnlinePayment,
  offeredPickupSlot,
  orderMessages,
  type OrderQuote,
  type OrderQuoteInput,
  type AppliedDiscount,
  openingHoursOf,
  acceptanceLimit,
  closedNow,
  formatMessage,
} from '@store/contract';
import { activeRulesOf, memberLevelsOf } from './discounts';
import { areas, places, type OrderLocationFlag, type StoredCartLine } from '../../db/schema';
import { detailBody, HttpError, ValidationError } from '../../lib/http-errors';
import { checkLines, priceLinesInCents, soldAt, type PricedLine } from '../cart/lines';
import { coinsMethodRow, coinsMethodUid, hasCoinProgram, isCoinLine } from './coins';
import {
  checkCouponMinimum,
  checkoutSettingsOf,
  CouponError,
  couponDiscountCents,
  deliveryFare,
  deliveryOf,
  taxToApi,
  usableCoupon,
  type CompanyRow,
  type CouponRow,
  type PaymentMethodRow,
  type TaxRule,
} from './settings';
import { type CouponGuard, unguarded } from './coupon-guesses';
import type { Scope } from '../../scope/scope';
import { areasForPoint, judgeDeliveryPoint, placeReachesArea } from './delivery-point';

type PlaceRow = typeof places.$inferSelect;
type AreaRow = typeof areas.$inferSelect;

/** Everything the server decided about an order before anything is written. */
export type PricedOrder = {
  place: PlaceRow;
  company: CompanyRow;
  stored: StoredCartLine[];
  /** coinPrice: coins per unit on a coins order; discountCents: what automatic discounts took off it. */
  lines: (PricedLine & { coinPrice: number; discountCents: number })[];
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  taxesCents: number;
  totalCents: number;
  tax: TaxRule;
  coupon: CouponRow | null;
  /** The automatic discounts applied, each shown on its own line; their sum is part of discountCents. */
  discounts: AppliedDiscount[];
  /** Of those, the rules with a limited number of uses: each takes one use in the order's transaction. */
  limitedRuleUids: string[];
  paymentMethod: PaymentMethodRow | null;
  area: AreaRow | null;
  distanceMeters: number | null;
  /** A doubt about the delivery point, for staff (orders/delivery-point.ts). */
  locationFlag: OrderLocationFlag | null;
  pickup: { date: string; start: string; end: string } | null;
  /** The order's `accept_by` (contract `acceptanceLimit`): open minutes, a pickup by its slot's end. */
  acceptBy: Date | null;
  /** A cart of redeemable products: paid with COINS, its money amounts are all 0. */
  paidWithCoins: boolean;
  coinTotal: number;
};

/**
 * Step 1 of checkout, writing nothing: checks every part of the order and
 * prices it from the catalogue and the company's settings. All field
 * problems are answered together; the spec's delivery and card messages are
 * non-field errors. Stock is not checked here: it is taken, atomically,
 * when the order is written.
 */
export async function priceOrder(
  scope: Pick<Scope, 'db' | 'app' | 'user'>,
  place: PlaceRow,
  input: OrderQuoteInput & { card?: unknown },
  now: Date,
  options: {
    requirePayment: boolean;
    /** How a code the client sent is looked up (the coupon-code limits); as it is otherwise. */
    couponGuard?: CouponGuard;
  },
): Promise<PricedOrder> {
  const { db, app } = scope;
  // The member's own coupon uses count when one is signed in; a visitor's quote counts none.
  const userUid = scope.user?.uid ?? null;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const collect = (err: unknown) => {
    if (err instanceof ValidationError)
      for (const [k, v] of Object.entries(err.fields)) for (const m of v) add(k, m);
    else throw err;
  };

  // Settings and products are read side by side: neither depends on the other.
  const [{ company, tax, methods }, sold, rules] = await Promise.all([
    checkoutSettingsOf(db, app.uid, place.companyUid),
    soldAt(
      db,
      app.uid,
      place.uid,
      input.products.map((l) => l.uid),
    ),
    activeRulesOf(db, app.uid, place.companyUid),
  ]);
  if (!company.ecommerceEnabled) throw new ValidationError(orderMessages.ecommerceDisabled);
  // The owner's pause (back office) holds every order at the place until switched back.
  if (place.ordersPaused) throw new ValidationError(orderMessages.placePaused);

  let stored: StoredCartLine[] = [];
  try {
    stored = checkLines(input.products, sold, { checkStock: false });
  } catch (err) {
    collect(err);
  }
  const priced = priceLinesInCents(stored, sold);
  // All-coins or all-money: one payment per order keeps refunds and cancellations whole.
  const coinLines = priced.lines.filter(isCoinLine);
  const paidWithCoins = coinLines.length > 0;
  if (paidWithCoins && coinLines.length !== priced.lines.length)
    add('non_field_errors', coinOrderMessages.mixedCart);
  if (paidWithCoins && priced.lines.some((l) => l.optionsCents > 0))
    add('non_field_errors', coinOrderMessages.pricedOptions);
  if (paidWithCoins && input.shipping_type === 'delivery')
    add('shipping_type', coinOrderMessages.pickupOnly);
  if (paidWithCoins && input.coupon) add('coupon', coinOrderMessages.noCoupon);
  const coinTotal = paidWithCoins
    ? coinLines.reduce((sum, l) => sum + l.item.product.coinPrice! * l.line.quantity, 0)
    : 0;

  let deliveryCents = 0;
  let distanceMeters: number | null = null;
  let area: AreaRow | null = null;
  let locationFlag: OrderLocationFlag | null = null;
  let pickup: PricedOrder['pickup'] = null;
  if (input.shipping_type === 'delivery' && !paidWithCoins) {
    // A delivery goes out as soon as possible: not while the place is closed (issue 36 row 5),
    // when nobody would cook or send it. The checkout offers the next pickup slots instead.
    const closed = closedNow(openingHoursOf(place.timetable), now);
    if (closed)
      add(
        'shipping_type',
        closed.day === null
          ? orderMessages.closedDelivery
          : formatMessage(orderMessages.closedNowDelivery, {
              day: closed.day === 'today' ? '' : closed.day,
              time: closed.time,
            }),
      );
  }
  if (input.shipping_type === 'delivery' && input.delivery && !paidWithCoins) {
    const d = input.delivery;
    const [known, delivery] = await Promise.all([
      areasForPoint(db, app.uid, d.area),
      deliveryOf(db, app.uid, place.uid),
    ]);
    area = known.chosen;
    // A place delivers only in the areas it reaches (issue 36): another city is not one of them.
    if (area && !placeReachesArea(place, area, delivery?.maxRadiusMeters ?? 0)) area = null;
    if (!area) add('delivery.area', orderMessages.areaNotFound);
    try {
      const fare = deliveryFare(place, delivery, d);
      deliveryCents = fare.fareCents;
      distanceMeters = fare.meters;
    } catch (err) {
      collect(err);
    }
    if (area) {
      const verdict = judgeDeliveryPoint(area, known.outlined, d, distanceMeters);
      if (verdict.refused) add(verdict.refused.field, verdict.refused.message);
      else locationFlag = verdict.flag;
    }
  } else if (input.shipping_type === 'pickup' && !place.pickupEnabled) {
    add('shipping_type', orderMessages.pickupDisabled);
  } else if (input.shipping_type === 'pickup' && input.pickup) {
    pickup = offeredPickupSlot(openingHoursOf(place.timetable), now, input.pickup);
    if (!pickup) add('pickup.start', orderMessages.slotUnavailable);
  }

  const acceptBy = acceptanceLimit(
    openingHoursOf(place.timetable),
    now,
    app.orderAcceptanceMinutes,
    pickup,
  );

  let paymentMethod: PaymentMethodRow | null = null;
  const onlineAccepted = methods.some((m) => m.type === 'ONLINE_CARD');
  const yapeAccepted = methods.some((m) => m.type === 'YAPE');
  if (input.payment_method) {
    paymentMethod = methods.find((m) => m.uid === input.payment_method) ?? null;
    if (
      !paymentMethod &&
      input.payment_method === coinsMethodUid(company.uid) &&
      (await hasCoinProgram(db, app.uid, company.uid))
    )
      paymentMethod = coinsMethodRow(app.uid, company.uid);
    if (!paymentMethod) add('payment_method', orderMessages.paymentMethodNotFound);
    else if (paidWithCoins && paymentMethod.type !== 'COINS')
      add('payment_method', coinOrderMessages.coinsRequired);
    else if (!paidWithCoins && paymentMethod.type === 'COINS')
      add('payment_method', coinOrderMessages.onlyRedeemable);
  }
  if (input.card && !onlineAccepted) add('non_field_errors', orderMessages.noCardPayments);
  if (input.yape && !yapeAccepted) add('yape', orderMessages.yapeNotExpected);
  // A billing address is asked for unless the buyer picks the order up and pays at the counter.
  const paidAtCounter =
    input.shipping_type === 'pickup' && !!paymentMethod && !isOnlinePayment(paymentMethod.type);
  if (
    options.requirePayment &&
    'billing' in input &&
    input.billing &&
    !input.billing.address &&
    !paidAtCounter
  )
    add('billing.address', formMessages.required);
  if (options.requirePayment && paymentMethod) {
    // The card itself (number, expiry) is checked by the provider's fields in the browser; we get a token.
    const card = input.card;
    if (paymentMethod.type === 'ONLINE_CARD' && !card) add('card', orderMessages.cardRequired);
    if (paymentMethod.type !== 'ONLINE_CARD' && card && onlineAccepted)
      add('card', orderMessages.cardNotExpected);
    // Yape: the token of the phone and approval code (made by MercadoPago.js in the browser).
    if (paymentMethod.type === 'YAPE' && !input.yape) add('yape', orderMessages.yapeRequired);
    if (paymentMethod.type !== 'YAPE' && input.yape && yapeAccepted)
      add('yape', orderMessages.yapeNotExpected);
  }

  let coupon: CouponRow | null = null;
  if (input.coupon && !paidWithCoins) {
    const code = input.coupon;
    try {
      coupon = await (options.couponGuard ?? unguarded)(async () => {
        const found = await usableCoupon(db, app.uid, company.uid, code, userUid, now);
        checkCouponMinimum(found, priced.subtotalCents);
        return found;
      });
    } catch (err) {
      if (!(err instanceof CouponError)) throw err;
      coupon = null;
      add('coupon', err.message);
    }
  }
  // Automatic discounts first, then the coupon on what is left (a rule that does not stack
  // with coupons is set aside when one is used: docs/decisions.md "Automatic discounts").
  const auto = paidWithCoins
    ? { applied: [], lineDiscountCents: priced.lines.map(() => 0), totalCents: 0 }
    : applyDiscounts(
        rules,
        priced.lines.map((l) => ({
          productUid: l.line.uid,
          categoryUid: l.item.product.categoryUid,
          quantity: l.line.quantity,
          totalCents: l.totalCents,
        })),
        {
          now,
          placeUid: place.uid,
          memberLevels: await memberLevelsOf(db, app.uid, company.uid, userUid, rules),
          couponApplied: coupon !== null,
        },
      );
  const limitedRuleUids = auto.applied
    .filter((a) => rules.find((r) => r.uid === a.ruleUid)?.maxUses != null)
    .map((a) => a.ruleUid);
  const couponCents = coupon
    ? Math.min(
        couponDiscountCents(coupon, priced.subtotalCents - auto.totalCents),
        priced.subtotalCents - auto.totalCents,
      )
    : 0;
  const discountCents = auto.totalCents + couponCents;

  // Amounts are 32-bit cents in the database; an absurd order is refused, not a 500.
  if (priced.subtotalCents + deliveryCents > 1_000_000_000)
    add('non_field_errors', orderMessages.amountTooLarge);
  if (coinTotal > 100_000_000) add('non_field_errors', orderMessages.amountTooLarge);
  // A boleta above SUNAT's amount names the buyer (the document itself is checked by the schema).
  const receipt = input.receipt;
  if (
    !paidWithCoins &&
    options.requirePayment &&
    (!receipt || receipt.type === 'boleta') &&
    !receipt?.document_number &&
    priced.subtotalCents - discountCents + deliveryCents > BOLETA_ID_REQUIRED_ABOVE_CENTS
  )
    add('receipt.document_number', receiptMessages.documentRequired);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (paidWithCoins) {
    return {
      place,
      company,
      stored,
      lines: priced.lines.map((l) => ({
        ...l,
        unitPriceCents: 0,
        optionsCents: 0,
        totalCents: 0,
        coinPrice: l.item.product.coinPrice!,
        discountCents: 0,
      })),
      subtotalCents: 0,
      discountCents: 0,
      deliveryCents: 0,
      taxesCents: 0,
      totalCents: 0,
      tax,
      coupon: null,
      discounts: [],
      limitedRuleUids: [],
      paymentMethod,
      area: null,
      distanceMeters: null,
      locationFlag: null,
      pickup,
      acceptBy,
      paidWithCoins,
      coinTotal,
    };
  }
  const totalCents = priced.subtotalCents - discountCents + deliveryCents;
  // Prices include the tax: the tax is the part of the total above the net amount.
  const taxesCents = Math.round(
    (totalCents * tax.rateBasisPoints) / (10_000 + tax.rateBasisPoints),
  );
  return {
    place,
    company,
    stored,
    lines: priced.lines.map((l, i) => ({
      ...l,
      coinPrice: 0,
      discountCents: auto.lineDiscountCents[i],
    })),
    subtotalCents: priced.subtotalCents,
    discountCents,
    deliveryCents,
    taxesCents,
    totalCents,
    tax,
    coupon,
    discounts: auto.applied,
    limitedRuleUids,
    paymentMethod,
    area,
    distanceMeters,
    locationFlag,
    pickup,
    acceptBy,
    paidWithCoins,
    coinTotal,
  };
}

export function lineOptions(line: PricedLine) {
  return line.groups.flatMap((g) =>
    g.options.map((o) => ({ group: g.name, name: o.name, price_cents: o.priceCents })),
  );
}

export function quoteToApi(p: PricedOrder): OrderQuote {
  return {
    products: p.lines.map((l) => ({
      uid: l.line.uid,
      title: l.item.product.title,
      image: l.item.product.image,
      quantity: l.line.quantity,
      unit_price: centsToMoney(l.unitPriceCents),
      options_price: centsToMoney(l.optionsCents),
      total: centsToMoney(l.totalCents),
      options: lineOptions(l).map((o) => ({
        group: o.group,
        name: o.name,
        price: centsToMoney(o.price_cents),
      })),
      coin_price: l.coinPrice,
      discount: centsToMoney(l.discountCents),
    })),
    subtotal: centsToMoney(p.subtotalCents),
    discounts: p.discounts.map((d) => ({
      uid: d.ruleUid,
      name: d.name,
      amount: centsToMoney(d.amountCents),
    })),
    discount: centsToMoney(p.discountCents),
    delivery_price: centsToMoney(p.deliveryCents),
    taxes: centsToMoney(p.taxesCents),
    total: centsToMoney(p.totalCents),
    distance_km: p.distanceMeters === null ? null : Math.round(p.distanceMeters / 10) / 100,
    coupon: p.coupon?.code ?? null,
    tax: taxToApi(p.tax),
    coin_total: p.coinTotal,
  };
}

/** 409 when the total the buyer saw is not the server's: the new prices travel with it. */
export function priceChanged(p: PricedOrder): HttpError {
  return new HttpError(409, { ...detailBody(orderMessages.priceChanged), quote: quoteToApi(p) });
}
