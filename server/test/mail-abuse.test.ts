import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema';
import { importTenant } from '../src/tenants/importer';
import { generousMailQuotas, startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { billing, makeShop, north, STAFF_PASSWORD, type Shop } from './support/orders';

/**
 * The store's mail cannot be turned on someone else (issue 35): an order's confirmation goes only
 * to the member's own verified address, whatever `billing.email` says; what a client typed reaches
 * a mail as short plain text with no link; orders are limited per member a day and staff
 * invitations per company a day, a store the marketplace has not approved far more tightly.
 */
let t: TestApp;
let shop: Shop;
const QUOTAS = { ordersPerMember: 3, invitationsPerCompany: 4, invitationsPerUnreviewedStore: 1 };
const day = (max: number) => ({ max, windowSeconds: 24 * 3600 });

before(async () => {
  t = await startTestApp({
    seedDemo: false,
    accounts: {
      mailQuotas: {
        ...generousMailQuotas,
        ordersPerMember: day(QUOTAS.ordersPerMember),
        invitationsPerCompany: day(QUOTAS.invitationsPerCompany),
        invitationsPerUnreviewedStore: day(QUOTAS.invitationsPerUnreviewedStore),
      },
    },
  });
  shop = await makeShop(t, 'mail-abuse', { staff: true });
});
after(() => t?.close());

/** Every mail the outbox holds for an address, newest first. */
const mailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.appId, shop.app.uid), eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt));

/** A member whose address is confirmed by the link of their sign-up mail, as a person would. */
async function verifiedMember() {
  const m = await shop.member();
  const [mail] = await mailsTo(m.body.email as string);
  const path = /\/verification-email\/[^\s]+/.exec(mail.text)![0];
  const res = await t.get(`/api/v5${path}/`, { host: shop.host });
  assert.equal(res.statusCode, 200, res.body);
  return m;
}

/** A delivery of one cake 2 km away (18.00), paid in cash. */
const order = (
  auth: Record<string, string>,
  overrides: Record<string, unknown> = {},
  delivery: Record<string, unknown> = {},
) =>
  t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'delivery',
      delivery: { area: shop.area, address: 'Calle 1', ...north(2), ...delivery },
      products: [shop.cakeLine(1)],
      expected_total: '18.00',
      payment_method: shop.cash,
      billing,
      ...overrides,
    },
    { host: shop.host, headers: auth },
  );
const cancel = (auth: Record<string, string>, uid: string) =>
  t.post(`/api/v5/me/orders/${uid}/cancel/`, {}, { host: shop.host, headers: auth });
const orderMails = async (to: string) =>
  (await mailsTo(to)).filter((m) => /^Pedido N° /.test(m.subject));

describe('order confirmations', () => {
  test("go to the member's verified address only: a loop of order and cancel mails the billing address nothing", async () => {
    const victim = `victima.${Date.now()}@example.com`;
    const phishing = { ...billing, email: victim, first_name: 'Tu cuenta fue bloqueada' };
    const unverified = await shop.member();
    const first = await order(unverified.auth, { billing: phishing });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.data.billing.email, victim, 'billing.email is stored as given');
    assert.deepEqual(await orderMails(unverified.body.email as string), [], 'no verified address');

    const m = await verifiedMember();
    for (let i = 0; i < 2; i++) {
      const placed = await order(m.auth, { billing: phishing });
      assert.equal(placed.statusCode, 201, placed.body);
      assert.equal((await cancel(m.auth, placed.data.uid)).statusCode, 200);
    }
    assert.deepEqual(await mailsTo(victim), [], 'the billing address got mail');
    assert.equal((await orderMails(m.body.email as string)).length, 2);
  });

  test('hold what the buyer typed as short plain text with no link', async () => {
    const m = await verifiedMember();
    const placed = await order(
      m.auth,
      {
        billing: {
          ...billing,
          first_name: `Gana un premio en https://premio.example/login ${'x'.repeat(40)}`,
        },
      },
      { address: 'Entra a www.premio.example\nY confirma', reference: 'paypal.com.pe/seguro' },
    );
    assert.equal(placed.statusCode, 201, placed.body);
    const [mail] = await orderMails(m.body.email as string);
    for (const part of [mail.text, mail.html])
      for (const link of ['https://', 'premio.example', 'paypal.com', 'www.'])
        assert.ok(!part.includes(link), `${link} in ${part}`);
    assert.match(mail.text, /^Hola Gana un premio en https\[:\]\/\/premio\[\.\]ex…,$/m);
    assert.ok(mail.text.split('\n')[0].length < 60, mail.text.split('\n')[0]);
    assert.match(
      mail.text,
      /Entrega en Entra a www\[\.\]premio\[\.\]example Y confirma \(paypal\[\.\]com\[\.\]pe\/seguro\)/,
    );
  });
});

