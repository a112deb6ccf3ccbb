import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, makeShop, north, type Shop } from './support/orders';
import { expireUnacceptedOrders } from '../src/modules/orders/expiry';
import { orders } from '../src/db/schema';

/**
 * Issue 36 row 5 on a fixed clock: the acceptance limit counts the place's open time, so order
 * #286 (placed Wednesday 23:24 for pickup Thursday 08:30 at a café open 07:00-22:00) is due at
 * 07:30 Thursday, not at 23:54, and the expiry run reads it from `accept_by`.
 */
const lima = (wall: string) => new Date(`${wall}-05:00`);
const now = lima('2026-12-02T23:24:00');
/** The clock the app reads; tests that move it put it back to `now`. */
let current = now;
let t: TestApp;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;

before(async () => {
  t = await startTestApp({ seedDemo: false, clock: () => current });
  const day = { from: '07:00', to: '22:00' };
  shop = await makeShop(t, 'acceptby', {
    stock: 50,
    orderAcceptanceMinutes: 30,
    timetable: { monday: day, saturday: day, sunday: day },
  });
  member = await shop.member();
});
after(async () => t?.close());

const rowOf = async (uid: string) =>
  (await t.db.select().from(orders).where(eq(orders.uid, uid)))[0];

test('order #286: placed at 23:24 for 08:30, due 07:30 the next morning; expired only after', async () => {
  const res = await t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: { date: '2026-12-03', start: '08:30', end: '09:00' },
      products: [shop.cakeLine(1)],
      expected_total: '10.00',
      payment_method: shop.cash,
      billing,
    },
    { host: shop.host, headers: member.auth },
  );
  assert.equal(res.statusCode, 201, res.body);
  const { uid } = res.data as { uid: string };
  assert.deepEqual((await rowOf(uid)).acceptBy, lima('2026-12-03T07:30:00'));

  // 04:00, when #286 was canceled before: the store has not opened yet.
  const ids = (found: { uid: string }[]) => found.map((o) => o.uid).filter((u) => u === uid);
  assert.deepEqual(ids(await expireUnacceptedOrders(t.db, lima('2026-12-03T04:00:00'))), []);
  assert.deepEqual(ids(await expireUnacceptedOrders(t.db, lima('2026-12-03T07:29:00'))), []);
  assert.equal((await rowOf(uid)).status, 'RECEIVED');
  assert.deepEqual(ids(await expireUnacceptedOrders(t.db, lima('2026-12-03T07:31:00'))), [uid]);
  assert.equal((await rowOf(uid)).status, 'CANCELED_BY_PLACE');
});

test('a delivery "as soon as possible" is refused while the place is closed, with when it opens (issue 36 row 5)', async () => {
  const delivery = {
    shipping_type: 'delivery',
    delivery: { area: shop.area, address: 'Calle 1', ...north(2) },
    products: [shop.cakeLine(1)],
    expected_total: '0.00',
    payment_method: shop.cash,
    billing: { ...billing, address: 'Calle 1' },
  };
  const order = (at: Date, path = 'orders/') => {
    current = at;
    return t.post(`/api/v5/places/${shop.place}/${path}`, delivery, {
      host: shop.host,
      headers: member.auth,
    });
  };
  try {
    // Wednesday 23:24: closed until Thursday 07:00. Placing and pricing both say so, on the
    // shipping choice, and nothing is written.
    const before = (await t.db.select().from(orders)).length;
    for (const path of ['orders/', 'orders/quote/']) {
      const res = await order(now, path);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data.shipping_type, [
        'Cerrado ahora, abre mañana a las 07:00: el delivery se pide con el local abierto.',
      ]);
    }
    assert.equal((await t.db.select().from(orders)).length, before);
    // Thursday 05:00: it opens today, so no day is named.
    const early = await order(lima('2026-12-03T05:00:00'), 'orders/quote/');
    assert.equal(early.statusCode, 400, early.body);
    assert.match(String(early.data.shipping_type), /^Cerrado ahora, abre a las 07:00: /);
    // Open (Thursday 10:00): the delivery is priced as before.
    const open = await order(lima('2026-12-03T10:00:00'), 'orders/quote/');
    assert.equal(open.statusCode, 200, open.body);
    // A pickup for the morning is still taken at night.
    current = now;
    const pickup = await t.post(
      `/api/v5/places/${shop.place}/orders/quote/`,
      {
        shipping_type: 'pickup',
        pickup: { date: '2026-12-03', start: '07:00' },
        products: [shop.cakeLine(1)],
      },
      { host: shop.host, headers: member.auth },
    );
    assert.equal(pickup.statusCode, 200, pickup.body);
  } finally {
    current = now;
  }
});

test('a place closed for three weeks and more refuses deliveries without a time', async () => {
  const closedAllDays = await makeShop(t, 'closedlong', {
    stock: 5,
    timetable: { monday: null, saturday: null, sunday: null },
  });
  const buyer = await closedAllDays.member();
  const res = await t.post(
    `/api/v5/places/${closedAllDays.place}/orders/quote/`,
    {
      shipping_type: 'delivery',
      delivery: { area: closedAllDays.area, address: 'Calle 1', ...north(2) },
      products: [closedAllDays.cakeLine(1)],
    },
    { host: closedAllDays.host, headers: buyer.auth },
  );
  assert.equal(res.statusCode, 400, res.body);
  assert.deepEqual(res.data.shipping_type, [
    'Cerrado por ahora: el delivery se pide con el local abierto.',
  ]);
});
