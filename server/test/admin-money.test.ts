import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { adminMessages, adminMoneyMessages, messageText } from '@store/contract';
import { auditLog, coupons, paymentMethods } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { documentedRoutes, matrixRoutes } from './support/openapi';
import { inviteStaff, makeStaffShop, type StaffShop } from './support/staff';

/**
 * The owner's money settings: payment methods and card credentials (secrets write-only),
 * the tax rule, coupons. A MANAGER is refused every one of them.
 */
let t: TestApp;
let s: StaffShop;
let other: StaffShop;
type Auth = Record<string, string>;
let manager: Auth;
let cash: { uid: string; version: number };
const ACCESS_TOKEN = 'APP_USR-secret-access-token-0001';
const WEBHOOK_SECRET = 'whsec-secret-0002';

const opts = (headers: Auth, body?: unknown, host = s.host) => ({ host, headers, body });

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'money');
  other = await makeStaffShop(t, 'money-other');
  manager = await inviteStaff(t, s, 'nobody@staff.test', 'MANAGER');
  const list = await t.get('/api/v5/admin/money/payment-methods/', opts(s.auth.owner));
  assert.equal(list.statusCode, 200, list.body);
  cash = list.data.find((m: { key: string }) => m.key === 'cash');
});
after(() => t?.close());

type Case = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  url: () => string;
  /** What the owner's empty body answers, when it is not a 400 (adding Yape needs nothing). */
  own?: number;
};
const cases: Case[] = [
  {
    method: 'GET',
    path: '/api/v5/admin/money/payment-methods/',
    url: () => '/api/v5/admin/money/payment-methods/',
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/money/payment-methods/{uid}/',
    url: () => `/api/v5/admin/money/payment-methods/${cash.uid}/`,
  },
  {
    method: 'POST',
    path: '/api/v5/admin/money/payment-methods/yape/',
    url: () => '/api/v5/admin/money/payment-methods/yape/',
    own: 201,
  },
  { method: 'GET', path: '/api/v5/admin/money/tax/', url: () => '/api/v5/admin/money/tax/' },
  { method: 'PUT', path: '/api/v5/admin/money/tax/', url: () => '/api/v5/admin/money/tax/' },
  {
    method: 'GET',
    path: '/api/v5/admin/money/receipt-account/',
    url: () => '/api/v5/admin/money/receipt-account/',
  },
  {
    method: 'PUT',
    path: '/api/v5/admin/money/receipt-account/',
    url: () => '/api/v5/admin/money/receipt-account/',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/money/coupons/',
    url: () => '/api/v5/admin/money/coupons/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/money/coupons/',
    url: () => '/api/v5/admin/money/coupons/',
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/money/coupons/{uid}/',
    url: () => '/api/v5/admin/money/coupons/00000000-0000-4000-8000-000000000000/',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/money/discounts/',
    url: () => '/api/v5/admin/money/discounts/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/money/discounts/',
    url: () => '/api/v5/admin/money/discounts/',
  },
  {
    method: 'PATCH',
    path: '/api/v5/admin/money/discounts/{uid}/',
    url: () => '/api/v5/admin/money/discounts/00000000-0000-4000-8000-000000000000/',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/money/unsettled-charges/',
    url: () => '/api/v5/admin/money/unsettled-charges/',
  },
  {
    method: 'GET',
    path: '/api/v5/admin/money/receipts/',
    url: () => '/api/v5/admin/money/receipts/',
  },
  {
    method: 'POST',
    path: '/api/v5/admin/money/receipts/{uid}/retry/',
    url: () => '/api/v5/admin/money/receipts/00000000-0000-4000-8000-000000000000/retry/',
    // No body to be wrong: the owner passes and finds no such receipt.
    own: 404,
  },
];

describe('money settings: owner only', () => {
  test('the cases cover every money route of the OpenAPI document', async () => {
    const doc = (await t.get('/api/docs/json')).data;
    const documented = documentedRoutes(doc, (path) => path.startsWith('/api/v5/admin/money/'));
    assert.deepEqual(documented, matrixRoutes(cases));
  });

  for (const c of cases) {
    test(`${c.method} ${c.path}`, async () => {
      // Empty bodies: a write the role may make answers 400, which proves the role passed.
      const body = c.method === 'GET' ? undefined : {};
      const call = (headers?: Auth, host = s.host) =>
        t.call(c.method, c.url(), { host, headers, body });
      assert.equal((await call()).statusCode, 401);
      for (const who of [s.auth.ana, s.auth.staff, s.auth.validator]) {
        const res = await call(who);
        assert.equal(res.statusCode, 403, res.body);
        assert.deepEqual(res.data, { detail: messageText(adminMessages.notAdmin) });
      }
      const refused = await call(manager);
      assert.equal(refused.statusCode, 403, refused.body);
      assert.deepEqual(refused.data, { detail: messageText(adminMessages.ownerOnly) });
      const own = await call(s.auth.owner);
      assert.equal(own.statusCode, c.own ?? (c.method === 'GET' ? 200 : 400), own.body);
      // Another tenant's owner: no session on this host.
      assert.equal((await call(other.auth.owner)).statusCode, 401);
    });
  }
});

