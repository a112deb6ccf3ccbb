import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  authMessages,
  canTransition,
  formatMessage,
  isCanceled,
  moneyToCents,
  orderMessages,
  paymentMethodType,
  type Order,
  type OrderActor,
  type OrderInput,
  type OrderStatus,
  couponMessages,
} from '@store/contract';
import type { Database, Tx } from '../../db/client';
import {
  areas,
  coupons,
  orderLines,
  orders,
  paymentMethods,
  placeProducts,
  places,
  shoppingCarts,
} from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import type { UserRow } from '../../plugins/auth';
import type { Mailer } from '../mail/mailer';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { PageWindow } from '../../lib/pagination';
import { findPlace } from '../places/service';
import { paymentProvider, type CardSource } from '../payments/provider';
import { lineOptions, priceChanged, priceOrder, type PricedOrder } from './pricing';
import { memberUses } from './settings';
import { orderToApi } from './serialize';
import { orderConfirmationMail } from './mail';
import { earnOrderPoints, reverseOrderPoints } from '../programs/order-points';
import { ensureCoinsMethod, lockCoins, memberCoinProgram, spendOrderCoins } from './coins';
import { takeStock } from './stock';
import { nextOrderNumber } from './numbers';
import { enforceUnpaidOrdersCap } from './unpaid-cap';

type OrderRow = typeof orders.$inferSelect;
export type CheckoutContext = {
  db: Database;
  app: AppRow;
  user: UserRow;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The member signed in with a document number alone: nothing may be paid with coins. */
  limitedSession?: boolean;
};

/**
 * `POST v5/places/{uid}/orders/` as steps with compensation:
 * 1. price   - check and price everything (writes nothing); a total other
 *              than the one the buyer saw is a 409 with the new prices;
 * 2. reserve - one transaction: the member's unpaid-orders cap (under their
 *              row lock), the order, its lines, the stock (conditional
 *              updates) and the coupon use; any failure rolls all back;
 * 3. charge  - online card only: authorize and capture with the provider;
 *              a decline undoes step 2 (stock and coupon back, order and
 *              lines deleted), so it leaves nothing behind;
 * 4. confirm - mark the order paid (a failure here refunds, then undoes 2)
 *              and empty the member's server cart at the place;
 * 5. notify  - the confirmation mail, sent after answering.
 * With an Idempotency-Key, a retry answers the order the first call made.
 */
