import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, makeShop, north, ordersCount, STAFF_PASSWORD, type Shop } from './support/orders';

// Issue 35, item 8: the fare and the radius are priced from the client's point, so the point
// must agree with the district chosen. The shop's place is at -12.1211, -77.0297 and delivers up
// to 5 km; Lima's outline here ends 2 km north of it, Cusco has none.
const LIMA: [number, number][] = [
  [-12.105, -77.06],
  [-12.105, -77.0],
  [-12.16, -77.0],
  [-12.16, -77.06],
];
const STORE = { latitude: -12.1211, longitude: -77.0297 };

let t: TestApp;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
const staff: Record<'owner' | 'staff', Record<string, string>> = { owner: {}, staff: {} };

before(async () => {
  t = await startTestApp({ seedDemo: false });
  shop = await makeShop(t, 'delivery-point', { staff: true, areaBounds: { lima: LIMA } });
  member = await shop.member();
  for (const role of ['owner', 'staff'] as const) {
    const res = await t.post(
      '/api/v5/login/',
      { email: `${role}@${shop.host}`, password: STAFF_PASSWORD },
      { host: shop.host },
    );
    assert.equal(res.statusCode, 200, res.body);
    staff[role] = { authorization: `Token ${res.data.token}` };
  }
});
after(() => t?.close());

const delivery = (area: string, point: { latitude: number; longitude: number }) => ({
  shipping_type: 'delivery',
  delivery: { area, address: 'Av. Pardo 100, Miraflores', reference: '', ...point },
  products: [shop.cakeLine(1)],
});

/** A cash delivery order of one small cake; the fare follows the point (5.00 + 1.50/km). */
async function order(area: string, point: { latitude: number; longitude: number }) {
  const quote = await t.post(`/api/v5/places/${shop.place}/orders/quote/`, delivery(area, point), {
    host: shop.host,
  });
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      ...delivery(area, point),
      expected_total: quote.statusCode === 200 ? quote.data.total : '10.00',
      payment_method: shop.cash,
      billing,
    },
    { host: shop.host, headers: member.auth },
  );
}

const staffOrder = (uid: string, auth = staff.staff) =>
  t.get(`/api/v5/staff/orders/${uid}/`, { host: shop.host, headers: auth });
const adminOrder = (uid: string) =>
  t.get(`/api/v5/admin/orders/${uid}/`, { host: shop.host, headers: staff.owner });

const outsideLima = {
  non_field_errors: undefined,
  'delivery.latitude': [
    'El punto del mapa no está en Lima: márcalo en tu dirección o elige otra zona.',
  ],
};

