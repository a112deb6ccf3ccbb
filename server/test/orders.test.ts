import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from './support/test-app';
import { apiPaths } from './support/openapi';
import { dayInWords } from '../src/modules/mail/words';
import {
  billing,
  cashPickupOrder,
  declinedCard,
  firstSlot,
  goodCard,
  makeShop,
  openShopWithMember,
  closeShopWithMember,
  type ShopWithMember,
  north,
  ordersCount,
  stockOf,
  type Shop,
} from './support/orders';

let t: TestApp;
let smtp: ShopWithMember['smtp'];
let shop: Shop;
let member: ShopWithMember['member'];

before(async () => {
  ({ t, smtp, shop, member } = await openShopWithMember('orders-main', { stock: 10 }));
});
after(() => closeShopWithMember({ t, smtp }));

async function pickupOrder(
  overrides: Record<string, unknown> = {},
  init: { auth?: Record<string, string>; headers?: Record<string, string>; s?: Shop } = {},
) {
  const headers = { ...(init.auth ?? member.auth), ...init.headers };
  return cashPickupOrder(t, init.s ?? shop, headers, overrides);
}

describe('placing an order', () => {
  test('prices every line on the server and answers the order with every label', async () => {
    const before = await stockOf(t, shop, shop.cake.uid);
    const slot = await firstSlot(t, shop);
    const res = await pickupOrder({
      pickup: { date: slot.date, start: slot.start },
      products: [
        { ...shop.cakeLine(2, 'Grande'), unit_price: '0.01' },
        { uid: shop.coffee.uid, quantity: 1 },
      ],
      expected_total: '34.50',
      comments: '  Sin azúcar  ',
    });
    assert.equal(res.statusCode, 201, res.body);
    const o = res.data;
    assert.equal(o.status, 'RECEIVED');
    assert.equal(o.shipping_type, 'pickup');
    assert.deepEqual(
      [o.pickup_date, o.pickup_start, o.pickup_end],
      [slot.date, slot.start, slot.end],
    );
    assert.deepEqual(
      o.products.map(
        (p: {
          title: string;
          quantity: number;
          unit_price: string;
          options_price: string;
          total: string;
        }) => [p.title, p.quantity, p.unit_price, p.options_price, p.total],
      ),
      [
        ['Torta', 2, '10.00', '4.00', '28.00'],
        ['Café', 1, '6.50', '0.00', '6.50'],
      ],
    );
    assert.deepEqual(o.products[0].options, [{ group: 'Tamaño', name: 'Grande', price: '4.00' }]);
    assert.equal(o.subtotal, '34.50');
    assert.equal(o.discount, '0.00');
    assert.equal(o.delivery_price, '0.00');
    assert.equal(o.taxes, '5.26'); // 34.50 * 18 / 118
    assert.equal(o.total, '34.50');
    assert.equal(o.price, '34.50');
    assert.deepEqual(o.tax, { name: 'IGV', rate: '18.00', included: true });
    assert.equal(o.name, 'Ana Quispe');
    assert.equal(o.comments, 'Sin azúcar');
    assert.equal(o.payment_type, 'CASH');
    assert.equal(o.payment_status, 'PAY_ON_DELIVERY');
    assert.deepEqual(o.billing, billing);
    assert.equal(o.can_cancel, true);
    assert.ok(o.number > 0);
    assert.equal(await stockOf(t, shop, shop.cake.uid), before! - 2);
    assert.equal(await stockOf(t, shop, shop.coffee.uid), null, 'uncounted stock stays uncounted');
  });

  test("mails the confirmation to the buyer's verified address, not to the billing email", async () => {
    const buyer = await shop.member();
    const email = buyer.body.email as string;
    const confirm = (await smtp.waitFor(email, /Confirma tu correo/)).links[0];
    const verified = await t.get(`/api/v5${new URL(confirm).pathname}/`, { host: shop.host });
    assert.equal(verified.statusCode, 200, verified.body);
    const typed = `other.${Date.now()}@example.com`;
    const res = await pickupOrder({ billing: { ...billing, email: typed } }, { auth: buyer.auth });
    assert.equal(res.statusCode, 201, res.body);
    const mail = await smtp.waitFor(email, new RegExp(`Pedido N° ${res.data.number} recibido`));
    assert.ok(!smtp.mails.some((m) => m.to === typed), 'a mail to the billing email');
    assert.match(mail.text, /1 x Torta \(Chica\)/);
    assert.match(mail.text, /Total: S\/ 10\.00/);
    // Written before the order had its number, filled in by the database in the same transaction.
    assert.ok(mail.text.includes(`Recibimos tu pedido N° ${res.data.number} en`), mail.text);
    assert.doesNotMatch(mail.text + mail.subject, /⟦|⟧/);
    // The pickup day in words ('el jueves 3 de diciembre'), never '2026-12-03'.
    assert.ok(mail.text.includes(` el ${dayInWords(res.data.pickup_date)} de `), mail.text);
  });

  test('a pickup paid in cash needs no billing address; a delivery does (issue 36)', async () => {
    const { address: _address, ...noAddress } = billing;
    const pickup = await pickupOrder({ billing: noAddress });
    assert.equal(pickup.statusCode, 201, pickup.body);
    assert.equal(pickup.data.billing.address, '');
    const delivery = await pickupOrder({
      shipping_type: 'delivery',
      pickup: undefined,
      delivery: { area: shop.area, address: 'Calle 1', ...north(2) },
      billing: noAddress,
    });
    assert.equal(delivery.statusCode, 400, delivery.body);
    assert.ok(delivery.data['billing.address'], delivery.body);
  });

  test('a changed price is a 409 with the new prices, and nothing is written', async () => {
    const count = await ordersCount(t, shop);
    const stock = await stockOf(t, shop, shop.cake.uid);
    const res = await pickupOrder({ expected_total: '9.00' });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.errorCodes?.code, 'orders.price_changed');
    assert.match(res.data.detail, /precios cambiaron/);
    assert.equal(res.data.quote.total, '10.00');
    assert.equal(res.data.quote.products[0].unit_price, '10.00');
    assert.equal(await ordersCount(t, shop), count);
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('the quote call prices without writing', async () => {
    const count = await ordersCount(t, shop);
    const res = await t.post(
      `/api/v5/places/${shop.place}/orders/quote/`,
      {
        shipping_type: 'delivery',
        delivery: { area: shop.area, address: 'Calle 1', ...north(2) },
        products: [shop.cakeLine(3)],
      },
      { host: shop.host },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.subtotal, '30.00');
    assert.equal(res.data.delivery_price, '8.00');
    assert.equal(res.data.total, '38.00');
    assert.equal(res.data.distance_km, 2);
    assert.equal(await ordersCount(t, shop), count);
  });

  test('delivers within the radius at the fare of the place', async () => {
    const res = await pickupOrder({
      shipping_type: 'delivery',
      pickup: undefined,
      delivery: {
        area: shop.area,
        address: 'Av. Pardo 100',
        reference: 'Frente al parque',
        ...north(2),
      },
      expected_total: '18.00',
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.delivery_price, '8.00');
    assert.equal(res.data.total, '18.00');
    assert.equal(res.data.taxes, '2.75');
    assert.equal(res.data.district, 'Lima');
    assert.equal(res.data.address, 'Av. Pardo 100');
    assert.equal(res.data.reference, 'Frente al parque');
    assert.equal(res.data.distance_km, 2);
    assert.equal(res.data.pickup_date, null);
  });

  test('refuses a point beyond the radius (naming the radius) and a place that does not deliver', async () => {
    const far = await pickupOrder({
      shipping_type: 'delivery',
      pickup: undefined,
      delivery: { area: shop.area, address: 'Lejos', ...north(6) },
      expected_total: '10.00',
    });
    assert.equal(far.statusCode, 400);
    assert.deepEqual(far.data.non_field_errors, ['Fuera de la zona de reparto, hasta 5 km']);
    assert.deepEqual(far.errorCodes?.codes, {
      non_field_errors: [{ code: 'orders.out_of_delivery_range', params: { km: '5' } }],
    });
    const noDelivery = await t.post(
      `/api/v5/places/${shop.other}/orders/`,
      {
        shipping_type: 'delivery',
        delivery: { area: shop.area, address: 'Cerca', ...north(0.1) },
        products: [shop.cakeLine(1)],
        expected_total: '10.00',
        payment_method: shop.cash,
        billing,
      },
      { host: shop.host, headers: member.auth },
    );
    assert.equal(noDelivery.statusCode, 400);
    assert.deepEqual(noDelivery.data.non_field_errors, [
      'The store does not have shipping methods',
    ]);
  });

  test('refuses a pickup slot the place does not offer', async () => {
    const slot = await firstSlot(t, shop);
    for (const pickup of [
      { date: '2020-01-01', start: slot.start },
      { date: slot.date, start: '03:15' },
    ]) {
      const res = await pickupOrder({ pickup });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.data['pickup.start'], ['Este horario de recojo no está disponible.']);
    }
  });

  test('answers every wrong field at once, never a 500', async () => {
    const missing = await pickupOrder({ shipping_type: 'delivery', pickup: undefined });
    assert.deepEqual(missing.data, { delivery: ['Este campo es requerido'] });
    const res = await pickupOrder({
      products: [],
      expected_total: 'ten',
      payment_method: '',
      billing: { ...billing, email: 'nope', phone: '12', first_name: '' },
    });
    assert.equal(res.statusCode, 400, res.body);
    for (const field of [
      'products',
      'expected_total',
      'payment_method',
      'billing.email',
      'billing.phone',
      'billing.first_name',
    ])
      assert.ok(res.data[field], `${field} in ${res.body}`);
  });

  test('hostile bodies are 400s: wrong types, huge quantities, unknown uids, other places and tenants', async () => {
    const bodies: unknown[] = [
      'not json at all',
      [],
      { shipping_type: 'teleport' },
      { shipping_type: 'pickup', products: [{ uid: shop.cake.uid, quantity: -1 }] },
      { shipping_type: 'pickup', products: [{ uid: shop.cake.uid, quantity: 1e9 }] },
    ];
    for (const body of bodies) {
      const res = await t.post(`/api/v5/places/${shop.place}/orders/`, body, {
        host: shop.host,
        headers: { ...member.auth, 'content-type': 'application/json' },
      });
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)} -> ${res.body}`);
    }
    const unknown = await pickupOrder({
      products: [{ uid: "x' OR 1=1 --", quantity: 1 }],
      payment_method: 'nope',
      coupon: "'; DROP TABLE orders; --",
    });
    assert.equal(unknown.statusCode, 400);
    assert.ok(
      unknown.data['products.0.uid'] && unknown.data.payment_method && unknown.data.coupon,
      unknown.body,
    );
    const demoPlaces = (await t.get('/api/v7/places/')).data.results;
    const otherTenant = await t.post(
      `/api/v5/places/${demoPlaces[0].uid}/orders/`,
      {},
      { host: shop.host, headers: member.auth },
    );
    assert.equal(otherTenant.statusCode, 400);
    const otherTenantValid = await t.post(
      `/api/v5/places/${demoPlaces[0].uid}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: await firstSlot(t, shop),
        products: [shop.cakeLine(1)],
        expected_total: '10.00',
        payment_method: shop.cash,
        billing,
      },
      { host: shop.host, headers: member.auth },
    );
    assert.equal(otherTenantValid.statusCode, 404);
    const option = await pickupOrder({
      products: [{ uid: shop.cake.uid, quantity: 1, option_groups: [] }],
    });
    assert.equal(option.statusCode, 400);
    assert.deepEqual(option.data['products.0.option_groups'], [
      'Elige al menos 1 opciones de Tamaño.',
    ]);
  });

  test("a successful order empties the member's server cart at that place, and only there", async () => {
    const s = await makeShop(t, 'orders-cart');
    const m = await s.member();
    const cart = (place: string) =>
      t.get(`/api/v5/me/shopping-cart/?place_uid=${place}`, { host: s.host, headers: m.auth });
    for (const place of [s.place, s.other]) {
      const saved = await t.post(
        '/api/v5/me/shopping-cart/',
        { place, products: [s.cakeLine(1)] },
        { host: s.host, headers: m.auth },
      );
      assert.equal(saved.statusCode, 200, saved.body);
    }
    const declined = await pickupOrder(
      { payment_method: s.online, card: declinedCard },
      { s, auth: m.auth },
    );
    assert.equal(declined.statusCode, 400);
    assert.equal(
      (await cart(s.place)).data.products.length,
      1,
      'a declined card leaves the cart as it was',
    );
    assert.equal((await pickupOrder({}, { s, auth: m.auth })).statusCode, 201);
    assert.deepEqual((await cart(s.place)).data.products, []);
    assert.equal((await cart(s.other)).data.products.length, 1);
  });

  test('a store without ecommerce takes no orders; an absurd amount is refused, not a 500', async () => {
    const closed = await makeShop(t, 'orders-closed', { ecommerce: false });
    const m = await closed.member();
    assert.deepEqual((await pickupOrder({}, { s: closed, auth: m.auth })).data, {
      non_field_errors: ['Esta tienda no recibe pedidos en línea.'],
    });
    const pricey = await makeShop(t, 'orders-pricey', { cakePrice: '9000000.00', stock: null });
    const p = await pricey.member();
    const res = await pickupOrder(
      { products: [pricey.cakeLine(999)], expected_total: '1.00' },
      { s: pricey, auth: p.auth },
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.non_field_errors, ['El pedido supera el monto máximo permitido.']);
  });

  test('needs a member', async () => {
    const res = await t.post(`/api/v5/places/${shop.place}/orders/`, {}, { host: shop.host });
    assert.equal(res.statusCode, 401);
  });
});

