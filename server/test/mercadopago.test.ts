import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, stockOf, type Shop } from './support/orders';
import { MercadoPagoFake } from './support/mercadopago-fake';
import { orders, paymentMethods, paymentRefunds, unsettledCharges } from '../src/db/schema';
import { refundCharge } from '../src/modules/orders/checkout/charge';
import { paymentProvider } from '../src/modules/payments/provider';
import { NOT_FOUND_AFTER_MS } from '../src/modules/payments/unsettled-charges';
import { reconcilePayments } from '../src/modules/payments/updates';
import { logRedaction } from '../src/lib/log-redaction';
import { transitionOrder } from '../src/modules/orders/transitions';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { ValidationError } from '../src/lib/http-errors';
import { orderMessages } from '@store/contract';

const credentials = {
  public_key: 'TEST-pk-0f1e2d3c-4b5a-6978',
  access_token: 'TEST-1234567890-112233-aabbccddeeff00112233445566778899-123456789',
  webhook_secret: 'whsec-aurora-test-0123456789abcdef',
};
const logged: string[] = [];
let t: TestApp;
let fake: MercadoPagoFake;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
let owner: Record<string, string>;

before(async () => {
  fake = await new MercadoPagoFake(new Set([credentials.access_token])).start();
  t = await startTestApp({
    logger: {
      level: 'info',
      redact: logRedaction,
      stream: { write: (line: string) => void logged.push(line) },
    },
  });
  shop = await makeShop(t, 'mp-shop', { stock: 10, mercadopago: credentials, staff: true });
  member = await shop.member();
  owner = await shop.signIn();
});
after(async () => {
  await t?.close();
  await fake?.stop();
});

/** A card token the provider's fields made (the holder name picks Mercado Pago's test outcome). */
const card = (holder: string) => ({
  token: fake.cardToken(holder),
  payment_method_id: 'visa',
  installments: 1,
  issuer_id: '1001',
});

/** The member's pickup order of `quantity` cakes paid online with `paidWith`. */
async function orderPaidWith(
  paidWith: Record<string, unknown>,
  headers: Record<string, string> = {},
  quantity = 1,
) {
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: [shop.cakeLine(quantity)],
      expected_total: (10 * quantity).toFixed(2),
      payment_method: shop.online,
      card: paidWith,
      billing,
    },
    { host: shop.host, headers: { ...member.auth, ...headers } },
  );
}

const cardOrder = (holder: string, headers: Record<string, string> = {}, quantity = 1) =>
  orderPaidWith(card(holder), headers, quantity);

/** A token the provider never made: it refuses it (400). */
const unknownToken = (token: string) => ({ token, payment_method_id: 'visa', installments: 1 });

const orderRow = async (uid: string) =>
  (
    await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.uid, uid)))
  )[0];

async function notify(methodUid: string, body: ReturnType<MercadoPagoFake['notification']>) {
  return t.post(
    `/api/v5/payments/mercadopago/${methodUid}/notifications/${body.query}`,
    body.body,
    { host: shop.host, headers: body.headers },
  );
}