describe('a delivery point against the district chosen', () => {
  test('a point outside the chosen district known outline is refused: order, quote, fare estimate, subscription; nothing written', async () => {
    const before = await ordersCount(t, shop);
    // 3 km north: inside the 5 km radius, outside Lima's outline.
    const refused = await order(shop.area, north(3));
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.data['delivery.latitude'], outsideLima['delivery.latitude']);
    assert.deepEqual(refused.errorCodes?.codes?.['delivery.latitude'], [
      { code: 'orders.point_outside_area', params: { area: 'Lima' } },
    ]);
    assert.equal(await ordersCount(t, shop), before);

    const quote = await t.post(
      `/api/v5/places/${shop.place}/orders/quote/`,
      delivery(shop.area, north(3)),
      { host: shop.host },
    );
    assert.equal(quote.statusCode, 400);
    assert.deepEqual(quote.data['delivery.latitude'], outsideLima['delivery.latitude']);

    const estimate = await t.post(
      `/api/v7/deliveries/places/${shop.place}/fare-estimate/`,
      { ...north(3), area: shop.area },
      { host: shop.host },
    );
    assert.equal(estimate.statusCode, 400);
    assert.deepEqual(estimate.errorCodes?.codes?.non_field_errors, [
      { code: 'orders.point_outside_area', params: { area: 'Lima' } },
    ]);
    // Without an area the estimate prices the point as before (the spec's body).
    const bare = await t.post(`/api/v7/deliveries/places/${shop.place}/fare-estimate/`, north(3), {
      host: shop.host,
    });
    assert.equal(bare.statusCode, 200, bare.body);

    const subscription = await t.post(
      `/api/v5/places/${shop.place}/subscriptions/`,
      {
        ...delivery(shop.area, north(3)),
        weekdays: ['monday'],
        time_slot: { start: '09:00', end: '09:30' },
        payment_method: shop.cash,
      },
      { host: shop.host, headers: member.auth },
    );
    assert.equal(subscription.statusCode, 400, subscription.body);
    assert.deepEqual(subscription.data['delivery.latitude'], outsideLima['delivery.latitude']);
  });

  test('a point inside the outline goes through with no doubt for staff', async () => {
    const res = await order(shop.area, north(1));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.delivery_price, '6.50');
    const seen = await staffOrder(res.data.uid);
    assert.equal(seen.statusCode, 200, seen.body);
    assert.equal(seen.data.location_flag, null);
  });

  test('a district with no outline, and a point inside another district: accepted, and staff and the back office are told where the point is', async () => {
    const res = await order(shop.cuscoArea, north(1));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.district, 'Cusco');
    // The client's own answer says nothing of the doubt.
    assert.equal('location_flag' in res.data, false);
    const mine = await t.get(`/api/v5/me/orders/${res.data.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal('location_flag' in mine.data, false);

    const expected = { reason: 'point_in_other_area', area: 'Lima' };
    assert.deepEqual((await staffOrder(res.data.uid)).data.location_flag, expected);
    const board = await t.get('/api/v5/staff/orders/', {
      host: shop.host,
      headers: staff.staff,
    });
    const listed = board.data.results.find((o: { uid: string }) => o.uid === res.data.uid);
    assert.deepEqual(listed.location_flag, expected);
    const admin = await adminOrder(res.data.uid);
    assert.equal(admin.statusCode, 200, admin.body);
    assert.deepEqual(admin.data.location_flag, expected);
  });

  test("the store's own pin, never moved by the client, is accepted and flagged", async () => {
    const res = await order(shop.area, STORE);
    assert.equal(res.statusCode, 201, res.body);
    // The fare of a point at the store is the base fare alone: staff should confirm the address.
    assert.equal(res.data.delivery_price, '5.00');
    assert.deepEqual((await staffOrder(res.data.uid)).data.location_flag, {
      reason: 'point_at_store',
      area: null,
    });
    assert.deepEqual((await adminOrder(res.data.uid)).data.location_flag, {
      reason: 'point_at_store',
      area: null,
    });
  });

  test('a pickup order carries no doubt', async () => {
    const schedule = (
      await t.get(`/api/v7/places/${shop.place}/pickup-schedule/`, { host: shop.host })
    ).data;
    const res = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: { date: schedule.days[0].date, start: schedule.days[0].slots[0].start },
        products: [shop.cakeLine(1)],
        expected_total: '10.00',
        payment_method: shop.cash,
        billing,
      },
      { host: shop.host, headers: member.auth },
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((await staffOrder(res.data.uid)).data.location_flag, null);
  });
});

describe('area outlines in the tenant file', () => {
  test('the export carries the outline it imported', async () => {
    const res = await t.get('/api/v5/admin/export/', { host: shop.host, headers: staff.owner });
    assert.equal(res.statusCode, 200, res.body);
    const areas = res.data.areas as { key: string; bounds?: unknown }[];
    assert.deepEqual(areas.find((a) => a.key === 'lima')?.bounds, LIMA);
    assert.equal(areas.find((a) => a.key === 'cusco')?.bounds, undefined);
  });
});

describe("a place's own delivery areas (issue 36)", () => {
  // Cusco's outline, 570 km from the Lima store: a Lima café does not deliver there.
  const CUSCO: [number, number][] = [
    [-13.45, -72.05],
    [-13.45, -71.9],
    [-13.6, -71.9],
    [-13.6, -72.05],
  ];

  test('the checkout offers only the areas the place reaches, and an order to another is refused', async () => {
    const far = await makeShop(t, 'delivery-far', { areaBounds: { lima: LIMA, cusco: CUSCO } });
    const options = await t.get(`/api/v5/places/${far.place}/checkout-options/`, {
      host: far.host,
    });
    assert.equal(options.statusCode, 200, options.body);
    assert.deepEqual(options.data.delivery_area_uids, [far.area]);
    const buyer = await far.member();
    const res = await t.post(
      `/api/v5/places/${far.place}/orders/`,
      {
        shipping_type: 'delivery',
        delivery: { area: far.cuscoArea, address: 'Plaza de Armas', reference: '', ...north(1) },
        products: [far.cakeLine(1)],
        expected_total: '16.50',
        payment_method: far.cash,
        billing,
      },
      { host: far.host, headers: buyer.auth },
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(res.data['delivery.area'], res.body);
  });
});