describe('payments', () => {
  test('the sandbox card pays the order', async () => {
    const res = await pickupOrder({ payment_method: shop.online, card: goodCard });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.payment_status, 'PAID');
    assert.equal(res.data.card_last4, '4242');
    assert.equal(res.data.payment_method.type, 'ONLINE_CARD');
  });

  test('a declined card leaves no order, no stock taken and no coupon used', async () => {
    const s = await makeShop(t, 'orders-decline', {
      stock: 3,
      coupons: [{ key: 'c', code: 'ONE', kind: 'AMOUNT', value: '1.00', max_uses: 1 }],
    });
    const m = await s.member();
    const res = await pickupOrder(
      {
        payment_method: s.online,
        card: declinedCard,
        products: [s.cakeLine(3)],
        coupon: 'one',
        expected_total: '29.00',
      },
      { s, auth: m.auth },
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.non_field_errors, ['Your card could not be processed correctly']);
    assert.equal(await ordersCount(t, s), 0);
    assert.equal(await stockOf(t, s, s.cake.uid), 3);
    assert.equal(
      (await t.get(`/api/v5/companies/${s.place}/validate-code/ONE/`, { host: s.host })).statusCode,
      200,
      'the coupon is still usable',
    );
    const again = await pickupOrder(
      {
        payment_method: s.online,
        card: goodCard,
        products: [s.cakeLine(3)],
        coupon: 'one',
        expected_total: '29.00',
      },
      { s, auth: m.auth },
    );
    assert.equal(again.statusCode, 201, again.body);
    assert.equal(again.data.number, 1, 'the declined card used up no order number (issue 24)');
  });

  test('card rules: a card token is needed for online payment, a card number is refused, and a business without online payment says so', async () => {
    const noCard = await pickupOrder({ payment_method: shop.online });
    assert.deepEqual(noCard.data.card, ['Ingresa los datos de tu tarjeta.']);
    const withNumber = await pickupOrder({
      payment_method: shop.online,
      card: { ...goodCard, number: '4242 4242 4242 4242', cvc: '123' },
    });
    assert.equal(withNumber.statusCode, 400, 'the order API never takes a card number');
    assert.ok(withNumber.data.card, withNumber.body);
    const badToken = await pickupOrder({
      payment_method: shop.online,
      card: { ...goodCard, token: 'no spaces allowed' },
    });
    assert.deepEqual(badToken.data['card.token'], ['Valor no válido']);
    const cashOnly = await makeShop(t, 'orders-cash-only', { paymentTypes: ['CASH'] });
    const m = await cashOnly.member();
    const res = await pickupOrder(
      { payment_method: cashOnly.cash, card: goodCard },
      { s: cashOnly, auth: m.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data.non_field_errors, [
      'The business does not accept payments by credit card / debit card',
    ]);
  });
});

