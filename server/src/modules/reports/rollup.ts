import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn } from 'drizzle-orm/pg-core';
import { STORE_TIME_ZONE, type OrderStatus } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import {
  orderCounts,
  orderLines,
  orders,
  orderStatusDaily,
  productSalesDaily,
  productSalesMonthly,
  salesDaily,
  staffActivity,
  staffDaily,
  NO_PLACE,
  type SalesOutcome,
} from '../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';

/**
 * The reports' rollups (docs/decisions.md, "Reports read daily rollups"): every write that
 * changes what an order counts for (its creation, a cancellation, a refund, a removed line, a
 * released card order) moves the order's share in the same transaction, so the reports read a
 * few hundred rows per place and method a year, never the order history.
 *
 * An order counts on its creation day and hour in store time, under one outcome: canceled,
 * else refunded (payment REFUNDED), else a sale (the dashboard's definition).
 */

const CANCELED: readonly string[] = ['CANCELED_BY_PLACE', 'CANCELED_BY_USER'];

export function outcomeOf(row: { status: string; paymentStatus: string }): SalesOutcome {
  if (CANCELED.includes(row.status as OrderStatus)) return 'canceled';
  return row.paymentStatus === 'REFUNDED' ? 'refunded' : 'sale';
}

// The zone is a constant of the code, inlined so GROUP BY sees the same expression as SELECT.
const zone = sql.raw(`'${STORE_TIME_ZONE}'`);
const storeDay = sql<string>`(${orders.createdAt} AT TIME ZONE ${zone})::date`;
// The store month as its first day: the monthly product rollup's key.
const storeMonth = sql<string>`date_trunc('month', ${orders.createdAt} AT TIME ZONE ${zone})::date`;
const storeHour = sql<number>`extract(hour FROM ${orders.createdAt} AT TIME ZONE ${zone})::smallint`;
const outcomeSql = sql<SalesOutcome>`CASE WHEN ${orders.status} IN ('CANCELED_BY_PLACE', 'CANCELED_BY_USER') THEN 'canceled' WHEN ${orders.paymentStatus} = 'REFUNDED' THEN 'refunded' ELSE 'sale' END`;

/**
 * Adds (sign 1) or takes away (-1) the share of the orders matched by `where` under `outcome`
 * (null: each order's own). Three statements, the order rollup then the product ones (daily
 * and monthly); all are started at once (drizzle sends on `then`), so a caller may keep them in
 * its pipeline.
 */
function roll(
  db: Database | Tx,
  where: SQL,
  outcome: SalesOutcome | null,
  sign: 1 | -1,
): Promise<[unknown, unknown, unknown]> {
  const chosen = outcome ? sql<SalesOutcome>`${outcome}::text` : outcomeSql;
  const byOrder = db
    .insert(salesDaily)
    .select(
      db
        .select({
          appId: orders.appId,
          companyUid: orders.companyUid,
          day: sql<string>`${storeDay}`.as('day'),
          placeUid: orders.placeUid,
          hour: sql<number>`${storeHour}`.as('hour'),
          paymentMethodUid: orders.paymentMethodUid,
          outcome: sql<SalesOutcome>`${chosen}`.as('outcome'),
          orders: sql<number>`(${sign} * count(*))::int`.as('orders'),
          totalCents: sql<number>`(${sign} * sum(${orders.totalCents}))::bigint`.as('total_cents'),
          moneyOrders:
            sql<number>`(${sign} * count(*) filter (where ${orders.coinTotal} = 0))::int`.as(
              'money_orders',
            ),
        })
        .from(orders)
        .where(where)
        .groupBy(sql`1, 2, 3, 4, 5, 6, 7`),
    )
    .onConflictDoUpdate({
      target: [
        salesDaily.appId,
        salesDaily.companyUid,
        salesDaily.day,
        salesDaily.placeUid,
        salesDaily.hour,
        salesDaily.paymentMethodUid,
        salesDaily.outcome,
      ],
      set: {
        orders: sql`${salesDaily.orders} + excluded.orders`,
        totalCents: sql`${salesDaily.totalCents} + excluded.total_cents`,
        moneyOrders: sql`${salesDaily.moneyOrders} + excluded.money_orders`,
      },
    })
    .then((r) => r);
  const byProduct = rollProducts(db, productSalesDaily, storeDay, where, chosen, sign);
  const byMonth = rollProducts(db, productSalesMonthly, storeMonth, where, chosen, sign);
  return Promise.all([byOrder, byProduct, byMonth]);
}

/**
 * The product rollup of `table` (daily or monthly: `bucket` is the store day or its month's
 * first day), one INSERT ... SELECT over the orders' lines, started at once like `roll`'s.
 */