describe('orders a day', () => {
  test('a member places so many; an attempt that places nothing does not count, a cancelled order does', async () => {
    const m = await verifiedMember();
    const first = await order(m.auth);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal((await cancel(m.auth, first.data.uid)).statusCode, 200);
    // A changed price places nothing (409) and uses up nothing.
    assert.equal((await order(m.auth, { expected_total: '1.00' })).statusCode, 409);
    for (let i = 1; i < QUOTAS.ordersPerMember; i++)
      assert.equal((await order(m.auth)).statusCode, 201);
    const refused = await order(m.auth);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(refused.errorCodes?.code, 'common.too_many_requests');
    // Another member of the same store is not held back.
    assert.equal((await order((await shop.member()).auth)).statusCode, 201);
  });

  test('ten orders of one member at once: exactly the quota is placed', async () => {
    const m = await shop.member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(m.auth)));
    const codes = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(codes, [
      ...Array(QUOTAS.ordersPerMember).fill(201),
      ...Array(10 - QUOTAS.ordersPerMember).fill(429),
    ]);
    const mine = await t.get('/api/v5/me/orders/', { host: shop.host, headers: m.auth });
    assert.equal(mine.data.count, QUOTAS.ordersPerMember);
  });
});

describe('staff invitations a day', () => {
  const invite = (host: string, auth: Record<string, string>, email: string) =>
    t.post(
      '/api/v5/staff/invitations/',
      { email, role: 'STAFF', place_uids: [] },
      { host, headers: auth },
    );
  const login = async (host: string, email: string) => {
    const res = await t.post('/api/v5/login/', { email, password: STAFF_PASSWORD }, { host });
    assert.equal(res.statusCode, 200, res.body);
    return { authorization: `Token ${res.data.token}` };
  };

  test('a store sends so many; the back office shares the count', async () => {
    const owner = await login(shop.host, `owner@${shop.host}`);
    const codes = [];
    for (let i = 0; i < QUOTAS.invitationsPerCompany; i++)
      codes.push((await invite(shop.host, owner, `equipo${i}@example.com`)).statusCode);
    assert.deepEqual(codes, Array(QUOTAS.invitationsPerCompany).fill(201));
    const refused = await invite(shop.host, owner, 'uno.mas@example.com');
    assert.equal(refused.statusCode, 429, refused.body);
    const admin = await t.post(
      '/api/v5/admin/staff/invitations/',
      { email: 'uno.mas@example.com', role: 'STAFF', place_uids: [] },
      { host: shop.host, headers: owner },
    );
    assert.equal(admin.statusCode, 429, admin.body);
    assert.deepEqual(await mailsTo('uno.mas@example.com'), []);
  });

  test('a marketplace store nobody approved yet sends far fewer, its name mailed with no link', async () => {
    const host = 'mercado-correo.test';
    await importTenant(t.db, {
      app: {
        key: 'mercado-correo',
        name: 'Mercado Municipal',
        domain: host,
        main_company: 'municipio',
        marketplace: true,
        multisite: true,
      },
      categories: [{ key: 'comida', name: 'Comida' }],
      companies: [{ key: 'municipio', name: 'Municipio' }],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    });
    const market = await t.appOf(host);
    const merchant = await registerMember(t, host);
    const [signup] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.appId, market.uid), eq(mailOutbox.to, merchant.body.email)));
    const path = /\/verification-email\/[^\s]+/.exec(signup.text)![0];
    assert.equal((await t.get(`/api/v5${path}/`, { host })).statusCode, 200);
    const options = (
      await t.get('/api/v5/marketplace/stores/options/', { host, headers: merchant.auth })
    ).data;
    const store = await t.post(
      '/api/v5/marketplace/stores/',
      {
        name: 'Soporte www.banco-seguro.example',
        category: options.categories[0].uid,
        area: options.areas[0].uid,
        address: 'Jr. Los Pinos 123',
        accept_terms: true,
      },
      { host, headers: merchant.auth },
    );
    assert.equal(store.statusCode, 201, store.body);
    assert.equal(store.data.status, 'pending');

    const first = await invite(host, merchant.auth, 'objetivo1@example.com');
    assert.equal(first.statusCode, 201, first.body);
    const second = await invite(host, merchant.auth, 'objetivo2@example.com');
    assert.equal(second.statusCode, 429, second.body);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.appId, market.uid), eq(mailOutbox.to, 'objetivo1@example.com')));
    assert.equal(mails.length, 1);
    for (const part of [mails[0].subject, mails[0].text, mails[0].html])
      assert.ok(!part.includes('banco-seguro.example'), part);
    assert.match(
      mails[0].subject,
      /Soporte www\[\.\]banco-seguro\[\.\]example - Mercado Municipal/,
    );
  });
});