describe('payment methods and card credentials', () => {
  test("Yape added by one store's owner stays in that store: without credentials it waits, off", async () => {
    const mine = await t.get('/api/v5/admin/money/payment-methods/', opts(s.auth.owner));
    let yape = mine.data.find((m: { type: string }) => m.type === 'YAPE');
    if (!yape) {
      const added = await t.post(
        '/api/v5/admin/money/payment-methods/yape/',
        {},
        opts(s.auth.owner),
      );
      assert.equal(added.statusCode, 201, added.body);
      yape = added.data;
    }
    assert.equal(yape.is_active, false, 'no Mercado Pago credentials yet');
    const turnOn = await t.patch(
      `/api/v5/admin/money/payment-methods/${yape.uid}/`,
      { is_active: true, version: yape.version },
      opts(s.auth.owner),
    );
    assert.equal(turnOn.statusCode, 400, turnOn.body);
    const theirs = await t.get(
      '/api/v5/admin/money/payment-methods/',
      opts(other.auth.owner, undefined, other.host),
    );
    assert.ok(!theirs.data.some((m: { type: string }) => m.type === 'YAPE'), theirs.body);
    const foreign = await t.patch(
      `/api/v5/admin/money/payment-methods/${yape.uid}/`,
      { is_active: false, version: yape.version },
      opts(other.auth.owner, undefined, other.host),
    );
    assert.equal(foreign.statusCode, 404, foreign.body);
  });

  test('secrets are write-only: stored, answered as configured, redacted in the audit log', async () => {
    const url = `/api/v5/admin/money/payment-methods/${cash.uid}/`;
    const res = await t.patch(
      url,
      { access_token: ACCESS_TOKEN, webhook_secret: WEBHOOK_SECRET, version: cash.version },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.access_token_configured, true);
    assert.equal(res.data.webhook_secret_configured, true);
    assert.equal(res.data.version, cash.version + 1);
    const list = await t.get('/api/v5/admin/money/payment-methods/', opts(s.auth.owner));
    const audit = await t.get(`/api/v5/admin/audit/?entity_uid=${cash.uid}`, opts(s.auth.owner));
    assert.equal(audit.data.count, 1);
    assert.deepEqual(audit.data.results[0].after.replaced, ['access_token', 'webhook_secret']);
    for (const body of [res.body, list.body, audit.body]) {
      assert.ok(!body.includes(ACCESS_TOKEN), body);
      assert.ok(!body.includes(WEBHOOK_SECRET), body);
    }
    const [row] = await t.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.appId, s.app.uid), eq(paymentMethods.uid, cash.uid)));
    assert.equal(row.accessToken, ACCESS_TOKEN);
    assert.equal(row.webhookSecret, WEBHOOK_SECRET);
    cash = res.data;
  });

  test('a stale version gets the 409 with the method as it is now; nothing written', async () => {
    const url = `/api/v5/admin/money/payment-methods/${cash.uid}/`;
    const res = await t.patch(url, { name: 'Viejo', version: 1 }, opts(s.auth.owner));
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.data.current.name, 'Efectivo');
    assert.ok(!res.body.includes(ACCESS_TOKEN));
  });

  test('switching a method off removes it from the checkout; on again brings it back', async () => {
    const options = async () =>
      (
        await t.get(`/api/v5/places/${s.places.a}/checkout-options/`, { host: s.host })
      ).data.payment_methods.map((m: { uid: string }) => m.uid);
    assert.ok((await options()).includes(cash.uid));
    const url = `/api/v5/admin/money/payment-methods/${cash.uid}/`;
    const off = await t.patch(url, { is_active: false, version: cash.version }, opts(s.auth.owner));
    assert.equal(off.statusCode, 200, off.body);
    assert.ok(!(await options()).includes(cash.uid));
    const on = await t.patch(
      url,
      { is_active: true, version: off.data.version },
      opts(s.auth.owner),
    );
    assert.equal(on.statusCode, 200, on.body);
    assert.ok((await options()).includes(cash.uid));
    cash = on.data;
  });

  test('a Mercado Pago method cannot be switched on without its credentials', async () => {
    const [company] = (
      await t.db
        .select({ companyUid: paymentMethods.companyUid })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.appId, s.app.uid), eq(paymentMethods.uid, cash.uid)))
    ).map((r) => r.companyUid);
    const uid = '5b0c3b8e-2f57-4d3b-9d55-7c9a0e4f1a01';
    await t.db.insert(paymentMethods).values({
      appId: s.app.uid,
      uid,
      companyUid: company,
      key: 'mp',
      type: 'ONLINE_CARD',
      name: 'Tarjeta',
      provider: 'mercadopago',
      isActive: false,
    });
    const url = `/api/v5/admin/money/payment-methods/${uid}/`;
    const refused = await t.patch(url, { is_active: true, version: 1 }, opts(s.auth.owner));
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.data.is_active, [
      messageText(adminMoneyMessages.cardCredentialsMissing),
    ]);
    const ok = await t.patch(
      url,
      { is_active: true, public_key: 'APP_USR-public', access_token: ACCESS_TOKEN, version: 1 },
      opts(s.auth.owner),
    );
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.data.public_key, 'APP_USR-public');
    assert.ok(!ok.body.includes(ACCESS_TOKEN));
  });

  test("another company's owner of the same tenant gets 404 and changes nothing", async () => {
    const bare = await s.login('bare@staff.test');
    const res = await t.patch(
      `/api/v5/admin/money/payment-methods/${cash.uid}/`,
      { is_active: false, version: cash.version },
      opts(bare),
    );
    assert.equal(res.statusCode, 404, res.body);
  });
});

