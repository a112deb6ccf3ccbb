import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatus } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import { coupons, orderLines, orders, placeProducts } from '../../db/schema';
import { giveDiscountsBack } from './discounts';
import { reverseOrderPoints } from '../programs/order-points';
import { attemptRefunds, recordRefund } from '../payments/refunds';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import type { OrderMail } from './notices';
import { recordMovement, type StockWhy } from '../stock/movements';

type OrderRow = typeof orders.$inferSelect;

/**
 * What a canceled (or undone) order gives back: its stock (counted products
 * only) and its coupon use. Products go in uid order, as when they were
 * taken, so concurrent givers and takers never deadlock. The limited automatic discounts it got
 * are given their uses back.
 */
export async function giveBack(
  tx: Tx,
  appId: string,
  order: Pick<OrderRow, 'uid' | 'placeUid' | 'couponUid' | 'discounts'>,
  why: Omit<StockWhy, 'orderUid'>,
) {
  if (order.discounts.length) await giveDiscountsBack(tx, appId, order.discounts);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(ofTenant(tenantRef(appId), orderLines, eq(orderLines.orderUid, order.uid)));
  const quantities = new Map<string, number>();
  for (const l of lines)
    quantities.set(l.productUid, (quantities.get(l.productUid) ?? 0) + l.quantity);
  for (const [productUid, quantity] of [...quantities].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(placeProducts)
      .set({ stock: sql`${placeProducts.stock} + ${quantity}` })
      .where(
        ofTenant(
          tenantRef(appId),
          placeProducts,
          eq(placeProducts.placeUid, order.placeUid),
          eq(placeProducts.productUid, productUid),
        ),
      );
    await recordMovement(tx, appId, order.placeUid, productUid, quantity, {
      ...why,
      orderUid: order.uid,
    });
  }
  if (order.couponUid) {
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} - 1` })
      .where(
        ofTenant(
          tenantRef(appId),
          coupons,
          eq(coupons.uid, order.couponUid),
          sql`${coupons.uses} > 0`,
        ),
      );
  }
}

/**
 * The values a cancellation writes on the order row: a canceled coins order is refunded in full
 * right here (its coins come back through undoCanceled); a card-paid one owes a refund
 * (REFUND_PENDING until the provider has done it).
 */
export function canceledValues(
  row: Pick<OrderRow, 'coinTotal' | 'paymentStatus' | 'paymentReference'>,
  to: OrderStatus,
  now: Date,
) {
  return {
    status: to,
    updatedAt: now,
    canceledAt: now,
    ...(row.coinTotal > 0
      ? { paymentStatus: 'REFUNDED' as const }
      : row.paymentStatus === 'PAID' && row.paymentReference
        ? { paymentStatus: 'REFUND_PENDING' as const }
        : {}),
  };
}

/**
 * What every cancellation gives back, in the transaction that changed the
 * status (so exactly once): the stock and the coupon use, and any points it
 * earned or coins it spent (reversed by the order's ledger reference); a
 * card-paid order's refund is recorded (and asked of the provider after the commit).
 */
export async function undoCanceled(
  tx: Tx,
  appId: string,
  order: OrderRow,
  actorUid: string | null = null,
) {
  await giveBack(tx, appId, order, { reason: 'cancellation', actorUid });
  await reverseOrderPoints(tx, appId, { ...order, number: order.number ?? 0 });
  if (order.paymentStatus === 'REFUND_PENDING') await recordRefund(tx, appId, order);
}

/**
 * After a cancellation's transaction: the provider is asked for the order's refund. A failure
 * leaves it REFUND_PENDING, shown to staff and retried by the reconciliation run.
 */
export async function refundCanceled(
  db: Database,
  appId: string,
  order: OrderRow,
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>,
  mail?: OrderMail,
) {
  if (order.paymentStatus !== 'REFUND_PENDING') return;
  await attemptRefunds(db, { appId, orderUid: order.uid }, log, mail);
}