function rollProducts(
  db: Database | Tx,
  table: typeof productSalesDaily | typeof productSalesMonthly,
  bucket: SQL<string>,
  where: SQL,
  chosen: SQL<SalesOutcome>,
  sign: 1 | -1,
): Promise<unknown> {
  const daily = table === productSalesDaily;
  const key = daily ? productSalesDaily.day : productSalesMonthly.month;
  return db
    .insert(table)
    .select(
      db
        .select({
          appId: orders.appId,
          companyUid: orders.companyUid,
          // Named as the table's key: drizzle matches the selected fields to its columns.
          [daily ? 'day' : 'month']: sql<string>`${bucket}`.as(key.name),
          placeUid: orders.placeUid,
          productUid: orderLines.productUid,
          outcome: sql<SalesOutcome>`${chosen}`.as('outcome'),
          title: sql<string>`max(${orderLines.title})`.as('title'),
          quantity: sql<number>`(${sign} * sum(${orderLines.quantity}))::int`.as('quantity'),
          totalCents: sql<number>`(${sign} * sum(${orderLines.totalCents}))::bigint`.as(
            'total_cents',
          ),
        })
        .from(orders)
        .innerJoin(orderLines, sameTenant(orderLines, orders, eq(orderLines.orderUid, orders.uid)))
        .where(where)
        .groupBy(sql`1, 2, 3, 4, 5, 6`),
    )
    .onConflictDoUpdate({
      target: [table.appId, table.companyUid, key, table.placeUid, table.productUid, table.outcome],
      set: {
        title: sql`excluded.title`,
        quantity: sql`${table.quantity} + excluded.quantity`,
        totalCents: sql`${table.totalCents} + excluded.total_cents`,
      },
    })
    .then((r) => r);
}

/** The orders of a group, counted with the sign of the move (a counter's `orders` column). */
const signedCount = (sign: 1 | -1) => sql<number>`(${sign} * count(*))::int`.as('orders');

/** A counter's conflict clause: on its key, the orders counted are added to the row's. */
const addedOrders = (
  table: typeof orderStatusDaily | typeof orderCounts,
  target: IndexColumn[],
) => ({ target, set: { orders: sql`${table.orders} + excluded.orders` } });

/**
 * Adds (1) or takes away (-1) the orders matched by `where` in the dashboard's orders by status,
 * under `status` (null: each order's own). One statement, started at once like `roll`'s.
 */
function rollStatus(
  db: Database | Tx,
  where: SQL,
  status: string | null,
  sign: 1 | -1,
): Promise<unknown> {
  return db
    .insert(orderStatusDaily)
    .select(
      db
        .select({
          appId: orders.appId,
          companyUid: orders.companyUid,
          day: sql<string>`${storeDay}`.as('day'),
          placeUid: orders.placeUid,
          status: (status ? sql<string>`${status}::text` : sql<string>`${orders.status}`).as(
            'status',
          ),
          orders: signedCount(sign),
        })
        .from(orders)
        .where(where)
        .groupBy(sql`1, 2, 3, 4, 5`),
    )
    .onConflictDoUpdate(
      addedOrders(orderStatusDaily, [
        orderStatusDaily.appId,
        orderStatusDaily.companyUid,
        orderStatusDaily.day,
        orderStatusDaily.placeUid,
        orderStatusDaily.status,
      ]),
    )
    .then((r) => r);
}

/**
 * Adds (1) or takes away (-1) the orders matched by `where` in the orders list's counters, under
 * `status` and `paymentStatus` (null: each order's own). One statement, started at once.
 */
function rollCount(
  db: Database | Tx,
  where: SQL,
  sign: 1 | -1,
  as: { status: string; paymentStatus: string } | null,
): Promise<unknown> {
  return db
    .insert(orderCounts)
    .select(
      db
        .select({
          appId: orders.appId,
          companyUid: orders.companyUid,
          placeUid: orders.placeUid,
          status: (as ? sql<string>`${as.status}::text` : sql<string>`${orders.status}`).as(
            'status',
          ),
          paymentStatus: (as
            ? sql<string>`${as.paymentStatus}::text`
            : sql<string>`${orders.paymentStatus}`
          ).as('payment_status'),
          orders: signedCount(sign),
        })
        .from(orders)
        .where(where)
        .groupBy(sql`1, 2, 3, 4, 5`),
    )
    .onConflictDoUpdate(
      addedOrders(orderCounts, [
        orderCounts.appId,
        orderCounts.companyUid,
        orderCounts.placeUid,
        orderCounts.status,
        orderCounts.paymentStatus,
      ]),
    )
    .then((r) => r);
}

const oneOrder = (appId: string, orderUid: string) =>
  ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid));

/** A new order's share, as a sale; started at once so the checkout keeps it in its pipeline. */
export function rollNewOrder(tx: Tx, appId: string, orderUid: string): Promise<unknown> {
  const where = oneOrder(appId, orderUid);
  return Promise.all([
    roll(tx, where, 'sale', 1),
    rollStatus(tx, where, null, 1),
    rollCount(tx, where, 1, null),
  ]);
}

