import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays, centsToMoney, storeDayStart } from '@store/contract';
import {
  orderLines,
  orders,
  placeProducts,
  places,
  products,
  productSalesDaily,
  productSalesMonthly,
} from '../src/db/schema';
import { rebuildRollups } from '../src/modules/reports/rollup';
import { composeDays } from '../src/modules/reports/product-sales';
import { startTestApp, type TestApp } from './support/test-app';
import { makeStaffShop, placeOrder, type StaffShop } from './support/staff';

/**
 * The product figures of the dashboard and the reports read whole months from
 * `product_sales_monthly` and the edge days from `product_sales_daily` (issue 41): whatever the
 * range and the day it is asked on, the answer is the daily table's alone. Orders across month
 * boundaries (placed through the checkout, then dated and moved in the database, their rollups
 * rebuilt), sold, canceled and refunded, at two places, beside another company and another
 * tenant with orders on the same days; the clock walks across the months.
 */
let now = new Date();
let t: TestApp;
let s: StaffShop;
let other: StaffShop;
const at = (date: string, hour: number) =>
  new Date(storeDayStart(date).getTime() + hour * 3600_000);

type Sale = {
  day: string;
  hour: number;
  place: 'a' | 'b' | 'rival';
  product: 'cake' | 'mug' | 'pin';
  quantity: number;
  status?: string;
  refunded?: boolean;
};

/** One sale: its store day and hour, place, product and quantity, and how it ended if not sold. */
const sale = (
  day: string,
  hour: number,
  place: Sale['place'],
  product: Sale['product'],
  quantity: number,
  end: Pick<Sale, 'status' | 'refunded'> = {},
): Sale => ({ day, hour, place, product, quantity, ...end });

// Month ends, month starts and the late-night edge (23:30 in Lima is the next day in UTC).
const sales: Sale[] = [
  sale('2026-01-20', 10, 'a', 'cake', 2),
  sale('2026-01-31', 23, 'a', 'mug', 5),
  sale('2026-01-31', 12, 'b', 'cake', 1, { refunded: true }),
  sale('2026-02-01', 0, 'a', 'pin', 3),
  sale('2026-02-01', 9, 'b', 'cake', 4),
  sale('2026-02-02', 11, 'a', 'cake', 1, { status: 'CANCELED_BY_PLACE' }),
  sale('2026-02-10', 15, 'b', 'mug', 2),
  sale('2026-02-14', 20, 'a', 'cake', 6),
  sale('2026-02-27', 8, 'a', 'pin', 1, { status: 'CANCELED_BY_USER' }),
  sale('2026-02-28', 23, 'b', 'pin', 7),
  sale('2026-03-01', 1, 'a', 'mug', 2, { refunded: true }),
  sale('2026-03-01', 13, 'a', 'cake', 3),
  sale('2026-03-05', 10, 'b', 'cake', 2),
  sale('2026-03-15', 10, 'a', 'mug', 4),
  sale('2026-03-16', 16, 'b', 'pin', 2, { status: 'CANCELED_BY_PLACE' }),
  sale('2026-03-31', 23, 'a', 'pin', 1),
  sale('2026-04-01', 7, 'b', 'mug', 3),
  sale('2026-04-03', 12, 'a', 'cake', 5, { refunded: true }),
  sale('2026-04-04', 12, 'a', 'cake', 1),
  // Another company of the tenant: never in main's figures.
  sale('2026-02-15', 12, 'rival', 'cake', 9),
  sale('2026-03-02', 12, 'rival', 'cake', 9),
];

