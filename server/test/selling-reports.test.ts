import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import { addDays, storeDateOf } from '@store/contract';
import {
  orders,
  productSalesDaily,
  productSalesMonthly,
  salesDaily,
  staffDaily,
} from '../src/db/schema';
import { rebuildRollups } from '../src/modules/reports/rollup';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { makeStaffShop, placeOrder, type StaffShop } from './support/staff';

/**
 * The reports (issue 39, part 2): sales by product, category, hour, weekday, payment method,
 * place and staff over store days, read from rollups the orders' own transactions keep;
 * canceled and refunded apart; the previous period beside; a CSV of each.
 */
let t: TestApp;
let s: StaffShop;
const today = storeDateOf(new Date());
const owner = () => ({ host: s.host, headers: s.auth.owner });
const report = async (query: string) => {
  const res = await t.get(`/api/v5/admin/reports/?${query}`, owner());
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
};
const range = `from=${addDays(today, -6)}&to=${today}`;

/** The rollups of the tenant as rows, to compare what the transactions kept with a rebuild. */
async function rollups(appId: string) {
  const [a, b, c, d] = await Promise.all([
    t.db
      .select()
      .from(salesDaily)
      .where(eq(salesDaily.appId, appId))
      .orderBy(
        asc(salesDaily.day),
        asc(salesDaily.placeUid),
        asc(salesDaily.hour),
        asc(salesDaily.outcome),
      ),
    t.db
      .select()
      .from(productSalesDaily)
      .where(eq(productSalesDaily.appId, appId))
      .orderBy(
        asc(productSalesDaily.day),
        asc(productSalesDaily.placeUid),
        asc(productSalesDaily.productUid),
        asc(productSalesDaily.outcome),
      ),
    t.db.select().from(staffDaily).where(eq(staffDaily.appId, appId)),
    t.db
      .select()
      .from(productSalesMonthly)
      .where(eq(productSalesMonthly.appId, appId))
      .orderBy(
        asc(productSalesMonthly.month),
        asc(productSalesMonthly.placeUid),
        asc(productSalesMonthly.productUid),
        asc(productSalesMonthly.outcome),
      ),
  ]);
  // A share moved away leaves a zero row behind: the same figures either way.
  const kept = <R extends { orders?: number; quantity?: number; actions?: number }>(rows: R[]) =>
    rows.filter((r) => (r.orders ?? r.quantity ?? r.actions) !== 0);
  return { orders: kept(a), products: kept(b), staff: kept(c), months: kept(d) };
}

before(async () => {
  t = await startTestApp({ seedDemo: false });
  s = await makeStaffShop(t, 'reports');
});
after(() => t?.close());

