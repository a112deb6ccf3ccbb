import { queueCreditNote } from '../receipts/issuing/queue';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { orderLineRemovals, orders, paymentMethods, paymentRefunds } from '../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { paymentProvider, PaymentProviderError } from './provider';
import { queueCustomerNotice, type OrderMail } from '../orders/notices';
import { moveOrder } from '../reports/rollup';

type OrderRow = typeof orders.$inferSelect;
type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/** Refunds retried per reconciliation run; the next run takes the rest. */
const BATCH = 200;

/**
 * Inside the transaction that cancels a card-paid order (or learns that a payment we gave up on
 * was approved after all): the refund to do, written once with the order's new payment status
 * REFUND_PENDING. The provider is asked after the commit (`attemptRefunds`).
 */
export async function recordRefund(
  tx: Tx,
  appId: string,
  order: Pick<OrderRow, 'uid' | 'paymentMethodUid' | 'paymentReference' | 'totalCents'>,
  amountCents: number = order.totalCents,
): Promise<string | null> {
  if (!order.paymentReference || amountCents <= 0) return null;
  const uid = randomUUID();
  await tx.insert(paymentRefunds).values({
    appId,
    uid,
    orderUid: order.uid,
    paymentMethodUid: order.paymentMethodUid,
    paymentReference: order.paymentReference,
    amountCents,
  });
  // A refund of a sale already declared to SUNAT is declared too: its credit note joins the outbox.
  await queueCreditNote(tx, appId, order.uid, uid, amountCents);
  return uid;
}

/**
 * Asks the provider for the pending refunds of one order, or (without `orderUid`) of every
 * tenant's orders whose last attempt is older than `before` (the reconciliation run). Each refund
 * is sent with its own uid as idempotency key, so a retry after an answer we never got refunds
 * once. Done: the refund row is DONE (and the customer mailed, given `mail`) and, with no other
 * pending refund, the order REFUNDED. Failed:
 * the attempt is counted with the provider's error code, the order stays REFUND_PENDING (staff see
 * it) and the next run retries.
 */
export async function attemptRefunds(
  db: Database,
  select: { appId: string; orderUid: string } | { before: Date },
  log?: Log,
  mail?: OrderMail,
): Promise<{ done: number; failed: number }> {
  const due = await db
    .select({
      refund: paymentRefunds,
      method: paymentMethods,
      order: {
        total: orders.totalCents,
        // What was charged: the total now plus what removed lines took off it (refunded apart).
        charged:
          sql<number>`${orders.totalCents} + coalesce((select sum(${orderLineRemovals.totalDeltaCents}) from ${orderLineRemovals} where ${sameTenant(orderLineRemovals, orders, eq(orderLineRemovals.orderUid, orders.uid), isNotNull(orderLineRemovals.refundUid))}), 0)`.mapWith(
            Number,
          ),
      },
    })
    .from(paymentRefunds)
    .innerJoin(
      paymentMethods,
      sameTenant(
        paymentRefunds,
        paymentMethods,
        eq(paymentRefunds.paymentMethodUid, paymentMethods.uid),
      ),
    )
    .innerJoin(orders, sameTenant(paymentRefunds, orders, eq(paymentRefunds.orderUid, orders.uid)))
    .where(
      'orderUid' in select
        ? ofTenant(
            tenantRef(select.appId),
            paymentRefunds,
            eq(paymentRefunds.orderUid, select.orderUid),
            eq(paymentRefunds.status, 'PENDING'),
          )
        : // The reconciliation runs over every store; each row names its own tenant.
          and(eq(paymentRefunds.status, 'PENDING'), lt(paymentRefunds.updatedAt, select.before)),
    )
    .orderBy(asc(paymentRefunds.updatedAt))
    .limit(BATCH);
  let done = 0;
  let failed = 0;
  for (const { refund, method, order } of due) {
    const where = ofTenant(
      tenantRef(refund.appId),
      paymentRefunds,
      eq(paymentRefunds.uid, refund.uid),
      eq(paymentRefunds.status, 'PENDING'),
    );
    try {
      // The whole payment (a cancel with nothing refunded before) is refunded without an
      // amount; anything else (a removed line, a cancel after one) names its amount.
      const whole = refund.amountCents >= order.charged;
      const answer = await paymentProvider(method).refund(
        refund.paymentReference,
        whole ? null : refund.amountCents,
        refund.uid,
      );
      await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(paymentRefunds)
          .set({
            status: 'DONE',
            providerRefundId: answer.id,
            attempts: refund.attempts + 1,
            lastError: null,
            updatedAt: new Date(),
          })
          .where(where)
          .returning({ uid: paymentRefunds.uid });
        if (!marked) return;
        // The customer is told in the transaction that records it done, so exactly once.
        if (mail)
          await queueCustomerNotice(tx, mail, refund.appId, refund.orderUid, {
            kind: 'refunded',
            amountCents: refund.amountCents,
          });
        const [open] = await tx
          .select({ uid: paymentRefunds.uid })
          .from(paymentRefunds)
          .where(
            ofTenant(
              tenantRef(refund.appId),
              paymentRefunds,
              eq(paymentRefunds.orderUid, refund.orderUid),
              eq(paymentRefunds.status, 'PENDING'),
            ),
          )
          .limit(1);
        if (!open) {
          const [refunded] = await tx
            .update(orders)
            .set({ paymentStatus: 'REFUNDED', updatedAt: new Date() })
            .where(
              ofTenant(
                tenantRef(refund.appId),
                orders,
                eq(orders.uid, refund.orderUid),
                eq(orders.paymentStatus, 'REFUND_PENDING'),
              ),
            )
            .returning({ uid: orders.uid, status: orders.status });
          if (refunded)
            await moveOrder(
              tx,
              refund.appId,
              { status: refunded.status, paymentStatus: 'REFUND_PENDING' },
              { ...refunded, paymentStatus: 'REFUNDED' },
            );
        }
      });
      done++;
    } catch (err) {
      failed++;
      const code = err instanceof PaymentProviderError ? err.code : 'error';
      await db
        .update(paymentRefunds)
        .set({ attempts: refund.attempts + 1, lastError: code, updatedAt: new Date() })
        .where(where);
      log?.error(
        { err, order: refund.orderUid, refund: refund.uid },
        'refund failed; it stays pending for staff and the next reconciliation run retries it',
      );
    }
  }
  return { done, failed };
}
