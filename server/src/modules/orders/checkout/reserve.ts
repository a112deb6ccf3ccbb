import { eq, isNull, or, sql } from 'drizzle-orm';
import { couponMessages, isOnlinePayment, type OrderInput } from '@store/contract';
import type { Tx } from '../../../db/client';
import { coupons, orderLines, orders } from '../../../db/schema';
import type { MemberScope, Scope } from '../../../scope/scope';
import { ValidationError } from '../../../lib/http-errors';
import { lineOptions, priceChanged, type PricedOrder } from '../pricing';
import { priceMemberOrder } from './price';
import { memberUses } from '../settings';
import { DiscountUsedUp, useDiscounts } from '../discounts';
import { ensureCoinsMethod, lockCoins, spendOrderCoins } from '../coins';
import { takeStock } from '../stock';
import { numberOrder } from '../numbers';
import { enforceUnpaidOrdersCap } from '../unpaid-cap';
import { giveBack } from '../cancellation';
import { needed, type CheckoutState, type WrittenOrder } from './state';
import { confirmAsNumbered, confirmOrder, emptyCart } from './confirm';
import type { Step } from './run-steps';
import { ofTenant, tenantRef } from '../../../scope/tenant-query';
import { insertRows, preparedOnce } from '../../../db/placeholder';
import { pipelined, settleInOrder } from '../../../db/pipeline';
import { transactionEndingWith } from '../../../db/transaction';
import { rollNewOrder, unrollOrder } from '../../reports/rollup';
import type { StockWhy } from '../../stock/movements';

type OrderRow = typeof orders.$inferSelect;

/** What a reservation writes: the priced order under the uid chosen for it. */
export type Reservation = {
  orderUid: string;
  priced: PricedOrder;
  input: OrderInput;
  idempotencyKey: string | undefined;
};

/**
 * Locks the member's coins and checks the balance, inside the transaction
 * that spends them and before anything else is written: a short balance
 * writes nothing, and two spends of the same last coins queue here (orders,
 * and the counter's product redemptions).
 */
export const reserveCoins = lockCoins;

/**
 * Takes a place's stock of products inside the caller's transaction. The
 * same product on two lines counts once; the guarded updates are the check
 * ('Out of stock: {product}' rolls the transaction back).
 */
export function reserveStock(
  tx: Tx,
  appId: string,
  placeUid: string,
  lines: { productUid: string; quantity: number; title: string }[],
  why: StockWhy,
) {
  const wanted = new Map<string, { quantity: number; title: string }>();
  for (const l of lines) {
    const w = wanted.get(l.productUid) ?? { quantity: 0, title: l.title };
    w.quantity += l.quantity;
    wanted.set(l.productUid, w);
  }
  return takeStock(tx, appId, placeUid, wanted, why);
}

/**
 * One use of the order's coupon. The member's own uses are counted by the statement after the
 * update, which runs once the update holds the coupon's row lock, so every other order using it
 * has committed or waits: both are sent at once (a pipeline's part).
 */