describe('stock under concurrency', () => {
  test('50 concurrent orders for 10 units: exactly 10 succeed, the rest are out of stock, stock ends at 0', async () => {
    const s = await makeShop(t, 'orders-race', { stock: 10 });
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => s.member()));
    const slot = await firstSlot(t, s);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        cashPickupOrder(t, s, members[i % 5].auth, { pickup: slot }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    assert.equal(
      codes.filter((c) => c === 201).length,
      10,
      JSON.stringify(
        results.filter((r) => r.statusCode !== 201 && r.statusCode !== 400).map((r) => r.body),
      ),
    );
    const losers = results.filter((r) => r.statusCode === 400);
    assert.equal(losers.length, 40);
    for (const r of losers) assert.deepEqual(r.data, { non_field_errors: ['Out of stock: Torta'] });
    assert.equal(await stockOf(t, s, s.cake.uid), 0);
    assert.equal(await ordersCount(t, s), 10);
  });

  test('one order asking for more than the stock is refused whole', async () => {
    const s = await makeShop(t, 'orders-more', { stock: 2 });
    const m = await s.member();
    const res = await pickupOrder(
      { products: [s.cakeLine(1), s.cakeLine(2, 'Grande')], expected_total: '38.00' },
      { s, auth: m.auth },
    );
    assert.deepEqual(res.data, { non_field_errors: ['Out of stock: Torta'] });
    assert.equal(await stockOf(t, s, s.cake.uid), 2);
    assert.equal(await ordersCount(t, s), 0);
  });
});

