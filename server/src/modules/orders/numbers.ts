import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { orderCounters, orders } from '../../db/schema';
import { placeholder, preparedOnce } from '../../db/placeholder';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/**
 * The tenant's next order number, as a CTE for the statement that writes it on the order: the
 * counter's upsert and the order's update go as one statement, one round trip holding the lock.
 */
function nextNumber(db: Database | Tx, tenant: string) {
  const take = db
    .insert(orderCounters)
    .values({ appId: tenant, lastNumber: 1 })
    .onConflictDoUpdate({
      target: orderCounters.appId,
      set: { lastNumber: sql`${orderCounters.lastNumber} + 1` },
    })
    .returning({ number: orderCounters.lastNumber });
  // Bare SQL: PostgreSQL takes no parentheses around a data-modifying CTE's own statement.
  const taken = db
    .$with('taken', { number: sql<number>`last_number`.as('last_number') })
    .as(take.getSQL());
  return { taken, number: sql<number>`(select ${taken.number} from ${taken})` };
}

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

const numberOrderOnce = preparedOnce((db) => {
  const tenant = placeholder<string>('tenant');
  const { taken, number } = nextNumber(db, tenant);
  return db
    .with(taken)
    .update(orders)
    .set({ number })
    .where(ofTenant(tenantRef(tenant), orders, eq(orders.uid, placeholder<string>('order'))))
    .returning()
    .prepare('');
});

/**
 * Gives a reserved order the tenant's next number and answers the order as it now is. The
 * counter's row is locked for every order of the store until this transaction commits, so it is
 * taken last, after the order, its lines and the stock are written: what still runs while the
 * store's other orders wait is this statement, the confirmation mail and the commit.
 */
export async function numberOrder(tx: Tx, appId: string, orderUid: string) {
  const [row] = await numberOrderOnce(tx).execute({ tenant: appId, order: orderUid });
  return row as typeof orders.$inferSelect;
}

/** The same statement with more of the order's columns set (a charged card's payment). */
export function numberOrderWith(
  tx: Tx,
  appId: string,
  orderUid: string,
  set: Omit<Partial<typeof orders.$inferInsert>, 'number'>,
) {
  const { taken, number } = nextNumber(tx, appId);
  return tx
    .with(taken)
    .update(orders)
    .set({ ...set, number })
    .where(ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid)))
    .returning();
}
