import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, cashPickupOrder, firstSlot, makeShop, north, type Shop } from './support/orders';

let t: TestApp;
let shop: Shop;

const day = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'coupons', {
    stock: 1000,
    coupons: [
      {
        key: 'pct',
        code: 'DIEZ',
        kind: 'PERCENT',
        value: 10,
        min_subtotal: '20.00',
        valid_until: iso(30 * day),
      },
      { key: 'amt', code: 'CINCUENTA', kind: 'AMOUNT', value: '50.00' },
      { key: 'old', code: 'VIEJO', kind: 'PERCENT', value: 5, valid_until: iso(-day) },
      { key: 'soon', code: 'PRONTO', kind: 'PERCENT', value: 5, valid_from: iso(day) },
      { key: 'off', code: 'APAGADO', kind: 'PERCENT', value: 5, is_active: false },
      { key: 'three', code: 'TRES', kind: 'AMOUNT', value: '1.00', max_uses: 3 },
      { key: 'once', code: 'UNAVEZ', kind: 'AMOUNT', value: '1.00', max_uses_per_member: 1 },
    ],
  });
});
after(() => t?.close());

const validate = (
  uid: string,
  code: string,
  headers: Record<string, string> = {},
  host = shop.host,
) =>
  t.get(`/api/v5/companies/${uid}/validate-code/${encodeURIComponent(code)}/`, { host, headers });

async function order(
  auth: Record<string, string>,
  coupon: string | undefined,
  quantity: number,
  expected: string,
  s = shop,
) {
  return cashPickupOrder(t, s, auth, { expected_total: expected, coupon }, quantity);
}

/**
 * One order per session, all at once, each with the coupon `code` (one small cake, 9.00 with the
 * coupon): exactly `winners` get it, the others are told `refusal`.
 */
async function raceForCoupon(
  code: string,
  sessions: Record<string, string>[],
  expected: { winners: number; refusal: string },
) {
  const slot = await firstSlot(t, shop);
  const results = await Promise.all(
    sessions.map((auth) =>
      cashPickupOrder(t, shop, auth, { pickup: slot, expected_total: '9.00', coupon: code }),
    ),
  );
  assert.equal(
    results.filter((r) => r.statusCode === 201).length,
    expected.winners,
    results.map((r) => r.body).join('\n'),
  );
  for (const r of results.filter((x) => x.statusCode !== 201))
    assert.deepEqual(r.data, { coupon: [expected.refusal] });
}

describe('validate-code', () => {
  test('answers the coupon by company uid or place uid, whatever the case of the code', async () => {
    for (const uid of [shop.app.company.uid, shop.place]) {
      const res = await validate(uid, 'diez');
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.data.code, 'DIEZ');
      assert.equal(res.data.kind, 'PERCENT');
      assert.equal(res.data.discount, '10.00');
      assert.equal(res.data.min_subtotal, '20.00');
      assert.ok(res.data.valid_until);
    }
    const amount = await validate(shop.place, 'CINCUENTA');
    assert.deepEqual(
      [amount.data.kind, amount.data.discount, amount.data.valid_until],
      ['AMOUNT', '50.00', null],
    );
  });

  test("unknown, switched-off, another tenant's and malformed are 404 'Este código no existe'", async () => {
    const demo = (await t.get('/api/v7/places/')).data.results[0].uid;
    for (const [uid, code, host] of [
      [shop.place, 'NOEXISTE', shop.host],
      [shop.place, 'APAGADO', shop.host],
      [demo, 'DIEZ', shop.host],
      [shop.place, 'DIEZ', 'localhost'],
      ['nope', 'DIEZ', shop.host],
      [shop.place, "' OR 1=1 --", shop.host],
    ]) {
      const res = await validate(uid, code, {}, host);
      assert.equal(res.statusCode, 404, `${uid} ${code} ${host}`);
      assert.deepEqual(res.data, { detail: 'Este código no existe' });
    }
  });

  test('expired and not yet valid codes say so', async () => {
    assert.deepEqual((await validate(shop.place, 'VIEJO')).data, {
      non_field_errors: ['Este código ha vencido.'],
    });
    assert.deepEqual((await validate(shop.place, 'PRONTO')).data, {
      non_field_errors: ['Este código aún no está vigente.'],
    });
  });
});