describe('idempotency', () => {
  test('the same key twice answers the first order, 201 and the same body', async () => {
    const s = await makeShop(t, 'orders-idem', { stock: 10 });
    const m = await s.member();
    const first = await pickupOrder(
      {},
      { s, auth: m.auth, headers: { 'idempotency-key': 'checkout-1' } },
    );
    const second = await pickupOrder(
      {},
      { s, auth: m.auth, headers: { 'idempotency-key': 'checkout-1' } },
    );
    assert.equal(first.statusCode, 201);
    assert.equal(second.statusCode, 201);
    assert.deepEqual(second.data, first.data);
    assert.equal(await ordersCount(t, s), 1);
    assert.equal(await stockOf(t, s, s.cake.uid), 9);
    const other = await s.member();
    const sameKeyOtherMember = await pickupOrder(
      {},
      { s, auth: other.auth, headers: { 'idempotency-key': 'checkout-1' } },
    );
    assert.notEqual(sameKeyOtherMember.data.uid, first.data.uid, 'keys are per member');
  });

  test('concurrent requests with the same key make one order', async () => {
    const s = await makeShop(t, 'orders-idem-race', { stock: 10 });
    const m = await s.member();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        pickupOrder({}, { s, auth: m.auth, headers: { 'idempotency-key': 'same-key' } }),
      ),
    );
    assert.deepEqual(
      new Set(results.map((r) => r.statusCode)),
      new Set([201]),
      results.map((r) => r.body).join('\n'),
    );
    assert.equal(new Set(results.map((r) => r.data.uid)).size, 1);
    assert.equal(await ordersCount(t, s), 1);
    assert.equal(await stockOf(t, s, s.cake.uid), 9);
  });

  test('a malformed key is a 400', async () => {
    const res = await pickupOrder({}, { headers: { 'idempotency-key': 'x'.repeat(201) } });
    assert.equal(res.statusCode, 400);
    assert.ok(res.data['Idempotency-Key']);
  });
});

