import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { loyaltyMessages, messageText, orderMessages, sandboxCardToken } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { MercadoPagoFake } from './support/mercadopago-fake';
import { importTenant } from '../src/tenants/importer';
import { exportTenant } from '../src/tenants/exporter';
import { tenantUid } from '../src/lib/uid';
import { promotions, redemptions } from '../src/db/schema';
import { reconcilePayments } from '../src/modules/payments/updates';

/**
 * Promotions priced in money, bought by card through the same provider module as orders: the
 * SANDBOX (no network) and Mercado Pago's official SDK against the local fake of its API.
 */
const credentials = {
  public_key: 'TEST-pk-promo-0f1e2d3c',
  access_token: 'TEST-4455667788-112233-promo00112233445566778899aabbcc-987654321',
  webhook_secret: 'whsec-promo-test-0123456789abcdef',
};
let t: TestApp;
let fake: MercadoPagoFake;

type Store = {
  key: string;
  host: string;
  appUid: string;
  program: string;
  method: string;
  promotion: (key: string) => string;
};

async function store(key: string, provider: 'sandbox' | 'mercadopago'): Promise<Store> {
  const host = `${key}.test`;
  await importTenant(t.db, {
    app: { key, name: `Store ${key}`, domain: host, main_company: 'main' },
    companies: [
      {
        key: 'main',
        name: 'Main',
        benefit_programs_enabled: true,
        payment_methods: [
          { key: 'cash', type: 'CASH', name: 'Efectivo' },
          {
            key: 'card',
            type: 'ONLINE_CARD',
            name: 'Tarjeta',
            provider,
            ...(provider === 'mercadopago' ? { mercadopago: credentials } : {}),
          },
        ],
      },
    ],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    programs: [
      {
        key: 'club',
        company: 'main',
        name: 'Club',
        coins_enabled: true,
        promotions: [
          { key: 'spa', name: 'Spa day', kind: 'GIFT', price: '49.90', stock: 20 },
          { key: 'last', name: 'Last ticket', kind: 'GIFT', price: '15.00', stock: 1 },
          { key: 'once', name: 'Once each', kind: 'GIFT', price: '5.00', limit_per_member: 1 },
          { key: 'coins', name: 'Costs coins', kind: 'GIFT', coin_price: 50 },
        ],
      },
    ],
  });
  return {
    key,
    host,
    appUid: (await t.appOf(host)).uid,
    program: tenantUid(key, 'program', 'club'),
    method: tenantUid(key, 'payment-method', 'main/card'),
    promotion: (p) => tenantUid(key, 'promotion', `club/${p}`),
  };
}

let sbx: Store;
let mp: Store;

before(async () => {
  fake = await new MercadoPagoFake(new Set([credentials.access_token])).start();
  t = await startTestApp({ seedDemo: false });
  sbx = await store('promo-sbx', 'sandbox');
  mp = await store('promo-mp', 'mercadopago');
});
after(async () => {
  await t?.close();
  await fake?.stop();
});

async function member(s: Store) {
  const m = await registerMember(t, s.host);
  const joined = await t.post(
    '/api/v5/me/programs/',
    { program: s.program },
    {
      host: s.host,
      headers: m.auth,
    },
  );
  assert.equal(joined.statusCode, 201, joined.body);
  return m;
}

let serial = 0;
const sandboxCard = (number: string) => ({
  token: sandboxCardToken(number, `rnd${String(++serial).padStart(8, '0')}`),
  payment_method_id: 'visa',
  installments: 1,
  issuer_id: null,
});
const APPROVED = '4242424242424242';
const PENDING = '4000000000003220';
const DECLINED = '4000000000000002';

function buy(
  s: Store,
  auth: Record<string, string>,
  promotionKey: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return t.post(
    `/api/v5/me/programs/${s.program}/promotions/${s.promotion(promotionKey)}/purchase/`,
    body,
    { host: s.host, headers: { ...auth, ...headers } },
  );
}

async function promotionRow(s: Store, key: string) {
  const [row] = await t.db
    .select()
    .from(promotions)
    .where(and(eq(promotions.appId, s.appUid), eq(promotions.uid, s.promotion(key))));
  return row;
}
async function unitRow(s: Store, uid: string) {
  const [row] = await t.db
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.appId, s.appUid), eq(redemptions.uid, uid)));
  return row;
}
const declined = messageText(orderMessages.cardDeclined);

