import { and, asc, eq, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { canceledValues, refundCanceled, undoCanceled } from './cancellation';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import { queueCustomerNotice, type OrderMail } from './notices';
import { moveOrder } from '../reports/rollup';

/** Orders looked at per run; the next run takes the rest. */
const BATCH = 500;

export type ExpiredOrder = { appId: string; uid: string; number: number };

/**
 * Orders the store never accepted: RECEIVED past their `accept_by` (written when placed: the
 * tenant's `apps.order_acceptance_minutes` counted in the place's open time, a pickup by its
 * slot's end; null when the tenant says 0: never) become CANCELED_BY_PLACE, and
 * get back exactly what a cancellation gives back (stock, coupon use, coins
 * and points: undoCanceled) and, when paid by card, a refund. Each order is
 * claimed in its own transaction by a conditional update from RECEIVED, so
 * two runners (several server processes, the command) never expire one twice,
 * and a store accepting it at the same moment wins or loses cleanly. An order
 * whose card is still being charged (PENDING) is the checkout's to finish, and one whose
 * payment the provider has not decided (IN_PROCESS) the payment reconciliation's.
 */
export async function expireUnacceptedOrders(
  db: Database,
  now: Date = new Date(),
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
  mail?: OrderMail,
): Promise<ExpiredOrder[]> {
  const due = await db
    .select({
      appId: orders.appId,
      uid: orders.uid,
      coinTotal: orders.coinTotal,
      paymentStatus: orders.paymentStatus,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'RECEIVED'),
        isNotNull(orders.acceptBy),
        lt(orders.acceptBy, now),
        notInArray(orders.paymentStatus, ['PENDING', 'IN_PROCESS']),
      ),
    )
    .orderBy(asc(orders.acceptBy))
    .limit(BATCH);
  const expired: ExpiredOrder[] = [];
  for (const candidate of due) {
    try {
      const row = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(orders)
          .set({ ...canceledValues(candidate, 'CANCELED_BY_PLACE', now), cancelReason: 'expired' })
          .where(
            ofTenant(
              tenantRef(candidate.appId),
              orders,
              eq(orders.uid, candidate.uid),
              eq(orders.status, 'RECEIVED'),
              eq(orders.paymentStatus, candidate.paymentStatus),
            ),
          )
          .returning();
        if (claimed)
          await moveOrder(tx, candidate.appId, { ...candidate, status: 'RECEIVED' }, claimed);
        if (claimed) await undoCanceled(tx, candidate.appId, claimed);
        // The customer learns it from the transaction that cancels it, as for a store's cancel.
        if (claimed && mail)
          await queueCustomerNotice(
            tx,
            mail,
            candidate.appId,
            claimed.uid,
            { kind: 'canceled' },
            now,
          );
        return claimed;
      });
      if (!row) continue;
      await refundCanceled(db, row.appId, row, log, mail);
      expired.push({ appId: row.appId, uid: row.uid, number: row.number ?? 0 });
    } catch (err) {
      log?.error({ err, order: candidate.uid }, 'order expiry failed; the next run tries again');
    }
  }
  if (expired.length) log?.info({ orders: expired.length }, 'unaccepted orders expired');
  return expired;
}