export async function placeOrder(
  ctx: CheckoutContext,
  placeUid: string,
  input: OrderInput,
  idempotencyKey: string | undefined,
): Promise<Order> {
  const { db, app, user } = ctx;
  if (idempotencyKey) {
    const existing = await orderByKey(db, app.uid, user.uid, idempotencyKey);
    if (existing) return existing;
  }
  const place = await findPlace(db, app, placeUid);
  const now = new Date();

  // 1. price
  const priced = await priceOrder(db, app, place, input, user.uid, now, { requirePayment: true });
  if (priced.totalCents !== moneyToCents(input.expected_total)) throw priceChanged(priced);
  if (priced.paidWithCoins && input.expected_coin_total !== priced.coinTotal)
    throw priceChanged(priced);
  if (priced.paidWithCoins && ctx.limitedSession)
    throw new ForbiddenError(authMessages.limitedSession);
  const method = priced.paymentMethod!;
  const coinProgramUid = priced.paidWithCoins
    ? await memberCoinProgram(db, app.uid, priced.company.uid, user.uid)
    : null;

  // 2. reserve
  const orderUid = randomUUID();
  try {
    await db.transaction(async (tx) => {
      // Orders paid now (coins, or a card charged before answering) are not held against the unpaid cap.
      if (!priced.paidWithCoins && method.type !== 'ONLINE_CARD')
        await enforceUnpaidOrdersCap(tx, app, user.uid);
      await reserve(tx, app.uid, user.uid, orderUid, priced, input, idempotencyKey, coinProgramUid);
    });
  } catch (err) {
    if (idempotencyKey && isUniqueViolation(err, 'orders_idempotency_key')) {
      const first = await orderByKey(db, app.uid, user.uid, idempotencyKey);
      if (first) return first;
    }
    throw err;
  }

  // 3. charge, 4. confirm
  if (method.type === 'ONLINE_CARD') {
    const provider = paymentProvider(method.provider);
    const source = input.card as CardSource;
    let authorization: string;
    try {
      const result = await provider.authorize({
        amountCents: priced.totalCents,
        currency: priced.company.currencyCode,
        reference: orderUid,
        source,
      });
      if (!result.approved) {
        await release(db, app.uid, orderUid);
        throw new ValidationError(orderMessages.cardDeclined);
      }
      authorization = result.authorization;
      await provider.capture(authorization, priced.totalCents);
      await db
        .update(orders)
        .set({
          paymentStatus: 'PAID',
          paymentProvider: provider.name,
          paymentReference: authorization,
          cardLast4: result.last4,
          updatedAt: new Date(),
        })
        .where(and(eq(orders.appId, app.uid), eq(orders.uid, orderUid)));
    } catch (err) {
      if (err instanceof ValidationError) throw err;
      ctx.log.error({ err, order: orderUid }, 'payment failed; the order is undone');
      if (authorization!)
        await provider
          .refund(authorization, priced.totalCents)
          .catch((e) => ctx.log.error({ err: e }, 'refund failed'));
      await release(db, app.uid, orderUid);
      throw new ValidationError(orderMessages.cardDeclined);
    }
  }

  // As the spec's client does, a successful order empties the member's server cart at that place
  // (only now: a declined card must leave the cart as it was).
  await db
    .delete(shoppingCarts)
    .where(
      and(
        eq(shoppingCarts.appId, app.uid),
        eq(shoppingCarts.userUid, user.uid),
        eq(shoppingCarts.placeUid, place.uid),
      ),
    );

  // 5. notify
  const order = (await findOrder(db, app.uid, orderUid))!;
  ctx.mailer.sendLater(
    app.uid,
    orderConfirmationMail(app.name, order.billing!.email, order, priced.company.currencySymbol),
  );
  return order;
}

