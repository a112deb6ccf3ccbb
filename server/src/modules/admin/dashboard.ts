import { and, desc, eq, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
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
  type OrderStatus,
} from '@store/contract';
import {
  loyaltyLedger,
  orderLines,
  orders,
  programMembers,
  programs,
  redemptions,
} from '../../db/schema';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import { adminPlace, type AdminScope } from './guard';

const periodDays = { today: 1, '7d': 7, '30d': 30 } as const;
const CANCELED: OrderStatus[] = ['CANCELED_BY_PLACE', 'CANCELED_BY_USER'];

/**
 * The back-office dashboard (definitions in docs/decisions.md, "Back office dashboard").
 * Orders are read through (app_id, company_uid | place_uid, created_at), one range scan
 * per query; loyalty figures through the (app_id, program_uid, time) indexes of the
 * company's programs. bench/dashboard.ts times it on 100,000 orders.
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

  const inOrders: SQL = ofTenant(
    admin,
    orders,
    eq(orders.companyUid, admin.company.uid),
    place
      ? eq(orders.placeUid, place.uid)
      : admin.limitedToPlaces
        ? inArray(
            orders.placeUid,
            admin.places.map((p) => p.uid),
          )
        : undefined,
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
  );
  /** A sale: an order neither canceled nor refunded. */
  const isSale = and(notInArray(orders.status, CANCELED), ne(orders.paymentStatus, 'REFUNDED'))!;
  // The zone is a constant of the code, inlined so GROUP BY sees the same expression as SELECT.
  const zone = sql.raw(`'${STORE_TIME_ZONE}'`);
  const day = sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;

  const perDayStatus = await admin.db
    .select({
      day,
      status: orders.status,
      count: sql<number>`count(*)::int`,
      sales: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${isSale}), 0)::bigint`,
      saleOrders: sql<number>`count(*) filter (where ${isSale})::int`,
      moneyOrders: sql<number>`count(*) filter (where ${isSale} and ${orders.coinTotal} = 0)::int`,
    })
    .from(orders)
    .where(inOrders)
    .groupBy(day, orders.status);

  const topProducts = await admin.db
    .select({
      uid: orderLines.productUid,
      title: sql<string>`max(${orderLines.title})`,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
      sales: sql<number>`sum(${orderLines.totalCents})::bigint`,
    })
    .from(orderLines)
    .innerJoin(orders, sameTenant(orders, orderLines, eq(orders.uid, orderLines.orderUid)))
    .where(and(inOrders, isSale))
    .groupBy(orderLines.productUid)
    .orderBy(
      desc(sql`sum(${orderLines.quantity})`),
      desc(sql`sum(${orderLines.totalCents})`),
      orderLines.productUid,
    )
    .limit(5);

  const companyPrograms = admin.db
    .select({ uid: programs.uid })
    .from(programs)
    .where(ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid)));

  const ledger = await admin.db
    .select({
      currency: loyaltyLedger.currency,
      issued: sql<number>`coalesce(sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.kind} = 'earn'), 0)::bigint`,
      spent: sql<number>`coalesce(-sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.kind} = 'spend'), 0)::bigint`,
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
    )
    .groupBy(loyaltyLedger.currency);

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
  const byStatus = new Map<string, number>();
  let sales = 0;
  let saleOrders = 0;
  let moneyOrders = 0;
  for (const row of perDayStatus) {
    const cents = Number(row.sales);
    const slot = days.get(row.day);
    if (slot) {
      slot.sales += cents;
      slot.orders += row.saleOrders;
    }
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.count);
    sales += cents;
    saleOrders += row.saleOrders;
    moneyOrders += row.moneyOrders;
  }
  const currency = (c: 'POINTS' | 'COINS') => ledger.find((l) => l.currency === c);

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
    points_issued: Number(currency('POINTS')?.issued ?? 0),
    points_spent: Number(currency('POINTS')?.spent ?? 0),
    coins_issued: Number(currency('COINS')?.issued ?? 0),
    coins_spent: Number(currency('COINS')?.spent ?? 0),
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
