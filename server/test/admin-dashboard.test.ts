import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  adminMessages,
  centsToMoney,
  messageText,
  moneyToCents,
  storeDateOf,
  storeDayStart,
} from '@store/contract';
import { loyaltyLedger, orders, type LoyaltyCurrency } from '../src/db/schema';
import { rebuildRollups } from '../src/modules/reports/rollup';
import { startTestApp, type TestApp } from './support/test-app';
import { makeStaffShop, placeOrder, type StaffShop } from './support/staff';

/**
 * The dashboard's figures from known orders: each placed through the checkout, then
 * dated and moved in the database. Sales exclude canceled orders, other companies,
 * other tenants and other places; days are the store's (America/Lima).
 */
const now = new Date();
let t: TestApp;
let s: StaffShop;
let other: StaffShop;
const today = storeDateOf(now);
const at = (date: string, hour: number) =>
  new Date(storeDayStart(date).getTime() + hour * 3600_000);
const totals: Record<string, number> = {};

async function order(
  name: string,
  shop: StaffShop,
  place: string,
  quantity: number,
  createdAt: Date,
  status = 'DELIVERED',
) {
  const placed = await placeOrder(t, shop, shop.auth.ana, place, { quantity });
  await t.db
    .update(orders)
    .set({ createdAt, status })
    .where(and(eq(orders.appId, shop.app.uid), eq(orders.uid, placed.uid)));
  totals[name] = moneyToCents(placed.total);
}

before(async () => {
  t = await startTestApp({ seedDemo: false, clock: () => now });
  s = await makeStaffShop(t, 'dash');
  other = await makeStaffShop(t, 'dash-other');
  await order('todayA', s, s.places.a, 2, at(today, 10));
  await order('canceledA', s, s.places.a, 1, at(today, 11), 'CANCELED_BY_PLACE');
  await order('receivedB', s, s.places.b, 1, at(today, 9), 'RECEIVED');
  // One minute before the store's midnight: yesterday in Lima although it is today in UTC.
  await order(
    'lateYesterdayA',
    s,
    s.places.a,
    1,
    new Date(storeDayStart(today).getTime() - 60_000),
  );
  await order('threeDaysB', s, s.places.b, 3, at(addDays(today, -3), 12));
  await order('tenDaysA', s, s.places.a, 4, at(addDays(today, -10), 12));
  await order('fortyDaysA', s, s.places.a, 1, at(addDays(today, -40), 12));
  // Another company of the same tenant, and another tenant, today.
  await order('rival', s, s.places.rival, 5, at(today, 10));
  await order('otherTenant', other, other.places.a, 5, at(today, 10));
  // The orders were moved in time by a direct write, as the demo's history is written: their
  // rollups are rebuilt the way the demo's are (the live path has its own test below).
  for (const shop of [s, other]) await rebuildRollups(t.db, shop.app.uid);
});
after(() => t?.close());

const get = async (query: string, auth = s.auth.owner) => {
  const res = await t.get(`/api/v5/admin/dashboard/${query}`, { host: s.host, headers: auth });
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
};
const money = (...names: string[]) => centsToMoney(names.reduce((sum, n) => sum + totals[n], 0));

