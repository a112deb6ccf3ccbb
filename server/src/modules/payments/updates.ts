import { queueSaleReceipt } from '../receipts/issuing/queue';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isCanceled, type OrderStatus } from '@store/contract';
import type { Database } from '../../db/client';
import { orders, paymentMethods } from '../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { undoCanceled } from '../orders/cancellation';
import { attemptRefunds, recordRefund } from './refunds';
import type { OrderMail } from '../orders/notices';
import { paymentProvider, type ProviderPayment } from './provider';
import { paymentUpdates } from '../monitoring/metrics';
import { reconcileUnitPayments } from '../promotions/card-payments';
import { settleUnsettledCharges } from './unsettled-charges';
import { moveOrder } from '../reports/rollup';

type OrderRow = typeof orders.$inferSelect;
type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/** Orders re-read per reconciliation run; the next run takes the rest. */
const BATCH = 200;

export type PaymentUpdate = 'paid' | 'released' | 'refunding' | 'refunded' | 'unchanged';

/**
 * Applies what the provider says of an order's payment (after a notification, or the
 * reconciliation run re-reading it). Every change is a conditional update from the payment status
 * read, in one transaction, so repeated notifications and racing runs change an order once:
 * - IN_PROCESS and approved: PAID (or, if the order was canceled meanwhile, refunded);
 * - IN_PROCESS and rejected, cancelled, or still undecided after `payment_expires_at`: the order
 *   is canceled by the place, REJECTED, and its stock, coupon and coins come back;
 * - PAID and refunded or charged back at the provider: REFUNDED (the detail says which);
 * - REJECTED (we gave up) yet approved at the provider: the money is given back.
 */
export async function applyPayment(
  db: Database,
  appId: string,
  orderUid: string,
  payment: ProviderPayment,
  now: Date,
  log?: Log,
  mail?: OrderMail,
): Promise<PaymentUpdate> {
  const outcome = await db.transaction(async (tx): Promise<PaymentUpdate> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid)))
      .for('update');
    if (!order || order.paymentReference !== payment.id) return 'unchanged';
    // Every change of the locked row moves the order's share in the reports' rollups with it.
    const set = async (values: Partial<OrderRow>) => {
      const rows = await tx
        .update(orders)
        .set({ paymentDetail: payment.detail, ...values, updatedAt: now })
        .where(ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid)))
        .returning();
      if (rows[0]) await moveOrder(tx, appId, order, rows[0]);
      return rows;
    };
    const canceled = isCanceled(order.status as OrderStatus);

    if (order.paymentStatus === 'IN_PROCESS') {
      if (payment.status === 'approved') {
        if (canceled) {
          const [row] = await set({ paymentStatus: 'REFUND_PENDING', paymentExpiresAt: null });
          await recordRefund(tx, appId, row);
          return 'refunding';
        }
        const [paid] = await set({
          paymentStatus: 'PAID',
          paymentExpiresAt: null,
          cardLast4: payment.last4 ?? order.cardLast4,
        });
        if (paid) await queueSaleReceipt(tx, appId, paid, 'PAID');
        return 'paid';
      }
      const expired = order.paymentExpiresAt !== null && order.paymentExpiresAt <= now;
      if (payment.status === 'pending' && !expired) return 'unchanged';
      const [row] = await set({
        paymentStatus: 'REJECTED',
        paymentExpiresAt: null,
        ...(payment.status === 'pending' ? { paymentDetail: 'expired' } : {}),
        ...(canceled ? {} : { status: 'CANCELED_BY_PLACE', canceledAt: now }),
      });
      // A member who canceled it already got everything back with that cancellation.
      if (!canceled) await undoCanceled(tx, appId, row);
      return 'released';
    }
    if (
      order.paymentStatus === 'PAID' &&
      (payment.status === 'refunded' || payment.status === 'charged_back')
    ) {
      await set({ paymentStatus: 'REFUNDED' });
      return 'refunded';
    }
    if (order.paymentStatus === 'REJECTED' && payment.status === 'approved') {
      const [row] = await set({ paymentStatus: 'REFUND_PENDING' });
      await recordRefund(tx, appId, row, payment.amountCents || row.totalCents);
      return 'refunding';
    }
    return 'unchanged';
  });
  paymentUpdates.inc({ outcome });
  if (outcome === 'refunding') await attemptRefunds(db, { appId, orderUid }, log, mail);
  if (outcome !== 'unchanged')
    log?.info({ order: orderUid, payment: payment.id, outcome }, 'payment update applied');
  return outcome;
}

/**
 * The reconciliation run: every tenant's IN_PROCESS orders are re-read from their provider
 * (a notification may never come) and updated, expired reservations released; then the refunds
 * that failed are retried. Safe beside running servers: each change is conditional.
 */
export async function reconcilePayments(
  db: Database,
  now: Date = new Date(),
  log?: Log,
  mail?: OrderMail,
): Promise<{
  updated: number;
  refunds: { done: number; failed: number };
  purchases: Awaited<ReturnType<typeof reconcileUnitPayments>>;
  unsettled: Awaited<ReturnType<typeof settleUnsettledCharges>>;
}> {
  const open = await db
    .select({ order: orders, method: paymentMethods })
    .from(orders)
    .innerJoin(
      paymentMethods,
      sameTenant(orders, paymentMethods, eq(orders.paymentMethodUid, paymentMethods.uid)),
    )
    // The run goes over every store; each order names its own tenant.
    .where(and(eq(orders.paymentStatus, 'IN_PROCESS')))
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(BATCH);
  let updated = 0;
  for (const { order, method } of open) {
    try {
      const payment = await paymentProvider(method).getPayment(order.paymentReference!);
      const result = await applyPayment(db, order.appId, order.uid, payment, now, log, mail);
      if (result !== 'unchanged') updated++;
    } catch (err) {
      log?.error({ err, order: order.uid }, 'payment re-read failed; the next run tries again');
    }
  }
  // A refund attempt that failed a minute ago or more is tried again.
  const refunds = await attemptRefunds(db, { before: new Date(now.getTime() - 60_000) }, log, mail);
  // Promotions bought by card: the same re-reading, release and refunds for their held units.
  const purchases = await reconcileUnitPayments(db, now, log);
  // Charges that may have taken money with no order or unit to show for it: given back.
  const unsettled = await settleUnsettledCharges(db, now, log);
  return { updated, refunds, purchases, unsettled };
}

/** The order of a tenant a provider payment belongs to (by its id, else by our reference). */
export async function orderOfPayment(
  db: Database,
  appId: string,
  methodUid: string,
  payment: ProviderPayment,
): Promise<string | null> {
  const [row] = await db
    .select({ uid: orders.uid })
    .from(orders)
    .where(
      ofTenant(
        tenantRef(appId),
        orders,
        eq(orders.paymentMethodUid, methodUid),
        eq(orders.paymentReference, payment.id),
        inArray(orders.paymentStatus, ['IN_PROCESS', 'PAID', 'REJECTED']),
      ),
    )
    .limit(1);
  return row?.uid ?? null;
}
