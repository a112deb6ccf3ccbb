import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { Place, Product } from '@store/contract';
import { placeProducts, places, subscriptionDeliveries } from '../src/db/schema';
import { buildApp } from '../src/app';
import { localDay, runSubscriptionOrders } from '../src/modules/subscriptions/runner';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

let t: TestApp;
let miraflores: string;
let croissant: Product;
let cash: string;

/** The next Monday at least two days ahead (subscriptions made now exist before its window opens). */
function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const monday = nextMonday();
/** A Lima time (UTC-5) of the chosen Monday as an instant. */
const at = (hhmm: string, date = monday) => new Date(`${date}T${hhmm}:00-05:00`);

before(async () => {
  t = await startTestApp();
  const places: Place[] = (await t.get('/api/v7/places/')).data.results;
  miraflores = places.find((p) => p.name === 'Aurora Miraflores')!.uid;
  const products: Product[] = (await t.get(`/api/v7/places/${miraflores}/products/?page_size=100`))
    .data.results;
  croissant = products.find((p) => p.title === 'Croissant de mantequilla')!;
  const methods: { uid: string; type: string }[] = (
    await t.get(`/api/v5/places/${miraflores}/checkout-options/`)
  ).data.payment_methods;
  cash = methods.find((m) => m.type === 'CASH')!.uid;
});
after(() => t?.close());

async function subscribe(overrides: Record<string, unknown> = {}) {
  const member = await registerMember(t, 'localhost');
  const res = await t.post(
    `/api/v5/places/${miraflores}/subscriptions/`,
    {
      products: [{ uid: croissant.uid, quantity: 2 }],
      weekdays: ['monday', 'thursday'],
      time_slot: { start: '09:00', end: '09:30' },
      payment_method: cash,
      ...overrides,
    },
    { headers: member.auth },
  );
  assert.equal(res.statusCode, 201, res.body);
  return { member, subscription: res.data as { uid: string } };
}

const stockOf = async (productUid: string) =>
  (
    await t.db
      .select({ stock: placeProducts.stock })
      .from(placeProducts)
      .where(and(eq(placeProducts.placeUid, miraflores), eq(placeProducts.productUid, productUid)))
  )[0].stock;
const setStock = (productUid: string, stock: number) =>
  t.db
    .update(placeProducts)
    .set({ stock })
    .where(and(eq(placeProducts.placeUid, miraflores), eq(placeProducts.productUid, productUid)));
const deliveriesOf = (subscriptionUid: string) =>
  t.db
    .select()
    .from(subscriptionDeliveries)
    .where(eq(subscriptionDeliveries.subscriptionUid, subscriptionUid));
const ordersOf = async (auth: Record<string, string>) =>
  (await t.get('/api/v5/me/orders/', { headers: auth })).data;