/**
 * Takes an order's share away under its outcome (before its lines change or it is deleted); a
 * deleted order (`deleted`) leaves the orders list's counters too, an order whose lines change
 * stays counted.
 */
export async function unrollOrder(
  tx: Tx,
  appId: string,
  order: { uid: string; status: string; paymentStatus: string },
  options: { deleted?: boolean } = {},
): Promise<void> {
  const where = oneOrder(appId, order.uid);
  await Promise.all([
    roll(tx, where, outcomeOf(order), -1),
    rollStatus(tx, where, order.status, -1),
    options.deleted ? rollCount(tx, where, -1, order) : undefined,
  ]);
}

/** Adds an order's share back under its outcome (after its lines changed). */
export async function rerollOrder(
  tx: Tx,
  appId: string,
  order: { uid: string; status: string; paymentStatus: string },
): Promise<void> {
  const where = oneOrder(appId, order.uid);
  await Promise.all([roll(tx, where, outcomeOf(order), 1), rollStatus(tx, where, order.status, 1)]);
}

/**
 * An order's status or payment changed from `before` to `after` (both read under the order's
 * row lock or by the conditional update itself): its share moves between outcomes, its count
 * between statuses, and its place in the orders list's counters, if they changed.
 */
export async function moveOrder(
  tx: Tx,
  appId: string,
  before: { status: string; paymentStatus: string },
  after: { uid: string; status: string; paymentStatus: string },
): Promise<void> {
  const where = oneOrder(appId, after.uid);
  if (before.status !== after.status || before.paymentStatus !== after.paymentStatus) {
    await rollCount(tx, where, -1, before);
    await rollCount(tx, where, 1, after);
  }
  if (before.status !== after.status) {
    await rollStatus(tx, where, before.status, -1);
    await rollStatus(tx, where, after.status, 1);
  }
  const from = outcomeOf(before);
  const to = outcomeOf(after);
  if (from === to) return;
  await roll(tx, where, from, -1);
  await roll(tx, where, to, 1);
}

/** One counter action in the staff rollup, in the transaction that writes its activity line. */
export async function rollStaffAction(
  tx: Tx,
  appId: string,
  action: {
    companyUid: string;
    placeUid: string | null;
    staffUserUid: string | null;
    kind: string;
  },
): Promise<void> {
  if (!action.staffUserUid) return;
  await tx
    .insert(staffDaily)
    .values({
      appId,
      companyUid: action.companyUid,
      // now(): the transaction's start, as the activity line's created_at default.
      day: sql<string>`(now() AT TIME ZONE ${zone})::date`,
      placeUid: action.placeUid ?? NO_PLACE,
      staffUserUid: action.staffUserUid,
      kind: action.kind,
      actions: 1,
    })
    .onConflictDoUpdate({
      target: [
        staffDaily.appId,
        staffDaily.companyUid,
        staffDaily.day,
        staffDaily.placeUid,
        staffDaily.staffUserUid,
        staffDaily.kind,
      ],
      set: { actions: sql`${staffDaily.actions} + 1` },
    });
}

/**
 * Rebuilds a tenant's rollups from its orders and counter actions (the backfill: migration 0048
 * did it for every tenant; the demo's seeded history and a tenant import call it after writing
 * orders by other ways). Within the caller's transaction.
 */
export async function rebuildRollups(db: Database | Tx, appId: string): Promise<void> {
  const tenant = tenantRef(appId);
  await db.delete(salesDaily).where(ofTenant(tenant, salesDaily));
  await db.delete(productSalesDaily).where(ofTenant(tenant, productSalesDaily));
  await db.delete(productSalesMonthly).where(ofTenant(tenant, productSalesMonthly));
  await db.delete(staffDaily).where(ofTenant(tenant, staffDaily));
  await db.delete(orderStatusDaily).where(ofTenant(tenant, orderStatusDaily));
  await db.delete(orderCounts).where(ofTenant(tenant, orderCounts));
  await roll(db, ofTenant(tenant, orders), null, 1);
  await rollStatus(db, ofTenant(tenant, orders), null, 1);
  await rollCount(db, ofTenant(tenant, orders), 1, null);
  const day = sql<string>`(${staffActivity.createdAt} AT TIME ZONE ${zone})::date`;
  await db.insert(staffDaily).select(
    db
      .select({
        appId: staffActivity.appId,
        companyUid: staffActivity.companyUid,
        day: sql<string>`${day}`.as('day'),
        placeUid: sql<string>`coalesce(${staffActivity.placeUid}, ${NO_PLACE}::uuid)`.as(
          'place_uid',
        ),
        staffUserUid: sql<string>`${staffActivity.staffUserUid}`.as('staff_user_uid'),
        kind: staffActivity.kind,
        actions: sql<number>`count(*)::int`.as('actions'),
      })
      .from(staffActivity)
      .where(ofTenant(tenant, staffActivity, isNotNull(staffActivity.staffUserUid)))
      .groupBy(sql`1, 2, 3, 4, 5, 6`),
  );
}
