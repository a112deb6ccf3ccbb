import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderCounters } from '../../db/schema';
import { preparedOnce } from '../../db/placeholder';

const takeNumber = preparedOnce((db) =>
  db
    .insert(orderCounters)
    .values({ appId: sql.placeholder('tenant'), lastNumber: 1 })
    .onConflictDoUpdate({
      target: orderCounters.appId,
      set: { lastNumber: sql`${orderCounters.lastNumber} + 1` },
    })
    .returning({ number: orderCounters.lastNumber })
    .prepare(''),
);

/**
 * The next order number of a tenant, taken inside the order's transaction:
 * numbers are dense and per tenant, so a store's customers never learn how
 * many orders other stores take. The upsert makes the counter row on a
 * tenant's first order; the row lock queues concurrent orders of one tenant
 * only until their transactions end.
 */
export async function nextOrderNumber(tx: Tx, appId: string): Promise<number> {
  const [row] = await takeNumber(tx).execute({ tenant: appId });
  return row.number;
}