describe('recurring subscription orders', () => {
  test('local day: Lima date, weekday and minute of an instant', () => {
    assert.deepEqual(localDay(new Date('2026-11-24T03:30:00Z')), {
      date: '2026-11-23',
      weekday: 'monday',
      minute: 22 * 60 + 30,
    });
  });

  test('a due subscription gets its order for the day once: priced by the checkout, stock taken, pickup in its slot', async () => {
    await setStock(croissant.uid, 40);
    const { member, subscription } = await subscribe();
    const before = await stockOf(croissant.uid);

    // Too early (more than two hours before the slot): nothing yet.
    assert.deepEqual(
      (await runSubscriptionOrders(t.db, { now: at('06:59') })).filter(
        (o) => o.subscription === subscription.uid,
      ),
      [],
    );
    assert.equal((await ordersOf(member.auth)).count, 0);

    const outcomes = (await runSubscriptionOrders(t.db, { now: at('07:30') })).filter(
      (o) => o.subscription === subscription.uid,
    );
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0].status, 'ordered');
    const list = await ordersOf(member.auth);
    assert.equal(list.count, 1);
    const order = list.results[0];
    assert.equal(order.uid, outcomes[0].orderUid);
    assert.equal(order.shipping_type, 'pickup');
    assert.equal(order.pickup_date, monday);
    assert.equal(order.pickup_start, '09:00');
    assert.equal(order.status, 'RECEIVED');
    assert.equal(order.products[0].quantity, 2);
    assert.equal(order.total, '13.00');
    assert.equal(await stockOf(croissant.uid), before! - 2);

    // Later runs the same day find the day done.
    assert.deepEqual(
      (await runSubscriptionOrders(t.db, { now: at('08:00') })).filter(
        (o) => o.subscription === subscription.uid,
      ),
      [],
    );
    assert.equal((await ordersOf(member.auth)).count, 1);
    assert.equal(await stockOf(croissant.uid), before! - 2);
    const [delivery] = await deliveriesOf(subscription.uid);
    assert.equal(delivery.status, 'ordered');
    assert.equal(delivery.serviceDate, monday);
  });

  test('two runs at once (two servers, or a server and the command) create one order', async () => {
    await setStock(croissant.uid, 40);
    const { member, subscription } = await subscribe();
    const [a, b] = await Promise.all([
      runSubscriptionOrders(t.db, { now: at('07:45') }),
      runSubscriptionOrders(t.db, { now: at('07:45') }),
    ]);
    const mine = [...a, ...b].filter((o) => o.subscription === subscription.uid);
    assert.equal(mine.filter((o) => o.status === 'ordered').length, 1, JSON.stringify(mine));
    // Both runs saw the day as open; the claim row settled it.
    assert.deepEqual(mine.map((o) => o.status).sort(), ['ordered', 'taken']);
    assert.equal((await ordersOf(member.auth)).count, 1);
    assert.equal(await stockOf(croissant.uid), 38);
    assert.equal((await deliveriesOf(subscription.uid)).length, 1);
  });

  test('out of stock: the day is skipped with the reason, no order and no stock taken', async () => {
    const { member, subscription } = await subscribe({
      products: [{ uid: croissant.uid, quantity: 3 }],
    });
    await setStock(croissant.uid, 2);
    const outcomes = (await runSubscriptionOrders(t.db, { now: at('07:30') })).filter(
      (o) => o.subscription === subscription.uid,
    );
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0].status, 'skipped');
    assert.match(outcomes[0].reason!, /Croissant de mantequilla/);
    assert.equal((await ordersOf(member.auth)).count, 0);
    assert.equal(await stockOf(croissant.uid), 2);
    const [delivery] = await deliveriesOf(subscription.uid);
    assert.equal(delivery.status, 'skipped');
    assert.equal(delivery.orderUid, null);
    assert.match(delivery.reason!, /Croissant/);
    // Skipped is final for the day: stock coming back later does not make a late order.
    await setStock(croissant.uid, 40);
    assert.deepEqual(
      (await runSubscriptionOrders(t.db, { now: at('08:00') })).filter(
        (o) => o.subscription === subscription.uid,
      ),
      [],
    );
    assert.equal((await ordersOf(member.auth)).count, 0);
  });

  test('other weekdays, cancelled subscriptions and runs too late make no order; a missed day is recorded', async () => {
    await setStock(croissant.uid, 40);
    const { member, subscription } = await subscribe({ weekdays: ['tuesday'] });
    const canceled = await subscribe();
    await t.patch(
      `/api/v5/subscriptions/${canceled.subscription.uid}/`,
      { status: 'canceled_by_user' },
      { headers: canceled.member.auth },
    );
    const late = await subscribe({ time_slot: { start: '10:00', end: '10:30' } });

    const outcomes = await runSubscriptionOrders(t.db, { now: at('09:45') });
    assert.deepEqual(
      outcomes.filter(
        (o) => o.subscription === subscription.uid || o.subscription === canceled.subscription.uid,
      ),
      [],
    );
    assert.equal((await ordersOf(member.auth)).count, 0);
    assert.equal((await ordersOf(canceled.member.auth)).count, 0);
    const missed = outcomes.find((o) => o.subscription === late.subscription.uid)!;
    assert.equal(missed.status, 'skipped');
    assert.match(missed.reason!, /missed/);
    assert.equal((await ordersOf(late.member.auth)).count, 0);

    // The Tuesday one is due the next day.
    const tuesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const next = (await runSubscriptionOrders(t.db, { now: at('08:00', tuesday) })).filter(
      (o) => o.subscription === subscription.uid,
    );
    assert.equal(next[0]?.status, 'ordered');
    assert.equal((await ordersOf(member.auth)).results[0].pickup_date, tuesday);
  });

  test('delivery subscriptions become delivery orders with the fare, the slot in the comments', async () => {
    await setStock(croissant.uid, 40);
    const areas = (await t.get('/api/v7/areas/')).data.results as { uid: string; name: string }[];
    const { member } = await subscribe({
      shipping_type: 'delivery',
      delivery: {
        area: areas.find((a) => a.name === 'Lima')!.uid,
        address: 'Av. Pardo 1',
        latitude: -12.1311,
        longitude: -77.0297,
      },
      comments: 'Tocar el timbre',
    });
    await runSubscriptionOrders(t.db, { now: at('07:30') });
    const [order] = (await ordersOf(member.auth)).results;
    assert.equal(order.shipping_type, 'delivery');
    assert.equal(order.address, 'Av. Pardo 1');
    assert.notEqual(order.delivery_price, '0.00');
    assert.match(order.comments, /09:00-09:30/);
    assert.match(order.comments, /Tocar el timbre/);
  });

  test("orders stay in the subscription's tenant and member", async () => {
    await setStock(croissant.uid, 40);
    const { member } = await subscribe();
    const stranger = await registerMember(t, 'localhost');
    await runSubscriptionOrders(t.db, { now: at('07:30') });
    const [order] = (await ordersOf(member.auth)).results;
    assert.ok(order);
    assert.equal(
      (await t.get(`/api/v5/me/orders/${order.uid}/`, { headers: stranger.auth })).statusCode,
      404,
    );
    const otherHost = await registerMember(t, 'multi.localhost');
    assert.equal(
      (
        await t.get(`/api/v5/me/orders/${order.uid}/`, {
          host: 'multi.localhost',
          headers: otherHost.auth,
        })
      ).statusCode,
      404,
    );
  });
});

