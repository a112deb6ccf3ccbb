import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** staff_daily's place of a counter action that named none (a key column cannot be null). */
export const NO_PLACE = '00000000-0000-0000-0000-000000000000';

/** Why a place's stock of a product changed (contract `stockMovementReason`). */
export type StockMovementReason =
  | 'sale'
  | 'cancellation'
  | 'line_removal'
  | 'released'
  | 'redemption'
  | 'manual'
  | 'import'
  | 'bulk';

/**
 * Every change of a counted stock (place_products.stock not null), written by the statement or in
 * the transaction that changes it: the delta, the count after it, why, and who (the buyer of a
 * sale, the staff or owner of the rest; null for the server's own runs). No foreign keys to the
 * product or the order: the history outlives a deleted product, as the audit log does.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    appId: uuid('app_id').notNull(),
    uid: uuid('uid').notNull().defaultRandom(),
    placeUid: uuid('place_uid').notNull(),
    productUid: uuid('product_uid').notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after'),
    reason: text('reason').$type<StockMovementReason>().notNull(),
    orderUid: uuid('order_uid'),
    actorUid: uuid('actor_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    index('stock_movements_product_idx').on(t.appId, t.productUid, t.createdAt),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} IN ('sale', 'cancellation', 'line_removal', 'released', 'redemption', 'manual', 'import', 'bulk')`,
    ),
  ],
);

/** Where an order's money counts in the reports: kept, canceled, or refunded (not canceled). */
export const salesOutcomes = ['sale', 'canceled', 'refunded'] as const;
export type SalesOutcome = (typeof salesOutcomes)[number];

// Written from the list (the same SQL as before: no migration), so the two cannot part.
const outcomeCheck = (name: string, column: unknown) =>
  check(name, sql`${column} IN (${sql.raw(salesOutcomes.map((o) => `'${o}'`).join(', '))})`);

/**
 * The reports' orders rollup: per company, store day and hour (America/Lima), place, payment
 * method and outcome, the count and total of the orders created then. Written in the order's
 * own transactions (checkout, status changes, refunds, line removals: reports/rollup.ts), so a
 * report over a year reads at most 365 x 24 rows per place and method, never the orders.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    placeUid: uuid('place_uid').notNull(),
    hour: smallint('hour').notNull(),
    paymentMethodUid: uuid('payment_method_uid').notNull(),
    outcome: text('outcome').$type<SalesOutcome>().notNull(),
    orders: integer('orders').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** Of `orders`, those paid without coins: the dashboard's average ticket divides by them. */
    moneyOrders: integer('money_orders').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.appId, t.companyUid, t.day, t.placeUid, t.hour, t.paymentMethodUid, t.outcome],
    }),
    outcomeCheck('sales_daily_outcome_check', t.outcome),
  ],
);

/**
 * Orders per company, store day, place and status, for the dashboard's "orders by status": moved
 * in the transaction of every status change (reports/rollup.ts), as the sales rollup is, so the
 * dashboard reads a row per day and status instead of the period's orders.
 */
export const orderStatusDaily = pgTable(
  'order_status_daily',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    placeUid: uuid('place_uid').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.companyUid, t.day, t.placeUid, t.status] })],
);

/**
 * How many orders a company has per place, status and payment status, whatever their day: the
 * back office's orders list answers its exact count from these few rows (a sum per company, or
 * per place, status or payment status) instead of counting the company's orders (issue 41,
 * docs/decisions.md "The orders list counts from counters"). Moved in the transactions that
 * create, move or delete an order, with the rollups (reports/rollup.ts). PENDING card orders
 * have their row too (the list leaves them out by its filter, as it does the orders).
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    placeUid: uuid('place_uid').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.companyUid, t.placeUid, t.status, t.paymentStatus] })],
);

/** The same rollup per product (quantity and line totals), for the product and category reports. */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    placeUid: uuid('place_uid').notNull(),
    productUid: uuid('product_uid').notNull(),
    outcome: text('outcome').$type<SalesOutcome>().notNull(),
    /** The last title sold under, so a deleted product still has a name in old reports. */
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.appId, t.companyUid, t.day, t.placeUid, t.productUid, t.outcome],
    }),
    outcomeCheck('product_sales_daily_outcome_check', t.outcome),
  ],
);

/**
 * The product rollup per store month (`month`: its first day), kept beside the daily one in the
 * same statements (reports/rollup.ts): a range of days is read as whole months, less or plus
 * the days at its edges from the daily table (reports/product-sales.ts), so 30 days of a store
 * of ten thousand products are a few tens of thousands of rows instead of a row per product,
 * place and day.
 */
export const productSalesMonthly = pgTable(
  'product_sales_monthly',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    placeUid: uuid('place_uid').notNull(),
    productUid: uuid('product_uid').notNull(),
    outcome: text('outcome').$type<SalesOutcome>().notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.appId, t.companyUid, t.month, t.placeUid, t.productUid, t.outcome],
    }),
    outcomeCheck('product_sales_monthly_outcome_check', t.outcome),
  ],
);

/**
 * Counter actions per staff member and store day (redemptions, stamps, points), written with the
 * staff_activity line in its transaction: the staff report reads this, not the activity history.
 */
export const staffDaily = pgTable(
  'staff_daily',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The place of the action; NO_PLACE (the nil uuid) when it named none. */
    placeUid: uuid('place_uid').notNull(),
    staffUserUid: uuid('staff_user_uid').notNull(),
    kind: text('kind').notNull(),
    actions: integer('actions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.companyUid, t.day, t.placeUid, t.staffUserUid, t.kind] }),
  ],
);
