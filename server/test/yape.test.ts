import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';
import { MercadoPagoFake } from './support/mercadopago-fake';
import { orders } from '../src/db/schema';

/**
 * Yape through Mercado Pago's Checkout API: the owner adds it in the back office (Pagos e
 * impuestos), the browser turns the phone and approval code into a token (MercadoPago.js), and
 * the order API charges that token as a card's, with `payment_method_id: 'yape'`.
 */
const credentials = {
  public_key: 'TEST-pk-yape-0f1e2d3c-4b5a',
  access_token: 'TEST-9876543210-112233-aabbccddeeff00112233445566778899-987654321',
  webhook_secret: 'whsec-yape-test-0123456789abcdef',
};
let t: TestApp;
let fake: MercadoPagoFake;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
let owner: Record<string, string>;
let yapeUid: string;

before(async () => {
  fake = await new MercadoPagoFake(new Set([credentials.access_token])).start();
  t = await startTestApp();
  shop = await makeShop(t, 'yape-shop', { stock: 50, mercadopago: credentials, staff: true });
  member = await shop.member();
  owner = await shop.signIn();
});
after(async () => {
  await t?.close();
  await fake?.stop();
});

async function yapeOrder(yape: Record<string, unknown> | undefined, method = yapeUid) {
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: [shop.cakeLine(1)],
      expected_total: '10.00',
      payment_method: method,
      ...(yape ? { yape } : {}),
      billing,
    },
    { host: shop.host, headers: member.auth },
  );
}

const orderRow = async (uid: string) =>
  (
    await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.uid, uid)))
  )[0];