/** Places an order, then dates it and moves it to `sale`'s product, quantity and outcome. */
async function order(shop: StaffShop, sale: Sale) {
  const place = shop.places[sale.place];
  // Placed at A, then moved to the rival's place and company if it is the rival's.
  const placed = await placeOrder(t, shop, shop.auth.ana, shop.places.a, { quantity: 1 });
  const [where] = await t.db
    .select({ company: places.companyUid })
    .from(places)
    .where(and(eq(places.appId, shop.app.uid), eq(places.uid, place)));
  const title = { cake: 'Torta', mug: 'Taza canjeable', pin: 'Pin canjeable' }[sale.product];
  const [product] = await t.db
    .select({ uid: products.uid })
    .from(products)
    .where(
      and(
        eq(products.appId, shop.app.uid),
        eq(products.title, sale.place === 'rival' ? 'Torta rival' : title),
      ),
    );
  const unit = { cake: 1000, mug: 700, pin: 300 }[sale.product];
  await t.db
    .update(orderLines)
    .set({
      productUid: product.uid,
      title,
      quantity: sale.quantity,
      totalCents: unit * sale.quantity,
    })
    .where(and(eq(orderLines.appId, shop.app.uid), eq(orderLines.orderUid, placed.uid)));
  await t.db
    .update(orders)
    .set({
      createdAt: at(sale.day, sale.hour),
      placeUid: place,
      companyUid: where.company,
      status: sale.status ?? 'DELIVERED',
      paymentStatus: sale.refunded ? 'REFUNDED' : 'PAID',
    })
    .where(and(eq(orders.appId, shop.app.uid), eq(orders.uid, placed.uid)));
}

before(async () => {
  t = await startTestApp({ seedDemo: false, clock: () => now });
  s = await makeStaffShop(t, 'months');
  other = await makeStaffShop(t, 'months-other');
  // Stock for every order the test places.
  for (const shop of [s, other])
    await t.db
      .update(placeProducts)
      .set({ stock: 1000 })
      .where(eq(placeProducts.appId, shop.app.uid));
  for (const sale of sales) await order(s, sale);
  // Another tenant, the same days and a place of the same name: never in main's figures.
  for (const sale of sales.slice(0, 12)) await order(other, { ...sale, quantity: 8 });
  for (const shop of [s, other]) await rebuildRollups(t.db, shop.app.uid);
});
after(() => t?.close());

const company = async () =>
  (
    await t.db
      .select({ company: orders.companyUid })
      .from(orders)
      .where(and(eq(orders.appId, s.app.uid), eq(orders.placeUid, s.places.a)))
      .limit(1)
  )[0].company;

