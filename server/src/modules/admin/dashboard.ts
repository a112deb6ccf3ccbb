import { and, desc, asc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import {
  addDays,
  centsToMoney,
  orderStatuses,
  storeDateOf,
  storeDayEnd,
  storeDayStart,
  STORE_TIME_ZONE,
  type AdminDashboard,
  type AdminDashboardQuery,
} from '@store/contract';
import {
  loyaltyLedger,
  NO_PLACE,
  orderStatusDaily,
  programMembers,
  programs,
  redemptions,
  salesDaily,
} from '../../db/schema';
import { ofTenant } from '../../scope/tenant-query';
import { productSalesRows } from '../reports/product-sales';
import { adminPlace, type AdminScope } from './guard';

const periodDays = { today: 1, '7d': 7, '30d': 30 } as const;

/**
 * The back-office dashboard (definitions in docs/decisions.md, "Back office dashboard").
 * Order figures are read from the daily rollups (a range of the company's days); loyalty
 * figures through the (app_id, program_uid, time) indexes of the company's programs.
 * bench/dashboard.ts times it on 100,000 orders, bench:scale up to 10^7.
 */
export async function dashboard(
  admin: AdminScope,
  query: AdminDashboardQuery,
): Promise<AdminDashboard> {
  const place = query.place ? adminPlace(admin, query.place) : null;
  const to = storeDateOf(admin.clock());
  const from = addDays(to, 1 - periodDays[query.period]);
  const start = storeDayStart(from);
  const end = storeDayEnd(to);

  // The order figures come from the reports' rollups (reports/rollup.ts), kept in the orders'
  // own transactions: a row per day, place and status (or outcome, or product) instead of the
  // period's orders, so the dashboard costs the same for a store of ten million orders.
  const places = place
    ? [place.uid]
    : admin.limitedToPlaces
      ? admin.places.map((p) => p.uid)
      : undefined;
  const inRollup = (table: typeof salesDaily | typeof orderStatusDaily) =>
    ofTenant(
      admin,
      table,
      eq(table.companyUid, admin.company.uid),
      places ? inArray(table.placeUid, places.length ? places : [NO_PLACE]) : undefined,
      gte(table.day, from),
      lte(table.day, to),
    );

  const [perDay, perStatus, topProducts] = await Promise.all([
    admin.db
      .select({
        day: sql<string>`to_char(${salesDaily.day}, 'YYYY-MM-DD')`,
        sales: sql<number>`sum(${salesDaily.totalCents})::bigint`,
        saleOrders: sql<number>`sum(${salesDaily.orders})::int`,
        moneyOrders: sql<number>`sum(${salesDaily.moneyOrders})::int`,
      })
      .from(salesDaily)
      .where(and(inRollup(salesDaily), eq(salesDaily.outcome, 'sale')))
      .groupBy(salesDaily.day),
    admin.db
      .select({
        status: orderStatusDaily.status,
        count: sql<number>`sum(${orderStatusDaily.orders})::int`,
      })
      .from(orderStatusDaily)
      .where(inRollup(orderStatusDaily))
      .groupBy(orderStatusDaily.status),
    topProductsOf(admin, places, from, to),
  ]);

  const companyPrograms = admin.db
    .select({ uid: programs.uid })
    .from(programs)
    .where(ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid)));

  // One row of four sums, not a group per currency: the planner cannot see how many lines a
  // program has in the period (it guessed 186 for 244,251 at 10^7 orders) and sorted them for the
  // group, on disk (docs/scaling-plans-10m.md). A spend is a negative amount: what was spent is
  // its opposite.
  const moved = (currency: 'POINTS' | 'COINS', kind: 'earn' | 'spend') =>
    sql<number>`coalesce(${sql.raw(kind === 'spend' ? '-' : '')}sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.kind} = ${kind} and ${loyaltyLedger.currency} = ${currency}), 0)::bigint`;
  const [ledger] = await admin.db
    .select({
      pointsIssued: moved('POINTS', 'earn'),
      pointsSpent: moved('POINTS', 'spend'),
      coinsIssued: moved('COINS', 'earn'),
      coinsSpent: moved('COINS', 'spend'),
    })
    .from(loyaltyLedger)
    .where(
      ofTenant(
        admin,
        loyaltyLedger,
        inArray(loyaltyLedger.programUid, companyPrograms),
        inArray(loyaltyLedger.currency, ['POINTS', 'COINS']),
        gte(loyaltyLedger.createdAt, start),
        lt(loyaltyLedger.createdAt, end),
      ),
    );

  const [members] = await admin.db
    .select({ count: sql<number>`count(distinct ${programMembers.userUid})::int` })
    .from(programMembers)
    .where(
      ofTenant(
        admin,
        programMembers,
        inArray(programMembers.programUid, companyPrograms),
        gte(programMembers.joinedAt, start),
        lt(programMembers.joinedAt, end),
      ),
    );

  const [taken] = await admin.db
    .select({ count: sql<number>`count(*)::int` })
    .from(redemptions)
    .where(
      ofTenant(
        admin,
        redemptions,
        inArray(redemptions.programUid, companyPrograms),
        ne(redemptions.status, 'CANCELLED'),
        gte(redemptions.createdAt, start),
        lt(redemptions.createdAt, end),
      ),
    );

  const days = new Map<string, { sales: number; orders: number }>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, { sales: 0, orders: 0 });
  const byStatus = new Map(perStatus.map((r) => [r.status, r.count]));
  let sales = 0;
  let saleOrders = 0;
  let moneyOrders = 0;
  for (const row of perDay) {
    const cents = Number(row.sales);
    const slot = days.get(row.day);
    if (slot) {
      slot.sales += cents;
      slot.orders += row.saleOrders;
    }
    sales += cents;
    saleOrders += row.saleOrders;
    moneyOrders += row.moneyOrders;
  }

  return {
    period: query.period,
    from,
    to,
    time_zone: STORE_TIME_ZONE,
    place,
    sales: centsToMoney(sales),
    orders: saleOrders,
    average_ticket: centsToMoney(moneyOrders ? Math.round(sales / moneyOrders) : 0),
    new_members: members.count,
    points_issued: Number(ledger.pointsIssued),
    points_spent: Number(ledger.pointsSpent),
    coins_issued: Number(ledger.coinsIssued),
    coins_spent: Number(ledger.coinsSpent),
    redemptions: taken.count,
    sales_per_day: [...days].map(([date, d]) => ({
      date,
      sales: centsToMoney(d.sales),
      orders: d.orders,
    })),
    top_products: topProducts.map((p) => ({
      uid: p.uid,
      title: p.title,
      quantity: p.quantity,
      sales: centsToMoney(Number(p.sales)),
    })),
    orders_by_status: orderStatuses.map((status) => ({
      status,
      count: byStatus.get(status) ?? 0,
    })),
  };
}

/**
 * The period's five best sellers by units: the product rollup as whole months and edge days
 * (reports/product-sales.ts), the sums the daily rollup alone gives.
 */
function topProductsOf(admin: AdminScope, places: string[] | undefined, from: string, to: string) {
  const rows = productSalesRows({
    db: admin.db,
    tenant: admin,
    companyUid: admin.company.uid,
    places,
    periods: [{ from, to, current: true }],
    outcome: 'sale',
    today: to,
  });
  const quantity = sql`sum(${rows.quantity})`;
  const cents = sql`sum(${rows.totalCents})`;
  return (
    admin.db
      .select({
        uid: rows.productUid,
        title: sql<string>`max(${rows.title})`,
        quantity: sql<number>`${quantity}::int`,
        sales: sql<number>`${cents}::bigint`,
      })
      .from(rows)
      .groupBy(rows.productUid)
      // A product whose every sale was taken back (a removed line) is not a top product.
      .having(sql`${quantity} > 0`)
      .orderBy(desc(quantity), desc(cents), asc(rows.productUid))
      .limit(5)
  );
}