describe('Yape through Mercado Pago', () => {
  test('the owner adds Yape in the back office: on at once with the card method credentials, once per company', async () => {
    const before = await t.get(`/api/v5/places/${shop.place}/checkout-options/`, {
      host: shop.host,
    });
    assert.ok(!before.body.includes('"YAPE"'), 'not offered before');
    const added = await t.post(
      '/api/v5/admin/money/payment-methods/yape/',
      {},
      {
        host: shop.host,
        headers: owner,
      },
    );
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.data.type, 'YAPE');
    assert.equal(added.data.is_active, true);
    assert.equal(added.data.public_key, credentials.public_key);
    assert.equal(added.data.access_token_configured, true);
    assert.doesNotMatch(added.body, new RegExp(credentials.access_token));
    yapeUid = added.data.uid;
    const again = await t.post(
      '/api/v5/admin/money/payment-methods/yape/',
      {},
      {
        host: shop.host,
        headers: owner,
      },
    );
    assert.equal(again.statusCode, 400, again.body);
    assert.deepEqual(again.errorCodes?.codes?.non_field_errors, [{ code: 'admin.yape_exists' }]);
    const bad = await t.post(
      '/api/v5/admin/money/payment-methods/yape/',
      { otp: '123456' },
      { host: shop.host, headers: owner },
    );
    assert.equal(bad.statusCode, 400, bad.body);
    const options = await t.get(`/api/v5/places/${shop.place}/checkout-options/`, {
      host: shop.host,
    });
    const yape = options.data.payment_methods.find((m: { type: string }) => m.type === 'YAPE');
    assert.deepEqual(
      { uid: yape.uid, provider: yape.provider, public_key: yape.public_key },
      { uid: yapeUid, provider: 'mercadopago', public_key: credentials.public_key },
    );
    assert.doesNotMatch(options.body, new RegExp(credentials.access_token));
    assert.doesNotMatch(options.body, new RegExp(credentials.webhook_secret));
  });

  test('an approved Yape pays the order: the token reaches Mercado Pago as a yape payment of one installment', async () => {
    const res = await yapeOrder({ token: fake.yapeToken('111111111') });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.payment_status, 'PAID');
    assert.ok(res.data.number, 'numbered once approved');
    const sent = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payments')
      .at(-1)!;
    const body = sent.body as Record<string, unknown>;
    assert.equal(body.payment_method_id, 'yape');
    assert.equal(body.installments, 1);
    assert.equal(body.transaction_amount, 10);
    assert.equal(body.external_reference, res.data.uid);
    assert.equal(sent.headers['x-idempotency-key'], res.data.uid);
    assert.equal(
      body.notification_url,
      `https://yape-shop.test/api/v5/payments/mercadopago/${yapeUid}/notifications/`,
    );
    assert.equal((await orderRow(res.data.uid)).paymentProvider, 'mercadopago');
  });

  test('the approval code and the phone never reach the order API: such keys are a 400, nothing charged', async () => {
    const charges = fake.requests.filter((r) => r.path === '/v1/payments').length;
    const res = await yapeOrder({ token: fake.yapeToken('111111111'), otp: '123456' });
    assert.equal(res.statusCode, 400, res.body);
    const phone = await yapeOrder({ phoneNumber: '111111111', otp: '123456' });
    assert.equal(phone.statusCode, 400, phone.body);
    const none = await yapeOrder(undefined);
    assert.equal(none.statusCode, 400, none.body);
    assert.deepEqual(none.errorCodes?.codes?.yape, [{ code: 'orders.yape_required' }]);
    const onCash = await yapeOrder({ token: fake.yapeToken('111111111') }, shop.cash);
    assert.equal(onCash.statusCode, 400, onCash.body);
    assert.deepEqual(onCash.errorCodes?.codes?.yape, [{ code: 'orders.yape_not_expected' }]);
    assert.equal(fake.requests.filter((r) => r.path === '/v1/payments').length, charges);
  });

  test('declines read clearly in Spanish: refused, expired or wrong code, over the limit; no order left', async () => {
    const cases: [string, string | undefined, string][] = [
      ['111111112', undefined, 'orders.yape_declined'],
      ['111111117', undefined, 'orders.yape_code_invalid'],
      ['111111111', '654321', 'orders.yape_code_invalid'],
      ['111111113', undefined, 'orders.yape_limit_exceeded'],
    ];
    const count = async () =>
      (await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth })).data.count;
    const before = await count();
    for (const [phone, otp, code] of cases) {
      const res = await yapeOrder({ token: fake.yapeToken(phone, otp) });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.errorCodes?.codes?.non_field_errors, [{ code }], phone);
    }
    const declined = await yapeOrder({ token: fake.yapeToken('111111112') });
    assert.equal(
      declined.data.non_field_errors[0],
      'Yape no aprobó el pago. Revisa tu app Yape o elige otro medio de pago.',
    );
    // A code already used (or expired at Mercado Pago): the token is refused outright.
    const token = fake.yapeToken('111111111');
    fake.tokens.get(token)!.used = true;
    const expired = await yapeOrder({ token });
    assert.equal(expired.statusCode, 400, expired.body);
    assert.deepEqual(expired.errorCodes?.codes?.non_field_errors, [
      { code: 'orders.yape_code_invalid' },
    ]);
    assert.match(expired.data.non_field_errors[0], /venció/);
    assert.equal(await count(), before, 'no order left');
  });

  test('a pending Yape payment reserves the order; the signed notification of its approval pays it', async () => {
    const res = await yapeOrder({ token: fake.yapeToken('111111119') });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.payment_status, 'IN_PROCESS');
    const row = await orderRow(res.data.uid);
    fake.settle(row.paymentReference!, 'approved', 'accredited');
    const note = fake.notification(row.paymentReference!, credentials.webhook_secret);
    const done = await t.post(
      `/api/v5/payments/mercadopago/${yapeUid}/notifications/${note.query}`,
      note.body,
      { host: shop.host, headers: note.headers },
    );
    assert.equal(done.statusCode, 200, done.body);
    assert.equal((await orderRow(res.data.uid)).paymentStatus, 'PAID');
    const forged = fake.notification(row.paymentReference!, 'not-the-secret-0123456789');
    const refused = await t.post(
      `/api/v5/payments/mercadopago/${yapeUid}/notifications/${forged.query}`,
      forged.body,
      { host: shop.host, headers: forged.headers },
    );
    assert.equal(refused.statusCode, 401);
  });

  test('cancelling a Yape-paid order refunds it through Mercado Pago', async () => {
    const res = await yapeOrder({ token: fake.yapeToken('111111111') });
    assert.equal(res.statusCode, 201, res.body);
    const cancel = await t.post(`/api/v5/me/orders/${res.data.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.data.payment_status, 'REFUNDED');
    const row = await orderRow(res.data.uid);
    assert.equal(fake.payments.get(Number(row.paymentReference))!.status, 'refunded');
  });

  test('the owner switches Yape off: it is no longer offered and an order with it is a 400', async () => {
    const list = await t.get('/api/v5/admin/money/payment-methods/', {
      host: shop.host,
      headers: owner,
    });
    const yape = list.data.find((m: { uid: string }) => m.uid === yapeUid);
    const off = await t.patch(
      `/api/v5/admin/money/payment-methods/${yapeUid}/`,
      { is_active: false, version: yape.version },
      { host: shop.host, headers: owner },
    );
    assert.equal(off.statusCode, 200, off.body);
    const res = await yapeOrder({ token: fake.yapeToken('111111111') });
    assert.equal(res.statusCode, 400, res.body);
    const on = await t.patch(
      `/api/v5/admin/money/payment-methods/${yapeUid}/`,
      { is_active: true, version: off.data.version },
      { host: shop.host, headers: owner },
    );
    assert.equal(on.statusCode, 200, on.body);
  });
});
