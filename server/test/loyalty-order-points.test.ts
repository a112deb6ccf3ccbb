import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { storeScope } from './support/scope';
import { startTestApp, type TestApp } from './support/test-app';
import { firstSlot, billing, makeShop, type Shop } from './support/orders';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { transitionOrder } from '../src/modules/orders/service';
import { balancesOf, earn } from '../src/modules/programs/ledger';
import { orderPoints } from '../src/modules/programs/order-points';
import { companies, loyaltyLedger, orders, programs } from '../src/db/schema';

let t: TestApp;
let shop: Shop;
let appUid: string;
let programUid: string;

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'points', { stock: 1000 });
  const app = (await findAppRowByDomain(t.db, shop.host))!;
  appUid = app.uid;
  const [company] = await t.db.select().from(companies).where(eq(companies.appId, appUid));
  await t.db
    .update(companies)
    .set({ benefitProgramsEnabled: true })
    .where(and(eq(companies.appId, appUid), eq(companies.uid, company.uid)));
  programUid = crypto.randomUUID();
  await t.db.insert(programs).values({
    appId: appUid,
    uid: programUid,
    companyUid: company.uid,
    key: 'club',
    name: 'Club',
    orderPointsPerSol: 1,
  });
});
after(() => t?.close());

async function place(member: Awaited<ReturnType<Shop['member']>>, quantity = 3) {
  const body = {
    shipping_type: 'pickup',
    pickup: await firstSlot(t, shop),
    products: [shop.cakeLine(quantity)],
    expected_total: ((quantity * 1000) / 100).toFixed(2),
    payment_method: shop.cash,
    billing,
  };
  const res = await t.post(`/api/v5/places/${shop.place}/orders/`, body, {
    host: shop.host,
    headers: member.auth,
  });
  assert.equal(res.statusCode, 201, res.body);
  const [row] = await t.db
    .select()
    .from(orders)
    .where(and(eq(orders.appId, appUid), eq(orders.uid, res.data.uid)));
  return row;
}
const app = async () => (await findAppRowByDomain(t.db, shop.host))!;
const linesOf = (reference: string) =>
  t.db
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.appId, appUid), eq(loyaltyLedger.reference, reference)));

describe('orders earn program points', () => {
  test('the rule: whole points per sol of the subtotal', () => {
    assert.equal(orderPoints(2590, 1), 25);
    assert.equal(orderPoints(99, 1), 0);
    assert.equal(orderPoints(1000, 3), 30);
  });

  test('a delivered order earns its points once, with the order uid as reference; the member is enrolled', async () => {
    const member = await shop.member();
    const order = await place(member);
    await transitionOrder(storeScope(t, await app()), order.uid, 'ACCEPTED', 'place');
    assert.equal((await linesOf(order.uid)).length, 0);
    await transitionOrder(storeScope(t, await app()), order.uid, 'DELIVERED', 'place');
    const lines = await linesOf(order.uid);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].kind, 'earn');
    assert.equal(lines[0].currency, 'POINTS');
    assert.equal(lines[0].amount, orderPoints(order.subtotalCents, 1));
    assert.ok(lines[0].amount > 0);
    assert.equal(
      (await balancesOf(t.db, appUid, programUid, member.user.uid)).points,
      lines[0].amount,
    );
    // The member sees them in the program (enrolled by the order).
    const seen = await t.get(`/api/v5/me/programs/${programUid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(seen.data.is_member, true);
    assert.equal(seen.data.balances.points, lines[0].amount);
    assert.equal(seen.data.order_points_per_sol, 1);
  });

  test('concurrent DELIVERED moves: one wins and the points are earned once', async () => {
    const member = await shop.member();
    const order = await place(member, 2);
    await transitionOrder(storeScope(t, await app()), order.uid, 'ACCEPTED', 'place');
    const a = await app();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        transitionOrder(storeScope(t, a), order.uid, 'DELIVERED', 'place'),
      ),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.equal((await linesOf(order.uid)).length, 1);
  });

  test('a cancelled order gives back what it earned, once; one that earned nothing writes nothing', async () => {
    const member = await shop.member();
    const plain = await place(member, 1);
    const res = await t.post(`/api/v5/me/orders/${plain.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await linesOf(plain.uid)).length, 0);

    // Points earned against an order (e.g. granted before delivery by staff) are reversed when it is cancelled.
    const order = await place(member, 1);
    await earn(t.db, {
      appId: appUid,
      programUid,
      userUid: member.user.uid,
      currency: 'POINTS',
      amount: 10,
      reason: 'test',
      reference: order.uid,
    });
    await transitionOrder(storeScope(t, await app()), order.uid, 'CANCELED_BY_PLACE', 'place');
    const lines = await linesOf(order.uid);
    assert.deepEqual(lines.map((l) => [l.kind, l.amount]).sort(), [
      ['earn', 10],
      ['reverse', -10],
    ]);
    await assert.rejects(
      transitionOrder(storeScope(t, await app()), order.uid, 'CANCELED_BY_PLACE', 'place'),
    );
    assert.equal((await linesOf(order.uid)).length, 2);
    assert.equal((await balancesOf(t.db, appUid, programUid, member.user.uid)).points, 0);
  });

  test('a program with no rate, or switched off, earns nothing', async () => {
    await t.db
      .update(programs)
      .set({ orderPointsPerSol: 0 })
      .where(and(eq(programs.appId, appUid), eq(programs.uid, programUid)));
    try {
      const member = await shop.member();
      const order = await place(member);
      await transitionOrder(storeScope(t, await app()), order.uid, 'ACCEPTED', 'place');
      await transitionOrder(storeScope(t, await app()), order.uid, 'DELIVERED', 'place');
      assert.equal((await linesOf(order.uid)).length, 0);
    } finally {
      await t.db
        .update(programs)
        .set({ orderPointsPerSol: 1 })
        .where(and(eq(programs.appId, appUid), eq(programs.uid, programUid)));
    }
  });
});