describe('Mercado Pago through the official SDK', () => {
  test('checkout-options give the browser the public key and never the secrets', async () => {
    const res = await t.get(`/api/v5/places/${shop.place}/checkout-options/`, { host: shop.host });
    const online = res.data.payment_methods.find((m: { type: string }) => m.type === 'ONLINE_CARD');
    assert.equal(online.provider, 'mercadopago');
    assert.equal(online.public_key, credentials.public_key);
    assert.doesNotMatch(res.body, new RegExp(credentials.access_token));
    assert.doesNotMatch(res.body, new RegExp(credentials.webhook_secret));
  });

  test('a charge whose answers were lost after Mercado Pago took the money: found by our reference, the order is paid once', async () => {
    const before = fake.payments.size;
    // Both the SDK's call and its retry are processed by the provider but never answered.
    fake.dropPaymentAnswers = 2;
    const res = await cardOrder('APRO');
    assert.equal(fake.dropPaymentAnswers, 0, 'the answers were dropped');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.payment_status, 'PAID');
    assert.equal(fake.payments.size, before + 1, 'one payment: the retry reused the key');
    const searched = fake.requests.filter((r) => r.path.startsWith('/v1/payments/search'));
    assert.ok(searched.at(-1)!.path.includes(`external_reference=${res.data.uid}`));
  });

  test('a charge whose answers were lost and that the provider never made: declined, no order left', async () => {
    const ordersBefore = (
      await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth })
    ).data.count;
    fake.dropPaymentAnswers = 2;
    // An unknown token: the provider refuses it (400), but the answer never arrives.
    const res = await orderPaidWith(unknownToken('unknowntoken0000'));
    fake.dropPaymentAnswers = 0;
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.body, /Your card could not be processed correctly|Su tarjeta/);
    const ordersAfter = (
      await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth })
    ).data.count;
    assert.equal(ordersAfter, ordersBefore);
  });

  test('an approved card pays the order: our total, the order uid as reference and idempotency key, the payer email', async () => {
    const res = await cardOrder('APRO', {}, 2);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.payment_status, 'PAID');
    assert.equal(res.data.card_last4, '3704');
    const sent = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payments')
      .at(-1)!;
    const body = sent.body as Record<string, unknown>;
    assert.equal(body.transaction_amount, 20);
    assert.equal(body.external_reference, res.data.uid);
    assert.equal(sent.headers['x-idempotency-key'], res.data.uid);
    assert.deepEqual(body.payer, { email: billing.email });
    assert.equal(body.installments, 1);
    assert.equal(body.issuer_id, 1001);
    assert.equal(
      body.notification_url,
      `https://mp-shop.test/api/v5/payments/mercadopago/${shop.online}/notifications/`,
      "notifications go to the store's own domain",
    );
    const row = await orderRow(res.data.uid);
    assert.equal(row.paymentProvider, 'mercadopago');
    assert.equal(row.paymentReference, String(fake.payments.get(Number(row.paymentReference))!.id));
  });

  test('a rejected card is the spec message, leaves no order, takes no stock and uses no order number', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const before = (await cardOrder('APRO')).data.number as number;
    const res = await cardOrder('FUND');
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.non_field_errors, ['Your card could not be processed correctly']);
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 1);
    const after = await cardOrder('APRO');
    assert.equal(after.data.number, before + 1, 'no number was used by the declined card');
  });

  test('the same Idempotency-Key answers the first order and charges once', async () => {
    const key = crypto.randomUUID();
    const charges = () => fake.requests.filter((r) => r.path === '/v1/payments').length;
    const first = await cardOrder('APRO', { 'idempotency-key': key });
    const count = charges();
    const again = await cardOrder('APRO', { 'idempotency-key': key });
    assert.equal(again.statusCode, 201, again.body);
    assert.equal(again.data.uid, first.data.uid);
    assert.equal(again.data.number, first.data.number);
    assert.equal(charges(), count, 'no second charge');
  });

  test('a pending payment reserves the order; the signed notification of its approval pays it, and a repeated one changes nothing', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const res = await cardOrder('CONT');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.payment_status, 'IN_PROCESS');
    assert.ok(res.data.payment_expires_at);
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 1, 'reserved');
    const listed = await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth });
    assert.ok(
      listed.data.results.some((o: { uid: string }) => o.uid === res.data.uid),
      'the shopper sees the pending order',
    );
    const row = await orderRow(res.data.uid);
    fake.settle(row.paymentReference!, 'approved', 'accredited');
    const note = fake.notification(row.paymentReference!, credentials.webhook_secret);
    const first = await notify(shop.online, note);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal((await orderRow(res.data.uid)).paymentStatus, 'PAID');
    const reads = fake.requests.filter((r) => r.method === 'GET').length;
    const again = await notify(shop.online, note);
    assert.equal(again.statusCode, 200);
    assert.equal((await orderRow(res.data.uid)).paymentStatus, 'PAID');
    assert.equal(fake.requests.filter((r) => r.method === 'GET').length, reads + 1, 're-read');
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 1, 'taken once');
  });

  test('a pending payment rejected later cancels the order and gives the stock back', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const res = await cardOrder('CONT');
    const row = await orderRow(res.data.uid);
    fake.settle(row.paymentReference!, 'rejected', 'cc_rejected_high_risk');
    await notify(shop.online, fake.notification(row.paymentReference!, credentials.webhook_secret));
    const after = await orderRow(res.data.uid);
    assert.equal(after.paymentStatus, 'REJECTED');
    assert.equal(after.status, 'CANCELED_BY_PLACE');
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('a pending payment the provider never decides is released when its time passes (reconciliation run)', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const res = await cardOrder('CONT');
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 1);
    await reconcilePayments(t.db, new Date());
    assert.equal((await orderRow(res.data.uid)).paymentStatus, 'IN_PROCESS', 'not yet');
    await reconcilePayments(t.db, new Date(Date.now() + 31 * 60_000));
    const after = await orderRow(res.data.uid);
    assert.deepEqual(
      [after.paymentStatus, after.status, after.paymentDetail],
      ['REJECTED', 'CANCELED_BY_PLACE', 'expired'],
    );
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('a forged notification is refused (401) and reads nothing from the provider', async () => {
    const res = await cardOrder('CONT');
    const row = await orderRow(res.data.uid);
    fake.settle(row.paymentReference!, 'approved', 'accredited');
    const reads = fake.requests.filter((r) => r.method === 'GET').length;
    const forged = fake.notification(row.paymentReference!, 'not-the-secret-0123456789');
    const refused = await notify(shop.online, forged);
    assert.equal(refused.statusCode, 401, refused.body);
    assert.deepEqual(refused.data, { detail: 'La firma de la notificación de pago no es válida.' });
    const unsigned = await t.post(
      `/api/v5/payments/mercadopago/${shop.online}/notifications/?data.id=${row.paymentReference}&type=payment`,
      { type: 'payment', data: { id: row.paymentReference } },
      { host: shop.host },
    );
    assert.equal(unsigned.statusCode, 401);
    const otherId = fake.notification(row.paymentReference!, credentials.webhook_secret);
    otherId.query = `?data.id=999&type=payment`;
    assert.equal(
      (await notify(shop.online, otherId)).statusCode,
      401,
      'the signature covers the id',
    );
    assert.equal(fake.requests.filter((r) => r.method === 'GET').length, reads);
    assert.equal((await orderRow(res.data.uid)).paymentStatus, 'IN_PROCESS');
  });

  test('a member cancelling a paid order is refunded through the provider, and it is recorded', async () => {
    const res = await cardOrder('APRO');
    const cancel = await t.post(`/api/v5/me/orders/${res.data.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.data.payment_status, 'REFUNDED');
    const row = await orderRow(res.data.uid);
    assert.equal(fake.payments.get(Number(row.paymentReference))!.status, 'refunded');
    const [refund] = await t.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.appId, shop.app.uid), eq(paymentRefunds.orderUid, row.uid)));
    assert.deepEqual([refund.status, refund.amountCents, refund.attempts], ['DONE', 1000, 1]);
  });

  test('a refund the provider fails stays pending for staff and the reconciliation run retries it once', async () => {
    const res = await cardOrder('APRO');
    fake.failRefunds = 4;
    const cancel = await t.post(`/api/v5/me/orders/${res.data.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.data.payment_status, 'REFUND_PENDING');
    const staffSees = await orderRow(res.data.uid);
    assert.equal(staffSees.paymentStatus, 'REFUND_PENDING');
    fake.failRefunds = 0;
    await reconcilePayments(t.db, new Date(Date.now() + 2 * 60_000));
    assert.equal((await orderRow(res.data.uid)).paymentStatus, 'REFUNDED');
    const payment = fake.payments.get(Number(staffSees.paymentReference))!;
    assert.equal(payment.refunds.length, 1, 'refunded once');
    await reconcilePayments(t.db, new Date(Date.now() + 4 * 60_000));
    assert.equal(payment.refunds.length, 1, 'a later run refunds nothing more');
  });

  test('staff cannot prepare an order whose payment is in process; it can still be canceled', async () => {
    const res = await cardOrder('CONT');
    const scope = {
      db: t.db,
      app: (await findAppRowByDomain(t.db, shop.host))!,
      log: t.app.log,
      clock: () => new Date(),
      user: null,
      sessionMethod: null,
      limitedSession: false,
    };
    await assert.rejects(
      transitionOrder(scope, res.data.uid, 'ACCEPTED', 'place'),
      (err) =>
        err instanceof ValidationError &&
        err.fields.non_field_errors[0] === orderMessages.paymentInProcess,
    );
    const canceled = await transitionOrder(scope, res.data.uid, 'CANCELED_BY_PLACE', 'place');
    assert.equal(canceled.status, 'CANCELED_BY_PLACE');
  });

  test('the log censors card tokens and provider secrets wherever they are logged', () => {
    t.app.log.info(
      {
        card: { token: 'tok-should-not-appear' },
        method: { accessToken: credentials.access_token },
      },
      'redaction probe',
    );
    const probe = logged.find((l) => l.includes('redaction probe'))!;
    assert.ok(probe);
    assert.doesNotMatch(probe, /tok-should-not-appear/);
    assert.match(probe, /\[redacted\]/);
  });

  test('secrets and card tokens never reach the log', () => {
    const all = logged.join('\n');
    assert.ok(all.length > 0);
    assert.doesNotMatch(all, new RegExp(credentials.access_token));
    assert.doesNotMatch(all, new RegExp(credentials.webhook_secret));
    for (const token of fake.tokens.keys()) assert.doesNotMatch(all, new RegExp(token));
  });
});