describe('the run inside the server', () => {
  test('with SUBSCRIPTION_RUN_SECONDS set, the server makes the due order by itself', async () => {
    // The server's clock says noon in Lima today, whatever the real hour: a 13:00 slot at a place
    // opened all day is due at once for a two-hour lead.
    const today = localDay(new Date());
    const noon = new Date(`${today.date}T12:00:00-05:00`);
    const now = localDay(noon);
    const start = 13 * 60;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const allDay = { from: '00:00', to: '00:00' };
    await t.db
      .update(places)
      .set({ timetable: { monday: allDay, saturday: allDay, sunday: allDay, extra_note: '' } })
      .where(eq(places.uid, miraflores));
    await setStock(croissant.uid, 40);
    const { member, subscription } = await subscribe({
      weekdays: [now.weekday],
      time_slot: { start: hhmm(start), end: hhmm(start + 30) },
    });
    const server = await buildApp({
      db: t.db,
      dbKind: t.kind,
      subscriptionRunSeconds: 1,
      clock: () => noon,
    });
    await server.ready();
    try {
      const deadline = Date.now() + 15_000;
      while ((await deliveriesOf(subscription.uid)).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
    } finally {
      await server.close();
    }
    const [delivery] = await deliveriesOf(subscription.uid);
    assert.equal(delivery?.status, 'ordered', JSON.stringify(delivery));
    assert.equal((await ordersOf(member.auth)).count, 1);
  });
});