/** Step 2 of checkout, inside the caller's transaction (recurring subscription orders use it too). */
export async function reserve(
  tx: Tx,
  appId: string,
  userUid: string,
  orderUid: string,
  p: PricedOrder,
  input: OrderInput,
  idempotencyKey: string | undefined,
  coinProgramUid: string | null = null,
) {
  if (p.paidWithCoins) {
    if (!coinProgramUid) throw new Error('a coins order needs the program that pays it');
    // First: the member's lock and balance, so a short balance writes nothing and racing orders queue here.
    await lockCoins(tx, appId, coinProgramUid, userUid, p.coinTotal);
    await ensureCoinsMethod(tx, appId, p.company.uid);
  }
  const delivery = input.shipping_type === 'delivery' ? input.delivery! : null;
  const [written] = await tx
    .insert(orders)
    .values({
      appId,
      uid: orderUid,
      number: await nextOrderNumber(tx, appId),
      userUid,
      idempotencyKey: idempotencyKey ?? null,
      placeUid: p.place.uid,
      companyUid: p.company.uid,
      status: 'RECEIVED',
      shippingType: input.shipping_type,
      pickupDate: p.pickup?.date ?? null,
      pickupStart: p.pickup?.start ?? null,
      pickupEnd: p.pickup?.end ?? null,
      areaUid: p.area?.uid ?? null,
      district: p.area?.name ?? null,
      address: delivery?.address.trim() ?? null,
      reference: delivery ? (delivery.reference ?? '').trim() : null,
      latitude: delivery?.latitude ?? null,
      longitude: delivery?.longitude ?? null,
      distanceMeters: p.distanceMeters,
      comments: (input.comments ?? '').trim(),
      paymentMethodUid: p.paymentMethod!.uid,
      paymentStatus:
        p.paymentMethod!.type === 'ONLINE_CARD'
          ? 'PENDING'
          : p.paidWithCoins
            ? 'PAID'
            : 'PAY_ON_DELIVERY',
      couponUid: p.coupon?.uid ?? null,
      couponCode: p.coupon?.code ?? null,
      subtotalCents: p.subtotalCents,
      discountCents: p.discountCents,
      deliveryCents: p.deliveryCents,
      taxesCents: p.taxesCents,
      totalCents: p.totalCents,
      coinTotal: p.coinTotal,
      taxName: p.tax.name,
      taxRateBasisPoints: p.tax.rateBasisPoints,
      billing: input.billing as OrderRow['billing'],
      influencerUid: input.influencer_uid ?? null,
    })
    .returning({ number: orders.number });
  await tx.insert(orderLines).values(
    p.lines.map((l, position) => ({
      appId,
      orderUid,
      position,
      productUid: l.line.uid,
      title: l.item.product.title,
      image: l.item.product.image,
      quantity: l.line.quantity,
      unitPriceCents: l.unitPriceCents,
      optionsPriceCents: l.optionsCents,
      totalCents: l.totalCents,
      coinPrice: l.coinPrice,
      options: lineOptions(l),
    })),
  );
  // Same product on two lines counts once; a fixed order of rows keeps concurrent orders from deadlocking.
  const wanted = new Map<string, { quantity: number; title: string }>();
  for (const l of p.lines) {
    const w = wanted.get(l.line.uid) ?? { quantity: 0, title: l.item.product.title };
    w.quantity += l.line.quantity;
    wanted.set(l.line.uid, w);
  }
  await takeStock(tx, appId, p.place.uid, wanted);
  if (p.coupon) {
    const used = await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(
        and(
          eq(coupons.appId, appId),
          eq(coupons.uid, p.coupon.uid),
          eq(coupons.isActive, true),
          or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`),
        ),
      )
      .returning({ uid: coupons.uid });
    if (used.length === 0) throw new ValidationError({ coupon: [couponMessages.exhausted] });
    // The coupon row is locked now, so the member's other orders using it are all visible and counted.
    if (
      p.coupon.maxUsesPerMember !== null &&
      (await memberUses(tx, appId, p.coupon.uid, userUid)) > p.coupon.maxUsesPerMember
    )
      throw new ValidationError({ coupon: [couponMessages.memberLimit] });
  }
  if (p.paidWithCoins)
    await spendOrderCoins(
      tx,
      appId,
      coinProgramUid!,
      userUid,
      { uid: orderUid, number: written.number },
      p.coinTotal,
    );
}

/** Puts back what an order took: its stock (counted products only) and its coupon use. */
async function giveBack(
  tx: Tx,
  appId: string,
  order: Pick<OrderRow, 'uid' | 'placeUid' | 'couponUid'>,
) {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.appId, appId), eq(orderLines.orderUid, order.uid)));
  const quantities = new Map<string, number>();
  for (const l of lines)
    quantities.set(l.productUid, (quantities.get(l.productUid) ?? 0) + l.quantity);
  for (const [productUid, quantity] of [...quantities].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(placeProducts)
      .set({ stock: sql`${placeProducts.stock} + ${quantity}` })
      .where(
        and(
          eq(placeProducts.appId, appId),
          eq(placeProducts.placeUid, order.placeUid),
          eq(placeProducts.productUid, productUid),
        ),
      );
  }
  if (order.couponUid) {
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} - 1` })
      .where(
        and(eq(coupons.appId, appId), eq(coupons.uid, order.couponUid), sql`${coupons.uses} > 0`),
      );
  }
}

/** Compensation of step 2: the declined order's stock and coupon go back and the order (with its lines) is deleted. */
async function release(db: Database, appId: string, orderUid: string) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.appId, appId), eq(orders.uid, orderUid), eq(orders.paymentStatus, 'PENDING')),
      )
      .for('update');
    if (!order) return;
    await giveBack(tx, appId, order);
    await tx.delete(orders).where(and(eq(orders.appId, appId), eq(orders.uid, orderUid)));
  });
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && (name === constraint || !name)) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
}