describe('coupons on orders', () => {
  test('a percent coupon takes its share of the products, not of the delivery; taxes follow the discounted total', async () => {
    const m = await shop.member();
    const res = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'delivery',
        delivery: { area: shop.area, address: 'Calle 1', ...north(2) },
        products: [shop.cakeLine(2, 'Grande')],
        expected_total: '33.20',
        payment_method: shop.cash,
        billing,
        coupon: 'diez',
      },
      { host: shop.host, headers: m.auth },
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.subtotal, '28.00');
    assert.equal(res.data.discount, '2.80');
    assert.equal(res.data.delivery_price, '8.00');
    assert.equal(res.data.total, '33.20');
    assert.equal(res.data.taxes, '5.06'); // 33.20 * 18 / 118
    assert.equal(res.data.price, '25.20');
    assert.equal(res.data.coupon, 'DIEZ');
  });

  test('an amount coupon never makes the products cost less than nothing', async () => {
    const m = await shop.member();
    const res = await order(m.auth, 'CINCUENTA', 1, '0.00');
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(
      [res.data.discount, res.data.total, res.data.taxes],
      ['10.00', '0.00', '0.00'],
    );
  });

  test('minimum subtotal, dates and unknown codes are field errors of coupon', async () => {
    const m = await shop.member();
    assert.deepEqual((await order(m.auth, 'DIEZ', 1, '9.00')).data, {
      coupon: ['El pedido debe sumar al menos 20.00 para usar este código.'],
    });
    assert.deepEqual((await order(m.auth, 'VIEJO', 1, '9.50')).data, {
      coupon: ['Este código ha vencido.'],
    });
    assert.deepEqual((await order(m.auth, 'NADA', 1, '10.00')).data, {
      coupon: ['Este código no existe'],
    });
  });

  test('a coupon with 3 uses, 10 members at once: exactly 3 orders get it', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => shop.member()));
    await raceForCoupon(
      'TRES',
      members.map((m) => m.auth),
      { winners: 3, refusal: 'Este código ya no tiene usos disponibles.' },
    );
    assert.deepEqual((await validate(shop.place, 'TRES')).data, {
      non_field_errors: ['Este código ya no tiene usos disponibles.'],
    });
  });

  test('a once-per-member coupon: 5 racing orders of one member, one gets it; the member is then told', async () => {
    const m = await shop.member();
    await raceForCoupon(
      'UNAVEZ',
      Array.from({ length: 5 }, () => m.auth),
      { winners: 1, refusal: 'Ya usó este código el máximo de veces permitido.' },
    );
    assert.equal(
      (await validate(shop.place, 'UNAVEZ', m.auth)).data.non_field_errors[0],
      'Ya usó este código el máximo de veces permitido.',
    );
    const other = await shop.member();
    assert.equal((await validate(shop.place, 'UNAVEZ', other.auth)).statusCode, 200);
  });
});

describe('fare estimate', () => {
  const fare = (place: string, body: unknown, host = shop.host) =>
    t.post(`/api/v7/deliveries/places/${place}/fare-estimate/`, body, { host });

  test('base fare plus the per-km rate of the straight-line distance', async () => {
    const res = await fare(shop.place, north(2));
    assert.deepEqual(res.data, { fare: '8.00', distance_km: 2, max_radius_km: 5 });
    const asAddress = await fare(shop.place, { address: { street: 'Av. Pardo 100', ...north(4) } });
    assert.deepEqual(asAddress.data, { fare: '11.00', distance_km: 4, max_radius_km: 5 });
    assert.equal((await fare(shop.place, north(0))).data.fare, '5.00');
  });

  test('beyond the radius (named in the refusal), and at a place without delivery', async () => {
    const far = await fare(shop.place, north(5.1));
    assert.equal(far.statusCode, 400);
    assert.deepEqual(far.data, {
      non_field_errors: ['Fuera de la zona de reparto, hasta 5 km'],
    });
    assert.deepEqual(far.errorCodes?.codes, {
      non_field_errors: [{ code: 'orders.out_of_delivery_range', params: { km: '5' } }],
    });
    assert.deepEqual((await fare(shop.other, north(0.5))).data, {
      non_field_errors: ['The store does not have shipping methods'],
    });
  });

  test('bad bodies are 400, unknown places 404', async () => {
    for (const body of [
      {},
      { latitude: 200, longitude: 0 },
      { latitude: '-12', longitude: '-77' },
      { address: { street: 'x' } },
    ]) {
      assert.equal((await fare(shop.place, body)).statusCode, 400, JSON.stringify(body));
    }
    const notJson = await t.post(`/api/v7/deliveries/places/${shop.place}/fare-estimate/`, '{x', {
      host: shop.host,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(notJson.statusCode, 400);
    assert.equal((await fare('00000000-0000-4000-8000-000000000000', north(1))).statusCode, 404);
  });

  test('the demo: Miraflores and Barranco deliver, Yanahuara does not', async () => {
    const places = (await t.get('/api/v7/places/')).data.results as { uid: string; name: string }[];
    const uid = (name: string) => places.find((p) => p.name === name)!.uid;
    const miraflores = await fare(
      uid('Aurora Miraflores'),
      { latitude: -12.1311, longitude: -77.0297 },
      'localhost',
    );
    assert.equal(miraflores.statusCode, 200, miraflores.body);
    assert.equal(miraflores.data.max_radius_km, 6);
    const yanahuara = await fare(
      uid('Aurora Yanahuara'),
      { latitude: -16.39, longitude: -71.54 },
      'localhost',
    );
    assert.deepEqual(yanahuara.data, {
      non_field_errors: ['The store does not have shipping methods'],
    });
    const options = await t.get(`/api/v5/places/${uid('Aurora Miraflores')}/checkout-options/`);
    // COINS comes from Aurora Club's coins, for carts of redeemable products.
    assert.deepEqual(
      options.data.payment_methods.map((m: { type: string }) => m.type),
      ['CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD', 'COINS'],
    );
    assert.deepEqual(options.data.tax, { name: 'IGV', rate: '18.00', included: true });
    assert.deepEqual(options.data.delivery, {
      enabled: true,
      base_fare: '5.00',
      per_km: '1.50',
      max_radius_km: 6,
    });
    const demoCoupon = await t.get(
      `/api/v5/companies/${uid('Aurora Barranco')}/validate-code/BIENVENIDA10/`,
    );
    assert.equal(demoCoupon.data.discount, '10.00');
  });
});