describe('tax rule', () => {
  test('the owner sets the rate and the checkout shows the tax part with it', async () => {
    const read = await t.get('/api/v5/admin/money/tax/', opts(s.auth.owner));
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.data.rate, '18.00');
    const bad = await t.call(
      'PUT',
      '/api/v5/admin/money/tax/',
      opts(s.auth.owner, { name: '', rate: '120', version: read.data.version }),
    );
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.name && bad.data.rate, bad.body);
    const res = await t.call(
      'PUT',
      '/api/v5/admin/money/tax/',
      opts(s.auth.owner, { name: 'IVA', rate: '10', version: read.data.version }),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data, {
      name: 'IVA',
      rate: '10.00',
      included: true,
      // Untouched by this save: receipts are still issued when an order is paid.
      receipt_issue_on: 'PAYMENT',
      version: read.data.version + 1,
    });
    const stale = await t.call(
      'PUT',
      '/api/v5/admin/money/tax/',
      opts(s.auth.owner, { name: 'IGV', rate: '18', version: read.data.version }),
    );
    assert.equal(stale.statusCode, 409, stale.body);
    const quote = await quoteOf(s.auth.ana, undefined);
    assert.equal(quote.statusCode, 200, quote.body);
    // 2 cakes of 10.00: 20.00 including 10 % → 20 × 10 / 110 = 1.82.
    assert.equal(quote.data.taxes, '1.82');
  });
});

async function orderBody(coupon: string | undefined) {
  const host = s.host;
  const products = (await t.get(`/api/v7/places/${s.places.a}/products/`, { host })).data
    .results as { uid: string; title: string }[];
  const schedule = (await t.get(`/api/v7/places/${s.places.a}/pickup-schedule/`, { host })).data;
  return {
    shipping_type: 'pickup',
    pickup: { date: schedule.days[0].date, start: schedule.days[0].slots[0].start },
    products: [
      { uid: products.find((p) => p.title === 'Torta')!.uid, quantity: 2, option_groups: [] },
    ],
    payment_method: cash.uid,
    billing: {
      first_name: 'Ana',
      last_name: 'Prueba',
      email: 'ana@staff.test',
      phone: '+51911000001',
      city: 'Lima',
      address: 'Av. Arequipa 123',
    },
    ...(coupon ? { coupon } : {}),
  };
}

async function quoteOf(auth: Auth, coupon: string | undefined) {
  return t.post(`/api/v5/places/${s.places.a}/orders/quote/`, await orderBody(coupon), {
    host: s.host,
    headers: auth,
  });
}

