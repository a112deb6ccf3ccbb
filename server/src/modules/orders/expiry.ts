import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { apps, orders } from '../../db/schema';
import { canceledValues, refundCanceled, undoCanceled } from './cancellation';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/** Orders looked at per run; the next run takes the rest. */
const BATCH = 500;

export type ExpiredOrder = { appId: string; uid: string; number: number };

/**
 * Orders the store never accepted: RECEIVED for longer than the tenant's
 * `apps.order_acceptance_minutes` (0: never) become CANCELED_BY_PLACE, and
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
    // eslint-disable-next-line no-restricted-syntax -- each order's own store row (its acceptance window), not a tenant filter: the job runs over every store.
    .innerJoin(apps, eq(apps.uid, orders.appId))
    .where(
      and(
        eq(orders.status, 'RECEIVED'),
        notInArray(orders.paymentStatus, ['PENDING', 'IN_PROCESS']),
        gt(apps.orderAcceptanceMinutes, 0),
        sql`${orders.createdAt} < ${now.toISOString()}::timestamptz - make_interval(mins => ${apps.orderAcceptanceMinutes})`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  const expired: ExpiredOrder[] = [];
  for (const candidate of due) {
    try {
      const row = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(orders)
          .set(canceledValues(candidate, 'CANCELED_BY_PLACE', now))
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
        if (claimed) await undoCanceled(tx, candidate.appId, claimed);
        return claimed;
      });
      if (!row) continue;
      await refundCanceled(db, row.appId, row, log);
      expired.push({ appId: row.appId, uid: row.uid, number: row.number ?? 0 });
    } catch (err) {
      log?.error({ err, order: candidate.uid }, 'order expiry failed; the next run tries again');
    }
  }
  if (expired.length) log?.info({ orders: expired.length }, 'unaccepted orders expired');
  return expired;
}