/** Orders the member may see: paid or pay-on-delivery ones (an order waiting for its card is not shown). */
const visible = ne(orders.paymentStatus, 'PENDING');

/**
 * Orders as the API shows them: their lines, place, payment method and area in
 * one query each for the whole page, in the order of `rows`.
 */
export async function withRelated(db: Database, appId: string, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const uids = rows.map((r) => r.uid);
  const areaUids = [...new Set(rows.map((r) => r.areaUid).filter((a): a is string => !!a))];
  const [lines, placeRows, methods, areaRows] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.appId, appId), inArray(orderLines.orderUid, uids))),
    db
      .select({ uid: places.uid, name: places.name })
      .from(places)
      .where(
        and(
          eq(places.appId, appId),
          inArray(places.uid, [...new Set(rows.map((r) => r.placeUid))]),
        ),
      ),
    db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.appId, appId),
          inArray(paymentMethods.uid, [...new Set(rows.map((r) => r.paymentMethodUid))]),
        ),
      ),
    areaUids.length
      ? db
          .select()
          .from(areas)
          .where(and(eq(areas.appId, appId), inArray(areas.uid, areaUids)))
      : Promise.resolve([]),
  ]);
  return rows.map((row) =>
    orderToApi(row, {
      place: placeRows.find((p) => p.uid === row.placeUid)!,
      method: methods.find((m) => m.uid === row.paymentMethodUid)!,
      area: areaRows.find((a) => a.uid === row.areaUid) ?? null,
      lines: lines.filter((l) => l.orderUid === row.uid),
    }),
  );
}

export async function findOrder(
  db: Database,
  appId: string,
  orderUid: string,
  userUid?: string,
): Promise<Order | undefined> {
  if (!isUid(orderUid)) return undefined;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.appId, appId),
        eq(orders.uid, orderUid),
        userUid ? eq(orders.userUid, userUid) : undefined,
      ),
    );
  return (await withRelated(db, appId, rows))[0];
}

async function orderByKey(
  db: Database,
  appId: string,
  userUid: string,
  key: string,
): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.appId, appId), eq(orders.userUid, userUid), eq(orders.idempotencyKey, key)),
    );
  return (await withRelated(db, appId, rows))[0];
}

/** `GET v5/me/orders/{uid}/`: the member's own order, or 404 (another member's, another tenant's, unknown). */
export async function memberOrder(
  db: Database,
  app: AppRow,
  userUid: string,
  orderUid: string,
): Promise<Order> {
  if (!isUid(orderUid)) throw new NotFoundError();
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.appId, app.uid),
        eq(orders.uid, orderUid),
        eq(orders.userUid, userUid),
        visible,
      ),
    );
  const [order] = await withRelated(db, app.uid, rows);
  if (!order) throw new NotFoundError();
  return order;
}

/** `GET v5/me/orders/`: the member's orders, newest first, optionally of one payment method. */
export async function memberOrders(
  db: Database,
  app: AppRow,
  userUid: string,
  filters: { paymentMethod?: string },
  window: PageWindow,
) {
  const byType = paymentMethodType.safeParse(filters.paymentMethod);
  if (filters.paymentMethod && !byType.success && !isUid(filters.paymentMethod))
    return { count: 0, results: [] };
  // A type (COINS, CASH...) stands for every method of that type; anything else is one method's uid.
  const methodFilter = byType.success
    ? inArray(
        orders.paymentMethodUid,
        db
          .select({ uid: paymentMethods.uid })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.appId, app.uid), eq(paymentMethods.type, byType.data))),
      )
    : filters.paymentMethod
      ? eq(orders.paymentMethodUid, filters.paymentMethod)
      : undefined;
  const where = and(eq(orders.appId, app.uid), eq(orders.userUid, userUid), visible, methodFilter);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total, results: await withRelated(db, app.uid, rows) };
}