/** The report's product figures from the daily table alone, as the report read them before. */
async function dailyReport(from: string, to: string, place?: string) {
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const rows = await t.db
    .select({
      current: sql<boolean>`${productSalesDaily.day} >= ${from}::date`,
      product: productSalesDaily.productUid,
      outcome: productSalesDaily.outcome,
      quantity: sql<number>`sum(${productSalesDaily.quantity})::int`,
      cents: sql<number>`sum(${productSalesDaily.totalCents})::bigint`,
    })
    .from(productSalesDaily)
    .where(
      and(
        eq(productSalesDaily.appId, s.app.uid),
        eq(productSalesDaily.companyUid, await company()),
        gte(productSalesDaily.day, addDays(from, -length)),
        lte(productSalesDaily.day, to),
        place ? inArray(productSalesDaily.placeUid, [place]) : undefined,
      ),
    )
    .groupBy(sql`1, 2, 3`)
    .having(
      sql`sum(${productSalesDaily.quantity}) <> 0 or sum(${productSalesDaily.totalCents}) <> 0`,
    );
  const byProduct = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const p = byProduct.get(r.product) ?? {
      count: 0,
      sales: 0,
      previous_count: 0,
      previous_sales: 0,
      canceled_count: 0,
      canceled_sales: 0,
      refunded_count: 0,
      refunded_sales: 0,
    };
    byProduct.set(r.product, p);
    const slot = !r.current
      ? r.outcome === 'sale'
        ? 'previous_'
        : null
      : r.outcome === 'sale'
        ? ''
        : `${r.outcome}_`;
    if (slot === null) continue;
    p[`${slot}count`] += r.quantity;
    p[`${slot}sales`] += Number(r.cents);
  }
  return [...byProduct]
    .map(([key, p]) => ({
      key,
      ...Object.fromEntries(
        Object.entries(p).map(([k, v]) => [k, k.endsWith('sales') ? centsToMoney(v) : v]),
      ),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The dashboard's top products from the daily table alone. */
async function dailyTop(from: string, to: string) {
  const rows = await t.db
    .select({
      uid: productSalesDaily.productUid,
      quantity: sql<number>`sum(${productSalesDaily.quantity})::int`,
      cents: sql<number>`sum(${productSalesDaily.totalCents})::bigint`,
    })
    .from(productSalesDaily)
    .where(
      and(
        eq(productSalesDaily.appId, s.app.uid),
        eq(productSalesDaily.companyUid, await company()),
        eq(productSalesDaily.outcome, 'sale'),
        gte(productSalesDaily.day, from),
        lte(productSalesDaily.day, to),
      ),
    )
    .groupBy(productSalesDaily.productUid)
    .having(sql`sum(${productSalesDaily.quantity}) > 0`)
    .orderBy(sql`2 desc, 3 desc, 1`)
    .limit(5);
  return rows.map((r) => ({
    uid: r.uid,
    quantity: r.quantity,
    sales: centsToMoney(Number(r.cents)),
  }));
}

const fields = [
  'key',
  'count',
  'sales',
  'previous_count',
  'previous_sales',
  'canceled_count',
  'canceled_sales',
  'refunded_count',
  'refunded_sales',
] as const;

async function report(from: string, to: string, place?: string) {
  const query = `from=${from}&to=${to}${place ? `&place=${place}` : ''}`;
  const res = await t.get(`/api/v5/admin/reports/?${query}`, {
    host: s.host,
    headers: s.auth.owner,
  });
  assert.equal(res.statusCode, 200, res.body);
  return (res.data.by_product as Record<string, unknown>[])
    .map((p) => Object.fromEntries(fields.map((f) => [f, p[f]])))
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

describe('product figures from months and edge days', () => {
  test('the composition reads whole months, less their outside days, where that is cheaper', () => {
    // 30 days ending on 4 March: February whole less its first two days, March to date (its
    // days after today are taken away, at no cost: nothing is dated there yet).
    assert.deepEqual(composeDays('2026-02-03', '2026-03-04', '2026-03-04'), {
      months: ['2026-02-01', '2026-03-01'],
      plus: [],
      minus: [
        { from: '2026-02-01', to: '2026-02-02' },
        { from: '2026-03-05', to: '2026-03-31' },
      ],
    });
    // The same days asked later: March's last days now cost, so its four days are read.
    assert.deepEqual(composeDays('2026-02-03', '2026-03-04', '2026-04-10').plus, [
      { from: '2026-03-01', to: '2026-03-04' },
    ]);
    // Ending mid-month, the days are cheaper than the month.
    assert.deepEqual(composeDays('2026-02-16', '2026-03-17', '2026-03-17').months, ['2026-03-01']);
    assert.deepEqual(composeDays('2026-02-16', '2026-03-17', '2026-03-17').plus, [
      { from: '2026-02-16', to: '2026-02-28' },
    ]);
    // A whole month is always the month; days after today cost nothing to take away.
    assert.deepEqual(composeDays('2026-01-01', '2026-01-31', '2026-05-01').months, ['2026-01-01']);
    assert.deepEqual(composeDays('2026-04-01', '2026-04-10', '2026-04-10'), {
      months: ['2026-04-01'],
      plus: [],
      minus: [{ from: '2026-04-11', to: '2026-04-30' }],
    });
  });

  test('the dashboard and the report equal the daily table alone, every day across the months', async () => {
    const main = await company();
    assert.ok(main);
    for (let today = '2026-01-25'; today <= '2026-04-12'; today = addDays(today, 3)) {
      now = at(today, 12);
      for (const period of ['7d', '30d'] as const) {
        const res = await t.get(`/api/v5/admin/dashboard/?period=${period}`, {
          host: s.host,
          headers: s.auth.owner,
        });
        assert.equal(res.statusCode, 200, res.body);
        const from = addDays(today, period === '7d' ? -6 : -29);
        const top = res.data.top_products.map((p: Record<string, unknown>) => ({
          uid: p.uid,
          quantity: p.quantity,
          sales: p.sales,
        }));
        assert.deepEqual(top, await dailyTop(from, today), `dashboard ${period} on ${today}`);
      }
      const from = addDays(today, -29);
      assert.deepEqual(
        await report(from, today),
        await dailyReport(from, today),
        `report on ${today}`,
      );
      assert.deepEqual(
        await report(from, today, s.places.b),
        await dailyReport(from, today, s.places.b),
        `report at B on ${today}`,
      );
    }
    now = at('2026-04-12', 12);
    for (const [from, to] of [
      ['2026-01-31', '2026-03-01'],
      ['2026-02-01', '2026-02-28'],
      ['2026-02-15', '2026-03-14'],
      ['2026-01-01', '2026-04-30'],
      ['2026-03-31', '2026-04-01'],
    ]) {
      const expected = await dailyReport(from, to);
      assert.deepEqual(await report(from, to), expected, `report ${from}..${to}`);
      assert.ok(expected.length > 0 || from === '2026-03-31');
    }
    // The other tenant's and the rival's orders are in their own rollups, not in main's.
    const months = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productSalesMonthly)
      .where(eq(productSalesMonthly.appId, other.app.uid));
    assert.ok(months[0].n > 0);
    const refunded = await report('2026-01-01', '2026-04-30');
    const cake = refunded.find((p) => p.refunded_count === 6);
    assert.ok(cake, 'the refunded cakes of January and April');
  });

  test('concurrent orders keep each month the sum of its days', async () => {
    now = new Date();
    const buyers = ['owner', 'staff', 'validator', 'ana', 'rosa'] as const;
    const placed = await Promise.all(
      buyers.map((b) =>
        placeOrder(t, s, s.auth[b], b === 'rosa' ? s.places.b : s.places.a, { quantity: 2 }),
      ),
    );
    // A cancellation racing new orders: its share moves in both rollups in its transaction.
    await Promise.all([
      t.post(`/api/v5/admin/orders/${placed[0].uid}/cancel/`, undefined, {
        host: s.host,
        headers: s.auth.owner,
      }),
      placeOrder(t, s, s.auth.nobody, s.places.a, { quantity: 1 }),
      placeOrder(t, s, s.auth.ana, s.places.b, { quantity: 3 }),
    ]);
    const mismatched = await t.db.execute(sql`
      SELECT m.month, m.place_uid, m.product_uid, m.outcome
      FROM ${productSalesMonthly} m
      FULL JOIN (
        SELECT app_id, company_uid, date_trunc('month', day::timestamp)::date AS month, place_uid,
          product_uid, outcome, sum(quantity)::int AS quantity, sum(total_cents)::bigint AS total_cents
        FROM ${productSalesDaily} WHERE app_id = ${s.app.uid}::uuid GROUP BY 1, 2, 3, 4, 5, 6
      ) d ON d.app_id = m.app_id AND d.company_uid = m.company_uid AND d.month = m.month
        AND d.place_uid = m.place_uid AND d.product_uid = m.product_uid AND d.outcome = m.outcome
      WHERE (m.app_id = ${s.app.uid}::uuid OR d.app_id = ${s.app.uid}::uuid)
        AND (m.quantity IS DISTINCT FROM d.quantity OR m.total_cents IS DISTINCT FROM d.total_cents)`);
    const rows = (mismatched as unknown as { rows: unknown[] }).rows ?? mismatched;
    assert.deepEqual(rows, []);
    const live = await t.db
      .select({ q: sql<number>`sum(${productSalesMonthly.quantity})::int` })
      .from(productSalesMonthly)
      .where(
        and(
          eq(productSalesMonthly.appId, s.app.uid),
          eq(productSalesMonthly.outcome, 'canceled'),
          eq(
            productSalesMonthly.month,
            sql`date_trunc('month', now() AT TIME ZONE 'America/Lima')::date`,
          ),
        ),
      );
    assert.equal(live[0].q, 2, 'the canceled order of this month');
  });
});