describe('admin dashboard', () => {
  test('today: only today’s orders of the company, canceled ones out of sales but in the status count', async () => {
    const d = await get('?period=today');
    assert.equal(d.from, today);
    assert.equal(d.to, today);
    assert.equal(d.time_zone, 'America/Lima');
    assert.equal(d.place, null);
    assert.equal(d.sales, money('todayA', 'receivedB'));
    assert.equal(d.orders, 2);
    assert.equal(
      d.average_ticket,
      centsToMoney(Math.round((totals.todayA + totals.receivedB) / 2)),
    );
    assert.deepEqual(d.sales_per_day, [
      { date: today, sales: money('todayA', 'receivedB'), orders: 2 },
    ]);
    const byStatus = Object.fromEntries(
      d.orders_by_status.map((r: { status: string; count: number }) => [r.status, r.count]),
    );
    assert.deepEqual(byStatus, {
      RECEIVED: 1,
      ACCEPTED: 0,
      SHIPPED: 0,
      DELIVERED: 1,
      CANCELED_BY_PLACE: 1,
      CANCELED_BY_USER: 0,
    });
    assert.deepEqual(
      d.top_products.map((p: { title: string; quantity: number }) => [p.title, p.quantity]),
      [['Torta', 3]],
    );
  });

  test('7 and 30 days: whole store days, the late-night order on yesterday, older orders out', async () => {
    const week = await get('?period=7d');
    assert.equal(week.from, addDays(today, -6));
    assert.equal(week.sales_per_day.length, 7);
    assert.equal(week.sales, money('todayA', 'receivedB', 'lateYesterdayA', 'threeDaysB'));
    assert.equal(week.orders, 4);
    const day = (data: { sales_per_day: { date: string }[] }, date: string) =>
      data.sales_per_day.find((r) => r.date === date);
    assert.deepEqual(day(week, addDays(today, -1)), {
      date: addDays(today, -1),
      sales: money('lateYesterdayA'),
      orders: 1,
    });
    assert.deepEqual(day(week, addDays(today, -3)), {
      date: addDays(today, -3),
      sales: money('threeDaysB'),
      orders: 1,
    });
    assert.deepEqual(day(week, addDays(today, -2)), {
      date: addDays(today, -2),
      sales: '0.00',
      orders: 0,
    });
    const month = await get('?period=30d');
    assert.equal(month.sales_per_day.length, 30);
    assert.equal(
      month.sales,
      money('todayA', 'receivedB', 'lateYesterdayA', 'threeDaysB', 'tenDaysA'),
    );
    assert.equal(month.orders, 5);
    assert.deepEqual(month.top_products[0], {
      uid: month.top_products[0].uid,
      title: 'Torta',
      quantity: 2 + 1 + 1 + 3 + 4,
      sales: month.top_products[0].sales,
    });
  });

  test('a place filter counts that place only; a place of another company is a field error', async () => {
    const a = await get(`?period=30d&place=${s.places.a}`);
    assert.deepEqual(a.place, { uid: s.places.a, name: 'Local A' });
    assert.equal(a.sales, money('todayA', 'lateYesterdayA', 'tenDaysA'));
    assert.equal(a.orders, 3);
    const b = await get(`?period=30d&place=${s.places.b}`);
    assert.equal(b.sales, money('receivedB', 'threeDaysB'));
    for (const place of [s.places.rival, other.places.a, 'nope']) {
      const res = await t.get(`/api/v5/admin/dashboard/?place=${place}`, {
        host: s.host,
        headers: s.auth.owner,
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data, { place: [messageText(adminMessages.placeNotFound)] });
    }
    const bad = await t.get('/api/v5/admin/dashboard/?period=year', {
      host: s.host,
      headers: s.auth.owner,
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.period);
  });

  test('loyalty figures move with the counter: points issued, new members, redemptions', async () => {
    const before = await get('?period=today');
    const points = await t.post(
      '/api/v5/staff/points/',
      { client_uid: s.users.ana.uid, program_uid: s.programs.club, amount: 7, description: 'x' },
      { host: s.host, headers: s.auth.owner },
    );
    assert.equal(points.statusCode, 201, points.body);
    const client = await t.post(
      '/api/v5/staff/clients/',
      {
        program_uid: s.programs.club,
        first_name: 'Nueva',
        last_name: 'Socia',
        document_type: 'NATIONAL_ID',
        document_number: '71234567',
        accept_terms: true,
        accept_age: true,
        accept_data_processing: true,
      },
      { host: s.host, headers: s.auth.owner },
    );
    assert.equal(client.statusCode, 201, client.body);
    const redeemed = await t.post(
      '/api/v5/staff/redemptions/',
      {
        client_uid: s.users.ana.uid,
        promotion_uid: s.promotionUid('Desayuno 20%'),
        place_uid: s.places.a,
        amount: '10.00',
      },
      { host: s.host, headers: s.auth.owner },
    );
    assert.equal(redeemed.statusCode, 201, redeemed.body);
    const after = await get('?period=today');
    assert.equal(after.points_issued, before.points_issued + 7);
    assert.equal(after.new_members, before.new_members + 1);
    assert.equal(after.redemptions, before.redemptions + 1);
    assert.equal(after.coins_spent, before.coins_spent);
    // The rival company's owner sees none of it.
    const rival = await t.get('/api/v5/admin/dashboard/?period=30d', {
      host: s.host,
      headers: await s.login('bare@staff.test'),
    });
    assert.equal(rival.statusCode, 200);
    assert.equal(rival.data.sales, '0.00');
    assert.equal(rival.data.points_issued, 0);
  });
  test('points and coins, earned and spent, each count as a positive figure of its own', async () => {
    const before = await get('?period=today');
    const line = (currency: LoyaltyCurrency, kind: 'earn' | 'spend', amount: number) => ({
      appId: s.app.uid,
      uid: randomUUID(),
      programUid: s.programs.club,
      userUid: s.users.ana.uid,
      currency,
      kind,
      amount,
      createdAt: now,
    });
    await t.db
      .insert(loyaltyLedger)
      .values([
        line('POINTS', 'spend', -3),
        line('COINS', 'earn', 11),
        line('COINS', 'spend', -4),
        line('STAMPS', 'earn', 1),
      ]);
    const after = await get('?period=today');
    assert.equal(after.points_issued, before.points_issued);
    assert.equal(after.points_spent, before.points_spent + 3);
    assert.equal(after.coins_issued, before.coins_issued + 11);
    assert.equal(after.coins_spent, before.coins_spent + 4);
  });
  test('live: a new order, its acceptance and its cancellation move the figures at once', async () => {
    const before = await get('?period=today');
    const count = (d: typeof before, status: string) =>
      d.orders_by_status.find((r: { status: string }) => r.status === status).count as number;
    const placed = await placeOrder(t, s, s.auth.ana, s.places.a, { quantity: 1 });
    const placedNow = await get('?period=today');
    assert.equal(placedNow.orders, before.orders + 1);
    assert.equal(count(placedNow, 'RECEIVED'), count(before, 'RECEIVED') + 1);
    assert.equal(
      moneyToCents(placedNow.sales),
      moneyToCents(before.sales) + moneyToCents(placed.total),
    );
    const step = (action: string) =>
      t.post(
        `/api/v5/staff/orders/${placed.uid}/transition/`,
        { action },
        { host: s.host, headers: s.auth.staff },
      );
    assert.equal((await step('accept')).statusCode, 200);
    const accepted = await get('?period=today');
    assert.equal(count(accepted, 'RECEIVED'), count(before, 'RECEIVED'));
    assert.equal(count(accepted, 'ACCEPTED'), count(before, 'ACCEPTED') + 1);
    assert.equal(accepted.sales, placedNow.sales);
    const canceled = await t.post(`/api/v5/admin/orders/${placed.uid}/cancel/`, undefined, {
      host: s.host,
      headers: s.auth.owner,
    });
    assert.equal(canceled.statusCode, 200, canceled.body);
    const after = await get('?period=today');
    assert.equal(count(after, 'ACCEPTED'), count(before, 'ACCEPTED'));
    assert.equal(count(after, 'CANCELED_BY_PLACE'), count(before, 'CANCELED_BY_PLACE') + 1);
    assert.equal(after.sales, before.sales);
    assert.equal(after.orders, before.orders);
  });
});
