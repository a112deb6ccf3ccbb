import { eq } from 'drizzle-orm';
import {
  centsToMoney,
  coinOrderMessages,
  offeredPickupSlot,
  orderMessages,
  type OrderQuote,
  type OrderQuoteInput,
} from '@store/contract';
import { areas, places, type StoredCartLine } from '../../db/schema';
import { detailBody, HttpError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
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
import { ofTenant } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';

type PlaceRow = typeof places.$inferSelect;
type AreaRow = typeof areas.$inferSelect;

/** Everything the server decided about an order before anything is written. */
export type PricedOrder = {
  place: PlaceRow;
  company: CompanyRow;
  stored: StoredCartLine[];
  /** coinPrice: coins per unit on a coins order. */
  lines: (PricedLine & { coinPrice: number })[];
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  taxesCents: number;
  totalCents: number;
  tax: TaxRule;
  coupon: CouponRow | null;
  paymentMethod: PaymentMethodRow | null;
  area: AreaRow | null;
  distanceMeters: number | null;
  pickup: { date: string; start: string; end: string } | null;
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
  options: { requirePayment: boolean },
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
  const [{ company, tax, methods }, sold] = await Promise.all([
    checkoutSettingsOf(db, app.uid, place.companyUid),
    soldAt(
      db,
      app.uid,
      place.uid,
      input.products.map((l) => l.uid),
    ),
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
  let pickup: PricedOrder['pickup'] = null;
  if (input.shipping_type === 'delivery' && input.delivery && !paidWithCoins) {
    const d = input.delivery;
    if (isUid(d.area))
      [area] = await db
        .select()
        .from(areas)
        .where(ofTenant({ app }, areas, eq(areas.uid, d.area)));
    if (!area) add('delivery.area', orderMessages.areaNotFound);
    try {
      const fare = deliveryFare(place, await deliveryOf(db, app.uid, place.uid), d);
      deliveryCents = fare.fareCents;
      distanceMeters = fare.meters;
    } catch (err) {
      collect(err);
    }
  } else if (input.shipping_type === 'pickup' && !place.pickupEnabled) {
    add('shipping_type', orderMessages.pickupDisabled);
  } else if (input.shipping_type === 'pickup' && input.pickup) {
    pickup = offeredPickupSlot(place.timetable, now, input.pickup);
    if (!pickup) add('pickup.start', orderMessages.slotUnavailable);
  }

  let paymentMethod: PaymentMethodRow | null = null;
  const onlineAccepted = methods.some((m) => m.type === 'ONLINE_CARD');
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
  if (options.requirePayment && paymentMethod) {
    // The card itself (number, expiry) is checked by the provider's fields in the browser; we get a token.
    const card = input.card;
    if (paymentMethod.type === 'ONLINE_CARD' && !card) add('card', orderMessages.cardRequired);
    if (paymentMethod.type !== 'ONLINE_CARD' && card && onlineAccepted)
      add('card', orderMessages.cardNotExpected);
  }

  let coupon: CouponRow | null = null;
  let discountCents = 0;
  if (input.coupon && !paidWithCoins) {
    try {
      coupon = await usableCoupon(db, app.uid, company.uid, input.coupon, userUid, now);
      checkCouponMinimum(coupon, priced.subtotalCents);
      discountCents = couponDiscountCents(coupon, priced.subtotalCents);
    } catch (err) {
      if (!(err instanceof CouponError)) throw err;
      coupon = null;
      add('coupon', err.message);
    }
  }

  // Amounts are 32-bit cents in the database; an absurd order is refused, not a 500.
  if (priced.subtotalCents + deliveryCents > 1_000_000_000)
    add('non_field_errors', orderMessages.amountTooLarge);
  if (coinTotal > 100_000_000) add('non_field_errors', orderMessages.amountTooLarge);
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
      })),
      subtotalCents: 0,
      discountCents: 0,
      deliveryCents: 0,
      taxesCents: 0,
      totalCents: 0,
      tax,
      coupon: null,
      paymentMethod,
      area: null,
      distanceMeters: null,
      pickup,
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
    lines: priced.lines.map((l) => ({ ...l, coinPrice: 0 })),
    subtotalCents: priced.subtotalCents,
    discountCents,
    deliveryCents,
    taxesCents,
    totalCents,
    tax,
    coupon,
    paymentMethod,
    area,
    distanceMeters,
    pickup,
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
    })),
    subtotal: centsToMoney(p.subtotalCents),
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