async function useCoupon(tx: Tx, appId: string, userUid: string, coupon: PricedOrder['coupon']) {
  if (!coupon) return;
  const [used, memberCount] = await settleInOrder([
    tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(
        ofTenant(
          tenantRef(appId),
          coupons,
          eq(coupons.uid, coupon.uid),
          eq(coupons.isActive, true),
          or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`),
        ),
      )
      .returning({ uid: coupons.uid })
      .execute(),
    coupon.maxUsesPerMember === null ? null : memberUses(tx, appId, coupon.uid, userUid),
  ]);
  if (used.length === 0) throw new ValidationError({ coupon: [couponMessages.exhausted] });
  if (memberCount !== null && memberCount > coupon.maxUsesPerMember!)
    throw new ValidationError({ coupon: [couponMessages.memberLimit] });
}

/** The order's insert, built once: drizzle's build of its 35 columns cost more than running it. */
const orderRow = insertRows(orders, [
  'appId',
  'uid',
  'number',
  'userUid',
  'idempotencyKey',
  'placeUid',
  'companyUid',
  'status',
  'shippingType',
  'pickupDate',
  'pickupStart',
  'pickupEnd',
  'areaUid',
  'district',
  'address',
  'reference',
  'latitude',
  'longitude',
  'distanceMeters',
  'locationFlag',
  'comments',
  'paymentMethodUid',
  'paymentStatus',
  'couponUid',
  'couponCode',
  'discounts',
  'subtotalCents',
  'discountCents',
  'deliveryCents',
  'taxesCents',
  'totalCents',
  'coinTotal',
  'taxName',
  'taxRateBasisPoints',
  'billing',
  'receiptRequest',
  'influencerUid',
  'acceptBy',
] as const);
const insertOrder = preparedOnce((db) =>
  db.insert(orders).values(orderRow.placeholders(1)).returning().prepare(''),
);

/** The lines' insert, built once per number of lines (at most the order schema's 100). */
const lineRow = insertRows(orderLines, [
  'appId',
  'orderUid',
  'position',
  'productUid',
  'title',
  'image',
  'quantity',
  'unitPriceCents',
  'optionsPriceCents',
  'totalCents',
  'coinPrice',
  'options',
  'discountCents',
] as const);
const lineInserts = new Map<number, ReturnType<typeof buildLineInsert>>();
const buildLineInsert = (count: number) =>
  preparedOnce((db) =>
    db.insert(orderLines).values(lineRow.placeholders(count)).returning().prepare(''),
  );
function insertLines(count: number) {
  let insert = lineInserts.get(count);
  if (!insert) lineInserts.set(count, (insert = buildLineInsert(count)));
  return insert;
}

/**
 * Step 2, first part, inside the caller's transaction: the order (without its number) and its
 * lines, and the coupon use. Every statement is sent at once, so this may be part of a pipeline
 * (db/pipeline.ts); a coupon used up fails it, and the transaction is undone.
 */
export function writeOrder(
  tx: Tx,
  scope: Pick<MemberScope, 'app' | 'user'>,
  r: Reservation,
): Promise<WrittenOrder> {
  const appId = scope.app.uid;
  const userUid = scope.user.uid;
  const p = r.priced;
  const byCard = isOnlinePayment(p.paymentMethod!.type);
  const delivery = r.input.shipping_type === 'delivery' ? r.input.delivery! : null;
  const inserted = insertOrder(tx).execute(
    orderRow.values([
      {
        appId,
        uid: r.orderUid,
        // Numbered by `takeForOrder`, or once a card is accepted (confirm): a declined card uses none.
        number: null,
        userUid,
        idempotencyKey: r.idempotencyKey ?? null,
        placeUid: p.place.uid,
        companyUid: p.company.uid,
        status: 'RECEIVED',
        shippingType: r.input.shipping_type,
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
        locationFlag: p.locationFlag,
        comments: (r.input.comments ?? '').trim(),
        paymentMethodUid: p.paymentMethod!.uid,
        paymentStatus: byCard ? 'PENDING' : p.paidWithCoins ? 'PAID' : 'PAY_ON_DELIVERY',
        couponUid: p.coupon?.uid ?? null,
        couponCode: p.coupon?.code ?? null,
        discounts: p.discounts.map((d) => ({
          rule_uid: d.ruleUid,
          name: d.name,
          amount_cents: d.amountCents,
        })),
        subtotalCents: p.subtotalCents,
        discountCents: p.discountCents,
        deliveryCents: p.deliveryCents,
        taxesCents: p.taxesCents,
        totalCents: p.totalCents,
        coinTotal: p.coinTotal,
        taxName: p.tax.name,
        taxRateBasisPoints: p.tax.rateBasisPoints,
        // No address for a pickup paid at the counter: stored empty, as the order's answer has it.
        billing: { ...r.input.billing, address: r.input.billing.address ?? '' },
        receiptRequest: (r.input.receipt ?? null) as OrderRow['receiptRequest'],
        influencerUid: r.input.influencer_uid ?? null,
        acceptBy: p.acceptBy,
      },
    ]),
  );
  const lines = insertLines(p.lines.length)(tx).execute(
    lineRow.values(
      p.lines.map((l, position) => ({
        appId,
        orderUid: r.orderUid,
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
        discountCents: l.discountCents,
      })),
    ),
  );
  const coupon = useCoupon(tx, appId, userUid, p.coupon);
  const rules = p.limitedRuleUids.length ? useDiscounts(tx, appId, p.limitedRuleUids) : null;
  return settleInOrder([inserted, lines, coupon, rules]).then(([[order], lineRows]) => ({
    order,
    lines: lineRows,
  }));
}

/**
 * Step 2, second part: what every order of the store or of a product waits for, so it comes last
 * and holds its locks for as little as it can: the stock (a short one fails the statement and
 * aborts the transaction) and, unless a card is still to be charged, the order's number. Answers
 * the numbered order row (null for a card order). Sent at once, so it may be part of a pipeline.
 */
export function takeForOrder(
  tx: Tx,
  scope: Pick<MemberScope, 'app' | 'user'>,
  r: Pick<Reservation, 'orderUid' | 'priced'>,
): Promise<OrderRow | null> {
  const appId = scope.app.uid;
  const p = r.priced;
  const stock = reserveStock(
    tx,
    appId,
    p.place.uid,
    p.lines.map((l) => ({
      productUid: l.line.uid,
      quantity: l.line.quantity,
      title: l.item.product.title,
    })),
    { reason: 'sale', actorUid: scope.user.uid, orderUid: r.orderUid },
  );
  // The reports' rollup row of the place's hour, then the number: both hot rows, held to the commit.
  const rolled = rollNewOrder(tx, appId, r.orderUid);
  // Last: the number's counter is locked for all the store's orders until the commit.
  const numbered = isOnlinePayment(p.paymentMethod!.type)
    ? null
    : numberOrder(tx, appId, r.orderUid);
  return settleInOrder([stock, rolled, numbered]).then(([, , row]) => row);
}

/**
 * Step 2 whole, inside the caller's transaction (recurring subscription orders call it in the
 * transaction of their day's claim): `writeOrder` then `takeForOrder`, sent at once.
 */
export function reserveOrder(
  tx: Tx,
  scope: Pick<MemberScope, 'app' | 'user'>,
  r: Reservation,
): Promise<WrittenOrder> {
  return settleInOrder([writeOrder(tx, scope, r), takeForOrder(tx, scope, r)]).then(
    ([written, numbered]) => ({ order: numbered ?? written.order, lines: written.lines }),
  );
}

/**
 * Compensation of step 2: an order whose card was not charged (still
 * PENDING) gives its stock and coupon back and is deleted with its lines, so
 * a declined card leaves nothing behind. Orders past PENDING are not touched.
 */
export async function releaseOrder(scope: Pick<Scope, 'db' | 'app'>, orderUid: string) {
  const appId = scope.app.uid;
  await scope.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        ofTenant(
          tenantRef(appId),
          orders,
          eq(orders.uid, orderUid),
          eq(orders.paymentStatus, 'PENDING'),
        ),
      )
      .for('update');
    if (!order) return;
    await unrollOrder(tx, appId, order, { deleted: true });
    await giveBack(tx, appId, order, { reason: 'released', actorUid: null });
    await tx.delete(orders).where(ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid)));
  });
}

/**
 * The checkout's reserve step: one transaction with the member's
 * unpaid-orders cap (under their row lock) and the reservation. An order
 * nobody charges a card for (paid on delivery, or with coins) is final once
 * reserved, so the same transaction also confirms it (confirm.ts): one
 * commit, and no moment in which it is reserved but not yet confirmed. A card
 * order is confirmed in its own transaction once the card is charged.
 */
export const reserveStep: Step<CheckoutState> = {
  name: 'reserve',
  async run(state) {
    const { scope } = state;
    const priced = needed(state.priced, 'the price');
    const byCard = isOnlinePayment(priced.paymentMethod!.type);
    const coinProgram = priced.paidWithCoins ? state.coinProgramUid : null;
    if (priced.paidWithCoins && !coinProgram)
      throw new Error('a coins order needs the program that pays it');
    const reservation = {
      orderUid: state.orderUid,
      priced,
      input: state.input,
      idempotencyKey: state.idempotencyKey,
    };
    try {
      state.placed = await reserveInTransaction(state, reservation, coinProgram, byCard);
    } catch (err) {
      if (!(err instanceof DiscountUsedUp)) throw err;
      // A limited rule ("the first 50 orders") was used up by an order that committed first:
      // priced again without it, the buyer gets the 409 with the new total, nothing written.
      throw priceChanged(
        await priceMemberOrder(scope, state.place, state.input, scope.clock(), scope.couponGuard),
      );
    }
  },
  compensate: (state) => releaseOrder(state.scope, state.orderUid),
};

function reserveInTransaction(
  state: CheckoutState,
  reservation: Reservation,
  /** The program whose coins pay a coins order; none on a money order. */
  coinProgram: string | null | undefined,
  byCard: boolean,
) {
  const { scope } = state;
  const appId = scope.app.uid;
  const userUid = scope.user.uid;
  const priced = reservation.priced;
  return transactionEndingWith(scope.db, async (tx) => {
    if (coinProgram) {
      // First: the member's lock and balance, so a short balance writes nothing and racing orders queue here.
      await reserveCoins(tx, appId, coinProgram, userUid, priced.coinTotal);
      await ensureCoinsMethod(tx, appId, priced.company.uid);
    }
    const [, , written] = await pipelined(tx, () => [
      // Orders paid now (coins, or a card charged before answering) are not held against the unpaid cap.
      !priced.paidWithCoins && !byCard ? enforceUnpaidOrdersCap(tx, scope.app, userUid) : undefined,
      // A card order's cart stays until the card is accepted (confirmOrder empties it then).
      byCard ? undefined : emptyCart(tx, scope, state.place.uid),
      writeOrder(tx, scope, reservation),
    ]);
    state.written = written;
    // A card order takes its stock now and is confirmed once charged (confirmStep).
    if (byCard)
      return { withCommit: () => takeForOrder(tx, scope, reservation).then(() => undefined) };
    if (coinProgram) {
      // The coins are spent under the order's number, so the number comes first here.
      const numbered = await takeForOrder(tx, scope, reservation);
      state.written = { ...written, order: numbered! };
      await spendOrderCoins(
        tx,
        appId,
        coinProgram,
        userUid,
        { uid: state.orderUid, number: numbered!.number! },
        priced.coinTotal,
      );
      return { withCommit: () => confirmOrder(tx, state, { cartEmptied: true }) };
    }
    // Any other order is final now: its stock, number and mail go out with the COMMIT.
    return {
      withCommit: () => confirmAsNumbered(tx, state, takeForOrder(tx, scope, reservation)),
    };
  });
}