/**
 * A charge made straight through the shop's online method, as the checkout's steps make it, with
 * no order around it: what an undo then has to give back.
 */
async function chargeOutsideAnOrder(holder: string, amountCents: number, description: string) {
  const [method] = await t.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.appId, shop.app.uid), eq(paymentMethods.uid, shop.online)));
  const provider = paymentProvider(method);
  const reference = crypto.randomUUID();
  const payment = await provider.createPayment({
    amountCents,
    currency: 'PEN',
    reference,
    idempotencyKey: reference,
    description,
    payerEmail: 'ana@example.com',
    card: { token: fake.cardToken(holder), payment_method_id: 'visa', installments: 1 },
    notificationUrl: null,
  });
  return { method, provider, reference, payment };
}

describe('unsettled charges: money a lost answer or a failed undo may have taken comes back', () => {
  const unsettled = async (reference: string) =>
    (
      await t.db
        .select()
        .from(unsettledCharges)
        .where(
          and(eq(unsettledCharges.appId, shop.app.uid), eq(unsettledCharges.reference, reference)),
        )
    )[0];
  const paymentOf = (reference: string) =>
    [...fake.payments.values()].find((p) => p.external_reference === reference);
  const listed = async (status?: string) => {
    const res = await t.get(
      `/api/v5/admin/money/unsettled-charges/${status ? `?status=${status}` : ''}`,
      { host: shop.host, headers: owner },
    );
    assert.equal(res.statusCode, 200, res.body);
    return res.data as { count: number; results: { reference: string; status: string }[] };
  };
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  test('answers and look-up all lost: declined, recorded OPEN, then refunded once by the reconciliation run', async () => {
    const ordersBefore = (
      await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth })
    ).data.count;
    fake.dropPaymentAnswers = 2;
    fake.failSearches = 10;
    const res = await cardOrder('APRO');
    fake.failSearches = 0;
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(
      (await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth })).data.count,
      ordersBefore,
      'no order left',
    );
    // The provider took the money under the attempt's reference: find it through the record.
    const open = (await listed('OPEN')).results;
    assert.equal(open.length, 1, 'one open charge for the owner');
    const reference = open[0].reference;
    const payment = paymentOf(reference)!;
    assert.equal(payment.status, 'approved', 'the lost call charged the card');
    const row = await unsettled(reference);
    assert.deepEqual(
      [row.status, row.reason, row.purpose, row.amountCents, row.providerPaymentId],
      ['OPEN', 'OUTCOME_UNKNOWN', 'ORDER', 1000, null],
    );

    // Two processes' runs at once, the second looking while the first's refund is made but not
    // yet answered: one refund, the record settled once and with the refund's id.
    let answerRefund!: () => void;
    fake.holdRefundAnswers = {
      paymentId: payment.id,
      until: new Promise<void>((resolve) => (answerRefund = resolve)),
    };
    const first = reconcilePayments(t.db, inMinutes(2));
    for (let waited = 0; payment.refunds.length === 0; waited += 10) {
      assert.ok(waited < 10_000, 'the first run asks for the refund');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const b = await reconcilePayments(t.db, inMinutes(2));
    answerRefund();
    fake.holdRefundAnswers = null;
    const a = await first;
    assert.deepEqual([a.unsettled.refunded, b.unsettled.refunded], [1, 0]);
    assert.equal(payment.refunds.length, 1, 'refunded once');
    assert.equal(payment.status, 'refunded');
    const settled = await unsettled(reference);
    assert.deepEqual(
      [settled.status, settled.providerPaymentId, settled.providerRefundId],
      ['REFUNDED', String(payment.id), String(payment.refunds[0].id)],
    );
    await reconcilePayments(t.db, inMinutes(10));
    assert.equal(payment.refunds.length, 1, 'a later run refunds nothing more');
    assert.equal((await listed('REFUNDED')).results[0].reference, reference);
  });

  test('a refused charge (the provider said no) is not recorded; a look-up that answers is trusted', async () => {
    const before = (await listed()).count;
    const declined = await cardOrder('OTHE');
    assert.equal(declined.statusCode, 400);
    fake.dropPaymentAnswers = 2;
    const lost = await orderPaidWith(unknownToken('unknowntoken0001'));
    fake.dropPaymentAnswers = 0;
    assert.equal(lost.statusCode, 400);
    assert.equal((await listed()).count, before);
  });

  test('an undo whose refund fails is recorded with its payment and refunded by the next run', async () => {
    const { method, provider, reference, payment } = await chargeOutsideAnOrder(
      'APRO',
      1400,
      'undo test',
    );
    const scope = { db: t.db, app: (await findAppRowByDomain(t.db, shop.host))!, log: t.app.log };
    fake.failRefunds = 2;
    await refundCharge(
      scope,
      { provider, payment, amountCents: 1400, methodUid: method.uid, purpose: 'ORDER' },
      reference,
    );
    const row = await unsettled(reference);
    assert.deepEqual(
      [row.status, row.reason, row.providerPaymentId, row.lastError],
      ['OPEN', 'UNDO_REFUND_FAILED', payment.id, 'internal_error'],
    );
    assert.equal(fake.payments.get(Number(payment.id))!.status, 'approved');
    // The SDK retries a 5xx once: two failures make one failed attempt.
    fake.failRefunds = 2;
    await reconcilePayments(t.db, inMinutes(2));
    const failed = await unsettled(reference);
    assert.deepEqual(
      [failed.status, failed.attempts],
      ['OPEN', 1],
      'a failed run counts and waits',
    );
    await reconcilePayments(t.db, inMinutes(4));
    assert.equal((await unsettled(reference)).status, 'REFUNDED');
    assert.equal(fake.payments.get(Number(payment.id))!.refunds.length, 1);
  });

  test('an undone charge still pending waits for the provider; rejected later, it was never charged', async () => {
    const { method, provider, reference, payment } = await chargeOutsideAnOrder(
      'CONT',
      1000,
      'pending undo test',
    );
    assert.equal(payment.status, 'pending');
    await refundCharge(
      { db: t.db, app: (await findAppRowByDomain(t.db, shop.host))!, log: t.app.log },
      { provider, payment, amountCents: 1000, methodUid: method.uid, purpose: 'ORDER' },
      reference,
    );
    assert.equal((await unsettled(reference)).reason, 'UNDONE_WHILE_PENDING');
    await reconcilePayments(t.db, inMinutes(2));
    assert.equal((await unsettled(reference)).status, 'OPEN', 'still undecided at the provider');
    fake.settle(payment.id, 'rejected', 'cc_rejected_high_risk');
    await reconcilePayments(t.db, inMinutes(4));
    assert.equal((await unsettled(reference)).status, 'NOT_CHARGED');
  });

  test('a charge the provider cannot find stays open a day, then is closed as never charged', async () => {
    const [method] = await t.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.appId, shop.app.uid), eq(paymentMethods.uid, shop.online)));
    const reference = crypto.randomUUID();
    await t.db.insert(unsettledCharges).values({
      appId: shop.app.uid,
      uid: crypto.randomUUID(),
      paymentMethodUid: method.uid,
      reference,
      purpose: 'PROMOTION',
      amountCents: 2500,
      reason: 'OUTCOME_UNKNOWN',
    });
    await reconcilePayments(t.db, inMinutes(2));
    assert.equal((await unsettled(reference)).status, 'OPEN');
    await reconcilePayments(t.db, new Date(Date.now() + NOT_FOUND_AFTER_MS + 60_000));
    assert.equal((await unsettled(reference)).status, 'NOT_CHARGED');
  });
});