describe('documentation', () => {
  test('the OpenAPI document describes the checkout, orders, coupon and subscription calls', async () => {
    const res = await t.get('/api/docs/json');
    assert.equal(res.statusCode, 200);
    const paths = apiPaths<any>(res.data);
    for (const [path, method] of [
      ['/api/v5/places/{uid}/orders/', 'post'],
      ['/api/v5/places/{uid}/orders/quote/', 'post'],
      ['/api/v5/places/{uid}/checkout-options/', 'get'],
      ['/api/v5/me/orders/', 'get'],
      ['/api/v5/me/orders/{uid}/', 'get'],
      ['/api/v5/me/orders/{uid}/cancel/', 'post'],
      ['/api/v7/deliveries/places/{uid}/fare-estimate/', 'post'],
      ['/api/v5/companies/{uid}/validate-code/{code}/', 'get'],
      ['/api/v5/places/{uid}/subscriptions/', 'post'],
      ['/api/v5/subscriptions/', 'get'],
      ['/api/v5/subscriptions/{uid}/', 'patch'],
    ]) {
      assert.ok(paths[path]?.[method], `missing ${method} ${path}`);
    }
    const post = paths['/api/v5/places/{uid}/orders/'].post;
    assert.match(post.description, /Idempotency-Key/);
    // The card travels as the provider's token; the description says a card number is refused.
    assert.match(post.description, /card` \{token, payment_method_id, installments, issuer_id\}/);
    assert.match(post.description, /a card number is refused/);
    assert.ok(post.responses['409'], 'the price-change answer is documented');
    assert.ok(post.requestBody.content['application/json'].schema.properties.expected_total);
  });
});