/**
 * Moves an order along the contract's state machine. The status changes with
 * a conditional update (from the status read), so of two racing moves only
 * one happens; a cancellation gives the stock and the coupon use back in the
 * same transaction, hence exactly once. A paid order that is canceled is
 * refunded after the transaction. Staff moves (actor 'place') come with the
 * staff area; members may only cancel their own RECEIVED orders.
 */
export async function transitionOrder(
  db: Database,
  app: AppRow,
  orderUid: string,
  to: OrderStatus,
  actor: OrderActor,
  options: { userUid?: string; log?: FastifyBaseLogger } = {},
): Promise<Order> {
  if (!isUid(orderUid)) throw new NotFoundError();
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.appId, app.uid),
          eq(orders.uid, orderUid),
          options.userUid ? eq(orders.userUid, options.userUid) : undefined,
          visible,
        ),
      );
    if (!row) throw new NotFoundError();
    const refused = () =>
      new ValidationError(
        actor === 'member'
          ? orderMessages.cannotCancel
          : formatMessage(orderMessages.transitionRefused, {
              // Statuses as the API names them; the texts say them in words (contract errors/params).
              from: row.status,
              to,
            }),
      );
    if (!canTransition(row.status as OrderStatus, to, actor, row.shippingType)) throw refused();
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set(isCanceled(to) ? canceledValues(row, to, now) : { status: to, updatedAt: now })
      .where(
        and(eq(orders.appId, app.uid), eq(orders.uid, orderUid), eq(orders.status, row.status)),
      )
      .returning();
    if (!updated) throw refused();
    if (isCanceled(to)) await undoCanceled(tx, app.uid, updated);
    // Loyalty, in the same transaction: a delivered order earns its program points.
    if (to === 'DELIVERED') await earnOrderPoints(tx, app.uid, updated);
    return updated;
  });
  if (isCanceled(to)) await refundCanceled(db, app.uid, moved, options.log);
  return (await findOrder(db, app.uid, orderUid))!;
}

/** The values a cancellation writes on the order row: a canceled coins order is refunded in full right here (its coins come back through undoCanceled). */
export function canceledValues(row: Pick<OrderRow, 'coinTotal'>, to: OrderStatus, now: Date) {
  return {
    status: to,
    updatedAt: now,
    canceledAt: now,
    ...(row.coinTotal > 0 ? { paymentStatus: 'REFUNDED' as const } : {}),
  };
}

/**
 * What every cancellation gives back, in the transaction that changed the
 * status (so exactly once): the stock and the coupon use, and any points it
 * earned or coins it spent (reversed by the order's ledger reference).
 */
export async function undoCanceled(tx: Tx, appId: string, order: OrderRow) {
  await giveBack(tx, appId, order);
  await reverseOrderPoints(tx, appId, order);
}

/** After a cancellation's transaction: a card-paid order is refunded through its provider. */
export async function refundCanceled(
  db: Database,
  appId: string,
  order: OrderRow,
  log?: Pick<FastifyBaseLogger, 'error'>,
) {
  if (order.paymentStatus !== 'PAID' || !order.paymentReference) return;
  try {
    await paymentProvider(order.paymentProvider).refund(order.paymentReference, order.totalCents);
    await db
      .update(orders)
      .set({ paymentStatus: 'REFUNDED', updatedAt: new Date() })
      .where(and(eq(orders.appId, appId), eq(orders.uid, order.uid)));
  } catch (err) {
    log?.error(
      { err, order: order.uid },
      'refund of a canceled order failed; it stays PAID for staff to refund',
    );
  }
}

/**
 * Account deletion: the member's orders stay (the store's records) but lose
 * every personal detail: billing copy, address, reference, coordinates,
 * comments, the idempotency key and the link to the user. Runs in the
 * deletion's transaction.
 */
export async function anonymiseOrdersOf(tx: Tx, appId: string, userUid: string) {
  await tx
    .update(orders)
    .set({
      billing: null,
      address: null,
      reference: null,
      latitude: null,
      longitude: null,
      comments: '',
      idempotencyKey: null,
      userUid: null,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.appId, appId), eq(orders.userUid, userUid)));
}