describe('reports', () => {
  let canceled = '';
  test('orders count as they are placed; a cancellation moves them apart, in the same transaction', async () => {
    await placeOrder(t, s, s.auth.ana, s.places.a, { quantity: 2 });
    await placeOrder(t, s, s.auth.rosa, s.places.b, { quantity: 1 });
    canceled = (await placeOrder(t, s, s.auth.nobody, s.places.a, { quantity: 3 })).uid;
    const cancel = await t.post(`/api/v5/admin/orders/${canceled}/cancel/`, undefined, owner());
    assert.equal(cancel.statusCode, 200, cancel.body);
    // Another company's order, same tenant: not in main's reports.
    await placeOrder(t, s, s.auth.rosa, s.places.rival, { quantity: 5 }).catch(() => null);

    const r = await report(range);
    assert.equal(r.totals.count, 2);
    assert.equal(r.totals.canceled_count, 1);
    assert.equal(r.totals.refunded_count, 0);
    const cake = r.by_product.find((p: { label: string }) => p.label === 'Torta');
    assert.equal(cake.count, 3, 'units kept');
    assert.equal(cake.canceled_count, 3);
    assert.equal(cake.sales, '30.00');
    assert.deepEqual(
      r.by_place.map((p: { label: string; count: number }) => [p.label, p.count]).sort(),
      [
        ['Local A', 1],
        ['Local B', 1],
      ],
    );
    assert.equal(r.by_payment_method[0].label, 'Efectivo');
    assert.equal(r.by_payment_method[0].count, 2);
    assert.equal(r.by_hour.length, 24);
    assert.equal(
      r.by_hour.reduce((n: number, h: { count: number }) => n + h.count, 0),
      2,
    );
    assert.equal(r.by_weekday.length, 7);
    assert.equal(
      r.by_category.reduce((n: number, c: { count: number }) => n + c.count, 0),
      3,
    );
    // One place only.
    const a = await report(`${range}&place=${s.places.a}`);
    assert.equal(a.totals.count, 1);
    assert.equal(a.place.uid, s.places.a);
  });

  test('concurrent orders are all counted: the rollups equal a rebuild from the orders', async () => {
    const buyers = ['owner', 'staff', 'validator', 'ana'] as const;
    await Promise.all(buyers.map((b) => placeOrder(t, s, s.auth[b], s.places.b, { quantity: 1 })));
    const r = await report(range);
    assert.equal(r.totals.count, 6);
    const kept = await rollups(s.app.uid);
    await t.db.transaction((tx) => rebuildRollups(tx, s.app.uid));
    assert.deepEqual(await rollups(s.app.uid), kept);
  });

  test('the previous period sits beside the chosen one', async () => {
    // An order dated a week back (as the backfill would read it), then the rollups rebuilt.
    const old = await placeOrder(t, s, s.auth.staff, s.places.a, { quantity: 4 });
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(orders.uid, old.uid));
    await t.db.transaction((tx) => rebuildRollups(tx, s.app.uid));
    const r = await report(range);
    assert.equal(r.previous_to, addDays(today, -7));
    assert.equal(r.previous_from, addDays(today, -13));
    assert.equal(r.totals.previous_count, 1);
    assert.equal(r.totals.previous_sales, '40.00');
    assert.equal(r.totals.count, 6);
  });

  test('counter actions count per staff member', async () => {
    const m = await registerMember(t, s.host);
    const joined = await t.post(
      '/api/v5/me/programs/',
      { program: s.programs.club },
      { host: s.host, headers: m.auth },
    );
    assert.equal(joined.statusCode, 201, joined.body);
    const given = await t.post(
      '/api/v5/staff/stamps/',
      { client_uid: m.user.uid, program_uid: s.programs.club, place_uid: s.places.a, quantity: 2 },
      { host: s.host, headers: s.auth.staff },
    );
    assert.equal(given.statusCode, 201, given.body);
    const r = await report(range);
    const sara = r.by_staff.find((x: { label: string }) => x.label === 'Sara Prueba');
    assert.ok(sara, JSON.stringify(r.by_staff));
    assert.equal(sara.stamps, 1);
    assert.equal(sara.actions, 1);
  });

  test('each report downloads as CSV', async () => {
    const res = await t.get(`/api/v5/admin/reports/product/csv/?${range}`, owner());
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.headers['content-type'] as string, /text\/csv/);
    const [header, first] = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    assert.equal(
      header,
      'nombre,unidades,ventas,unidades_periodo_anterior,ventas_periodo_anterior,unidades_anuladas,ventas_anuladas,unidades_reembolsadas,ventas_reembolsadas',
    );
    assert.match(first, /^Torta,\d+,\d+\.\d\d,/);
    const staff = await t.get(`/api/v5/admin/reports/staff/csv/?${range}`, owner());
    assert.equal(staff.statusCode, 200, staff.body);
    assert.match(staff.body, /Sara Prueba,1,0,0,1,0/);
  });

  test('bad ranges and places are field errors, never 500', async () => {
    for (const [query, field] of [
      [`from=${today}&to=${addDays(today, -1)}`, 'from'],
      [`from=2020-01-01&to=2026-01-01`, 'to'],
      [`from=2026-02-30&to=2026-03-01`, 'from'],
      [`from=${today}`, 'to'],
      [`${range}&place=nope`, 'place'],
    ]) {
      const res = await t.get(`/api/v5/admin/reports/?${query}`, owner());
      assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      assert.ok(res.data[field], `${query}: ${res.body}`);
    }
    const kind = await t.get(`/api/v5/admin/reports/nope/csv/?${range}`, owner());
    assert.equal(kind.statusCode, 400, kind.body);
  });
});

describe('the product report of a large catalogue', () => {
  test('the screen gets the 100 best sellers and how many there are; the CSV gets them all', async () => {
    const [sold] = await t.db
      .select()
      .from(productSalesDaily)
      .where(eq(productSalesDaily.appId, s.app.uid))
      .limit(1);
    // 150 more products sold today at Local A, the n-th for n soles (rollup rows, as orders write them).
    const rows = Array.from({ length: 150 }, (_, i) => ({
      appId: s.app.uid,
      companyUid: sold.companyUid,
      placeUid: s.places.a,
      productUid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      outcome: 'sale' as const,
      title: `Producto ${i + 1}`,
      quantity: 1,
      totalCents: (i + 1) * 100,
    }));
    // In both product rollups, as the orders' statements write them (the report may read the month).
    await t.db.insert(productSalesDaily).values(rows.map((r) => ({ ...r, day: today })));
    await t.db
      .insert(productSalesMonthly)
      .values(rows.map((r) => ({ ...r, month: `${today.slice(0, 7)}-01` })));
    const r = await report(range);
    assert.equal(r.by_product.length, 100);
    assert.ok(r.by_product_total >= 151, String(r.by_product_total));
    assert.equal(r.by_product[0].label, 'Producto 150');
    // Products 51 to 150 alone fill the hundred; the list is sorted by sales.
    const labels = r.by_product.map((p: { label: string }) => p.label);
    assert.ok(!labels.includes('Producto 50'), labels.join());
    const sales = r.by_product.map((p: { sales: string }) => Number(p.sales));
    assert.deepEqual(
      sales,
      [...sales].sort((a, b) => b - a),
    );
    const csv = await t.get(`/api/v5/admin/reports/product/csv/?${range}`, owner());
    assert.equal(csv.statusCode, 200, csv.body);
    const lines = csv.body.trim().split('\n');
    assert.equal(lines.length - 1, r.by_product_total, 'a line per product under the header');
  });
});