describe('coupons', () => {
  const url = '/api/v5/admin/money/coupons/';
  test('bad input: 400 with field errors, nothing written', async () => {
    const res = await t.post(
      url,
      {
        code: 'a b',
        kind: 'PERCENT',
        value: '150',
        valid_from: '2026-02-01T00:00:00Z',
        valid_until: '2026-01-01T00:00:00Z',
        max_uses: 0,
      },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      Object.keys(res.data)
        .filter((k) => k !== 'codes')
        .sort(),
      ['code', 'max_uses', 'valid_until', 'value'],
    );
    assert.deepEqual(res.data.value, [messageText(adminMoneyMessages.couponPercentRange)]);
    assert.deepEqual(res.data.valid_until, [messageText(adminMoneyMessages.couponDatesOrder)]);
    const rows = await t.db.select().from(coupons).where(eq(coupons.appId, s.app.uid));
    assert.equal(rows.length, 0);
  });

  test('the owner creates a coupon, a member uses it at checkout, the list shows the use', async () => {
    const created = await t.post(
      url,
      { code: 'bienvenida', kind: 'PERCENT', value: '25', max_uses: 5 },
      opts(s.auth.owner),
    );
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.data.code, 'BIENVENIDA');
    assert.equal(created.data.value, '25.00');
    assert.equal(created.data.uses, 0);
    const again = await t.post(
      url,
      { code: 'Bienvenida', kind: 'AMOUNT', value: '5' },
      opts(s.auth.owner),
    );
    assert.equal(again.statusCode, 400, again.body);
    assert.deepEqual(again.data.code, [messageText(adminMoneyMessages.couponCodeTaken)]);

    const quote = await quoteOf(s.auth.ana, 'bienvenida');
    assert.equal(quote.statusCode, 200, quote.body);
    assert.equal(quote.data.discount, '5.00');
    assert.equal(quote.data.total, '15.00');
    const order = await t.post(
      `/api/v5/places/${s.places.a}/orders/`,
      { ...(await orderBody('bienvenida')), expected_total: quote.data.total },
      { host: s.host, headers: s.auth.ana },
    );
    assert.equal(order.statusCode, 201, order.body);

    const list = await t.get(`${url}?q=bienv&sort=-uses`, opts(s.auth.owner));
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.count, 1);
    assert.equal(list.data.results[0].uses, 1);

    // A limit below the uses so far is refused; a stale version gets the 409.
    const uid = created.data.uid;
    const below = await t.patch(
      `${url}${uid}/`,
      { max_uses: 1, kind: 'AMOUNT', version: list.data.results[0].version },
      opts(s.auth.owner),
    );
    assert.equal(below.statusCode, 200, below.body);
    const tooLow = await t.patch(
      `${url}${uid}/`,
      { max_uses: 1, value: '0', version: below.data.version },
      opts(s.auth.owner),
    );
    assert.equal(tooLow.statusCode, 400, tooLow.body);
    assert.deepEqual(tooLow.data.value, [messageText(adminMoneyMessages.couponAmountPositive)]);
    const stale = await t.patch(
      `${url}${uid}/`,
      { is_active: false, version: created.data.version },
      opts(s.auth.owner),
    );
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.data.current.max_uses, 1);

    // Switched off, the store refuses it.
    const off = await t.patch(
      `${url}${uid}/`,
      { is_active: false, version: below.data.version },
      opts(s.auth.owner),
    );
    assert.equal(off.statusCode, 200, off.body);
    const refused = await quoteOf(s.auth.ana, 'BIENVENIDA');
    assert.notEqual(refused.statusCode, 200, refused.body);

    const lines = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityUid, uid)));
    assert.deepEqual(lines.map((l) => l.action).sort(), ['create', 'update', 'update']);
  });

  test('a limit under the uses so far is refused', async () => {
    const [row] = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.appId, s.app.uid), eq(coupons.code, 'BIENVENIDA')));
    await t.db
      .update(coupons)
      .set({ uses: 2, maxUses: null })
      .where(and(eq(coupons.appId, s.app.uid), eq(coupons.uid, row.uid)));
    const res = await t.patch(
      `${url}${row.uid}/`,
      { max_uses: 1, version: row.version },
      opts(s.auth.owner),
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(JSON.parse(res.body).codes.max_uses[0].code, 'admin.coupon_max_below_uses');
    assert.match(res.data.max_uses[0], /\(2\)/);
  });

  test("another tenant's owner never sees or changes this tenant's coupons", async () => {
    const [row] = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.appId, s.app.uid), eq(coupons.code, 'BIENVENIDA')));
    const list = await t.get(url, opts(other.auth.owner, undefined, other.host));
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.count, 0);
    const res = await t.patch(
      `${url}${row.uid}/`,
      { is_active: true, version: row.version },
      opts(other.auth.owner, undefined, other.host),
    );
    assert.equal(res.statusCode, 404, res.body);
  });
});