describe('promotions priced in money', () => {
  test('the detail shows the price and the card methods (public key, never the secrets); the tenant file round trip keeps the price', async () => {
    const m = await member(mp);
    const res = await t.get(
      `/api/v5/me/programs/${mp.program}/promotions/${mp.promotion('spa')}/`,
      {
        host: mp.host,
        headers: m.auth,
      },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.price, '49.90');
    assert.equal(res.data.coin_price, 0);
    assert.deepEqual(
      res.data.card_methods.map((c: { uid: string; provider: string; public_key: string }) => [
        c.uid,
        c.provider,
        c.public_key,
      ]),
      [[mp.method, 'mercadopago', credentials.public_key]],
    );
    assert.doesNotMatch(res.body, new RegExp(credentials.access_token));
    assert.doesNotMatch(res.body, new RegExp(credentials.webhook_secret));
    const coins = await t.get(
      `/api/v5/me/programs/${mp.program}/promotions/${mp.promotion('coins')}/`,
      { host: mp.host, headers: m.auth },
    );
    assert.equal(coins.data.price, null);
    assert.equal(coins.data.card_methods, undefined);

    const exported = await exportTenant(t.db, sbx.appUid);
    const programs = exported.programs as { promotions: { key: string; price: unknown }[] }[];
    assert.equal(programs[0].promotions.find((p) => p.key === 'spa')!.price, '49.90');
    await importTenant(t.db, exported);
    assert.deepEqual(await exportTenant(t.db, sbx.appUid), exported);
  });

  test('a tenant file with both a money and a coin price is refused', async () => {
    await assert.rejects(
      importTenant(t.db, {
        app: { key: 'promo-bad', name: 'Bad', domain: 'promo-bad.test', main_company: 'main' },
        companies: [{ key: 'main', name: 'Main', benefit_programs_enabled: true }],
        areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
        programs: [
          {
            key: 'club',
            company: 'main',
            name: 'Club',
            promotions: [{ key: 'x', name: 'X', kind: 'GIFT', price: '5.00', coin_price: 5 }],
          },
        ],
      }),
      /price/,
    );
  });

  test('approved (SANDBOX, in 3 installments): ACTIVE and PAID, our price charged, the stock taken', async () => {
    const m = await member(sbx);
    const res = await buy(sbx, m.auth, 'spa', {
      payment_method: sbx.method,
      card: { ...sandboxCard(APPROVED), installments: 3 },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.status, 'ACTIVE');
    assert.equal(res.data.payment_status, 'PAID');
    assert.equal(res.data.price_paid, '49.90');
    assert.equal(res.data.coins_spent, 0);
    const row = await unitRow(sbx, res.data.uid);
    assert.equal(row.paidCents, 4990);
    assert.match(row.paymentReference!, /^sbx_approved_4990_4242_/);
    assert.equal((await promotionRow(sbx, 'spa')).stockTaken, 1);
    const list = await t.get(`/api/v5/me/programs/${sbx.program}/redemptions/`, {
      host: sbx.host,
      headers: m.auth,
    });
    assert.equal(list.data.results[0].uid, res.data.uid);
  });

  test('rejected (SANDBOX): the spec message, nothing taken (stock and the member limit back)', async () => {
    const m = await member(sbx);
    const stock = (await promotionRow(sbx, 'once')).stockTaken;
    const res = await buy(sbx, m.auth, 'once', {
      payment_method: sbx.method,
      card: sandboxCard(DECLINED),
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data.non_field_errors, [declined]);
    assert.equal((await promotionRow(sbx, 'once')).stockTaken, stock);
    // The limit of one is free again: the same member buys it with a good card.
    const again = await buy(sbx, m.auth, 'once', {
      payment_method: sbx.method,
      card: sandboxCard(APPROVED),
    });
    assert.equal(again.statusCode, 201, again.body);
    assert.equal(again.data.status, 'ACTIVE');
  });

  test('bad bodies are 400s with field errors, nothing taken', async () => {
    const m = await member(sbx);
    const stock = (await promotionRow(sbx, 'spa')).stockTaken;
    const noCard = await buy(sbx, m.auth, 'spa', { payment_method: sbx.method });
    assert.equal(noCard.statusCode, 400);
    assert.deepEqual(noCard.data.card, [messageText(orderMessages.cardRequired)]);
    const wrongMethod = await buy(sbx, m.auth, 'spa', {
      payment_method: tenantUid('promo-sbx', 'payment-method', 'main/cash'),
      card: sandboxCard(APPROVED),
    });
    assert.equal(wrongMethod.statusCode, 400);
    assert.deepEqual(wrongMethod.data.payment_method, [
      messageText(orderMessages.paymentMethodNotFound),
    ]);
    const cardNumber = await buy(sbx, m.auth, 'spa', {
      payment_method: sbx.method,
      card: { ...sandboxCard(APPROVED), number: APPROVED },
    });
    assert.equal(cardNumber.statusCode, 400, 'a card number is refused');
    const installments = await buy(sbx, m.auth, 'spa', {
      payment_method: sbx.method,
      card: { ...sandboxCard(APPROVED), installments: 2 },
    });
    assert.equal(installments.statusCode, 400, 'the sandbox offers 1, 3 or 6 installments');
    assert.deepEqual(installments.data.installments, [
      messageText(orderMessages.installmentsNotAllowed),
    ]);
    const coinsOnly = await buy(sbx, m.auth, 'spa', {});
    assert.equal(coinsOnly.statusCode, 400);
    assert.deepEqual(coinsOnly.data.card, [messageText(orderMessages.cardRequired)]);
    const cardForCoins = await buy(sbx, m.auth, 'coins', {
      payment_method: sbx.method,
      card: sandboxCard(APPROVED),
    });
    assert.equal(cardForCoins.statusCode, 400);
    assert.deepEqual(cardForCoins.data.card, [messageText(orderMessages.cardNotExpected)]);
    const atVenue = await t.post(
      '/api/v5/redemption-by-user/',
      { program_promotion: sbx.promotion('spa') },
      { host: sbx.host, headers: m.auth },
    );
    assert.equal(atVenue.statusCode, 400, 'a money-priced unit is never handed out unpaid');
    assert.deepEqual(atVenue.data.non_field_errors, [messageText(loyaltyMessages.buyByCardFirst)]);
    assert.equal((await promotionRow(sbx, 'spa')).stockTaken, stock);
  });

  test('a retry with the same Idempotency-Key answers the first unit and charges once; a declined one is declined again', async () => {
    const m = await member(mp);
    const charges = () => fake.requests.filter((r) => r.path === '/v1/payments').length;
    const key = crypto.randomUUID();
    const body = {
      payment_method: mp.method,
      card: { token: fake.cardToken('APRO'), payment_method_id: 'visa', installments: 6 },
    };
    const first = await buy(mp, m.auth, 'spa', body, { 'idempotency-key': key });
    assert.equal(first.statusCode, 201, first.body);
    const count = charges();
    const again = await buy(mp, m.auth, 'spa', body, { 'idempotency-key': key });
    assert.equal(again.statusCode, 201, again.body);
    assert.equal(again.data.uid, first.data.uid);
    assert.equal(charges(), count, 'no second charge');

    const sent = fake.requests.filter((r) => r.path === '/v1/payments').at(-1)!;
    const charged = sent.body as Record<string, unknown>;
    assert.equal(charged.transaction_amount, 49.9, 'the price we read, not a client amount');
    assert.equal(charged.external_reference, first.data.uid);
    assert.equal(charged.installments, 6, 'the installments chosen are sent');
    assert.equal(sent.headers['x-idempotency-key'], first.data.uid);
    assert.equal(
      charged.notification_url,
      `https://promo-mp.test/api/v5/payments/mercadopago/${mp.method}/notifications/`,
    );

    const declinedKey = crypto.randomUUID();
    const fund = {
      payment_method: mp.method,
      card: { token: fake.cardToken('FUND'), payment_method_id: 'visa', installments: 1 },
    };
    const no = await buy(mp, m.auth, 'spa', fund, { 'idempotency-key': declinedKey });
    assert.equal(no.statusCode, 400, no.body);
    const chargesAfter = charges();
    const noAgain = await buy(mp, m.auth, 'spa', fund, { 'idempotency-key': declinedKey });
    assert.equal(noAgain.statusCode, 400);
    assert.deepEqual(noAgain.data.non_field_errors, [declined]);
    assert.equal(charges(), chargesAfter, 'the declined attempt is not charged again');
  });

  test('ten members buy the last unit at once: exactly one gets it, one charge approved', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => member(sbx)));
    const results = await Promise.all(
      members.map((m) =>
        buy(sbx, m.auth, 'last', { payment_method: sbx.method, card: sandboxCard(APPROVED) }),
      ),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1);
    assert.deepEqual(
      results.filter((r) => r.statusCode !== 201).map((r) => r.data.non_field_errors?.[0]),
      Array(9).fill(messageText(loyaltyMessages.stockExhausted)),
    );
    const row = await promotionRow(sbx, 'last');
    assert.equal(row.stockTaken, 1);
  });

  test("ten concurrent purchases of a member's only allowed unit: exactly one", async () => {
    const m = await member(sbx);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(sbx, m.auth, 'once', { payment_method: sbx.method, card: sandboxCard(APPROVED) }),
      ),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1);
    assert.deepEqual(
      results.filter((r) => r.statusCode !== 201).map((r) => r.data.non_field_errors?.[0]),
      Array(9).fill(messageText(loyaltyMessages.alreadyUsed)),
    );
  });

  test('in process (Mercado Pago): held PENDING; the signed notification of its approval makes it ACTIVE, a repeated one changes nothing', async () => {
    const m = await member(mp);
    const stock = (await promotionRow(mp, 'spa')).stockTaken;
    const res = await buy(mp, m.auth, 'spa', {
      payment_method: mp.method,
      card: { token: fake.cardToken('CONT'), payment_method_id: 'visa', installments: 1 },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.status, 'PENDING');
    assert.equal(res.data.payment_status, 'IN_PROCESS');
    assert.equal((await promotionRow(mp, 'spa')).stockTaken, stock + 1, 'the unit is held');
    const detail = await t.get(
      `/api/v5/me/programs/${mp.program}/promotions/${mp.promotion('spa')}/`,
      { host: mp.host, headers: m.auth },
    );
    assert.equal(detail.data.state, 'payment_in_process');

    const row = await unitRow(mp, res.data.uid);
    fake.settle(row.paymentReference!, 'approved', 'accredited');
    const note = fake.notification(row.paymentReference!, credentials.webhook_secret);
    for (let i = 0; i < 2; i++) {
      const answer = await t.post(
        `/api/v5/payments/mercadopago/${mp.method}/notifications/${note.query}`,
        note.body,
        { host: mp.host, headers: note.headers },
      );
      assert.equal(answer.statusCode, 200, answer.body);
    }
    const after = await unitRow(mp, res.data.uid);
    assert.equal(after.status, 'ACTIVE');
    assert.equal(after.paymentStatus, 'PAID');
    assert.equal((await promotionRow(mp, 'spa')).stockTaken, stock + 1);
  });

  test('in process then rejected by a notification: released, stock back', async () => {
    const m = await member(mp);
    const stock = (await promotionRow(mp, 'spa')).stockTaken;
    const res = await buy(mp, m.auth, 'spa', {
      payment_method: mp.method,
      card: { token: fake.cardToken('CONT'), payment_method_id: 'visa', installments: 1 },
    });
    const row = await unitRow(mp, res.data.uid);
    fake.settle(row.paymentReference!, 'rejected', 'cc_rejected_high_risk');
    const note = fake.notification(row.paymentReference!, credentials.webhook_secret);
    await t.post(
      `/api/v5/payments/mercadopago/${mp.method}/notifications/${note.query}`,
      note.body,
      { host: mp.host, headers: note.headers },
    );
    const after = await unitRow(mp, res.data.uid);
    assert.equal(after.status, 'CANCELLED');
    assert.equal(after.paymentStatus, 'REJECTED');
    assert.equal((await promotionRow(mp, 'spa')).stockTaken, stock);
  });

  test('in process and never decided (SANDBOX): the reconciliation run releases it after 30 minutes, not before', async () => {
    const m = await member(sbx);
    const stock = (await promotionRow(sbx, 'spa')).stockTaken;
    const res = await buy(sbx, m.auth, 'spa', {
      payment_method: sbx.method,
      card: sandboxCard(PENDING),
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.status, 'PENDING');
    await reconcilePayments(t.db, new Date(Date.now() + 10 * 60_000));
    assert.equal((await unitRow(sbx, res.data.uid)).status, 'PENDING', 'still held');
    await reconcilePayments(t.db, new Date(Date.now() + 31 * 60_000));
    const after = await unitRow(sbx, res.data.uid);
    assert.equal(after.status, 'CANCELLED');
    assert.equal(after.paymentStatus, 'REJECTED');
    assert.equal(after.paymentDetail, 'expired');
    assert.equal((await promotionRow(sbx, 'spa')).stockTaken, stock);
  });

  test('approved at Mercado Pago after we released it: the money is given back once', async () => {
    const m = await member(mp);
    const res = await buy(mp, m.auth, 'spa', {
      payment_method: mp.method,
      card: { token: fake.cardToken('CONT'), payment_method_id: 'visa', installments: 1 },
    });
    await reconcilePayments(t.db, new Date(Date.now() + 31 * 60_000));
    const released = await unitRow(mp, res.data.uid);
    assert.equal(released.status, 'CANCELLED');
    fake.settle(released.paymentReference!, 'approved', 'accredited');
    const note = fake.notification(released.paymentReference!, credentials.webhook_secret);
    for (let i = 0; i < 2; i++)
      await t.post(
        `/api/v5/payments/mercadopago/${mp.method}/notifications/${note.query}`,
        note.body,
        { host: mp.host, headers: note.headers },
      );
    const after = await unitRow(mp, res.data.uid);
    assert.equal(after.paymentStatus, 'REFUNDED');
    assert.equal(after.status, 'CANCELLED');
    const refunds = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payments/${released.paymentReference}/refunds`,
    );
    assert.equal(refunds.length, 1);
  });
});
