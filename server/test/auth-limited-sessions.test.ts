import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { mailOutbox, orders, redemptions, sessions, users } from '../src/db/schema';
import { tokenHash } from '../src/lib/secrets';
import { registerMember } from './support/accounts';
import { apiPaths } from './support/openapi';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';

/**
 * A session made with a document number alone (ONLY_DOCUMENT; the number is printed on
 * receipts) is limited (issue 35, item 4): it sees balances, promotions and its own QR, and
 * nothing personal, placed, cancelled or used up until it steps up with the password or a
 * code mailed to the verified address. One guard on the routes decides it (plugins/route-access.ts);
 * the matrix below walks every route of the OpenAPI document that needs a session.
 */
let t: TestApp;
let shop: Shop;
const demo = 'localhost';
const auth = (token: string) => ({ authorization: `Token ${token}` });
const STEP_UP = 'auth.step_up_required';

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'limited', {
    stock: 1000,
    app: {
      signin_methods: [
        { type: 'EMAIL', settings: {} },
        { type: 'ONLY_DOCUMENT', settings: {} },
      ],
    },
  });
});
after(() => t?.close());

const documentLogin = (host: string, document_number: string) =>
  t.post('/api/v5/login/', { document_type: 'NATIONAL_ID', document_number }, { host });

/** The demo member (demo@aurora.pe), signed in with her document alone. */
async function limitedDemo(): Promise<string> {
  const res = await documentLogin(demo, '45678912');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.data.user.limited_session, true);
  return res.data.token;
}

async function fullDemo(): Promise<string> {
  const res = await t.post(
    '/api/v5/login/',
    { email: 'demo@aurora.pe', password: 'Aurora2026!' },
    { host: demo },
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.data.token;
}

/** A member of the shop, with both a full (password) and a limited (document) session. */
async function shopMember() {
  const member = await registerMember(t, shop.host);
  const limited = await documentLogin(shop.host, member.body.document_number);
  assert.equal(limited.statusCode, 200, limited.body);
  return { ...member, limited: limited.data.token as string };
}

function assertStepUp(res: { statusCode: number; body: string; errorCodes?: unknown }) {
  assert.equal(res.statusCode, 403, res.body);
  assert.equal((res.errorCodes as { code?: string } | undefined)?.code, STEP_UP, res.body);
  assert.deepEqual(JSON.parse(res.body), {
    code: STEP_UP,
    detail: 'Confirma que eres tú para continuar: ingresaste solo con tu número de documento.',
  });
}

/** What a limited session may call: reads of balances, promotions and program content, its QR, its cart, the step-up itself. */
const allowed = [
  'GET /api/v5/me/',
  'POST /api/v5/logout/',
  'POST /api/v5/me/step-up/code/',
  'POST /api/v5/me/step-up/',
  'GET /api/v5/me/shopping-cart/',
  'POST /api/v5/me/shopping-cart/',
  'GET /api/v5/me/programs/{uid}/',
  'POST /api/v5/me/programs/{uid}/qr/',
  'GET /api/v5/me/programs/{uid}/ledger/',
  'GET /api/v5/me/programs/{uid}/promotions/',
  'GET /api/v5/me/programs/{program}/promotions/{uid}/',
  'GET /api/v5/me/promotions/{uid}/places/',
  'GET /api/v5/me/programs/{program}/promotions/{uid}/related/',
  'GET /api/v5/me/programs/{uid}/raffles/',
  'GET /api/v5/me/programs/{program}/raffles/{uid}/',
  'GET /api/v5/me/programs/{uid}/polls/',
  'GET /api/v5/me/programs/{program}/polls/{poll}/',
  'GET /api/v5/me/programs/{uid}/sections/',
  'GET /api/v5/me/programs/{uid}/ads/',
].sort();

describe('the limited-session matrix', () => {
  test('every route that needs a session answers a limited session its data or 403 auth.step_up_required', async () => {
    const token = await limitedDemo();
    const doc = apiPaths<{ security?: Record<string, string[]>[]; 'x-limited-session'?: string }>(
      (await t.get('/api/docs/json', { host: demo })).data,
    );
    const seen = { allowed: [] as string[], partly: [] as string[], stepUp: 0 };
    for (const [path, item] of Object.entries(doc)) {
      for (const [method, op] of Object.entries(item)) {
        const needsSession = op.security?.every((alternative) => 'token' in alternative);
        if (!needsSession) continue;
        const name = `${method.toUpperCase()} ${path}`;
        const rule = op['x-limited-session'];
        if (name === 'POST /api/v5/logout/') {
          // Ends the session the walk uses: called last, below.
          seen.allowed.push(name);
          continue;
        }
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.call(method.toUpperCase() as 'GET', url, {
          host: demo,
          headers: auth(token),
          ...(method === 'get' || method === 'delete' ? {} : { body: {} }),
        });
        if (rule === 'allowed') {
          seen.allowed.push(name);
          assert.notEqual(res.errorCodes?.code, STEP_UP, `${name}: ${res.body}`);
          assert.ok(res.statusCode !== 401 && res.statusCode !== 500, `${name}: ${res.body}`);
        } else if (rule === 'partly') {
          seen.partly.push(name);
        } else {
          assert.equal(rule, 'step-up', `${name} states what a limited session may do`);
          assertStepUp(res);
          seen.stepUp += 1;
        }
      }
    }
    const logout = await t.post('/api/v5/logout/', undefined, { host: demo, headers: auth(token) });
    assert.equal(logout.statusCode, 200, logout.body);
    assert.deepEqual(seen.allowed.sort(), allowed);
    assert.deepEqual(seen.partly, ['PATCH /api/v5/me/']);
    assert.ok(seen.stepUp > 100, `the staff and back-office routes are in it too (${seen.stepUp})`);
  });

  test('reads: the profile hides email, phone, birthdate; balances, promotions and the own QR answer', async () => {
    const token = await limitedDemo();
    const me = await t.get('/api/v5/me/', { host: demo, headers: auth(token) });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.data.limited_session, true);
    assert.equal(me.data.first_name, 'Ana');
    for (const field of ['email', 'mobile_number', 'country_code_number', 'birthdate', 'gender'])
      assert.equal(me.data[field], null, field);
    assert.equal(me.data.last_name, '');
    assert.equal(me.data.profile_complete, true, 'completeness is the account’s, not the view’s');
    assert.doesNotMatch(me.body, /aurora\.pe|987650001|1990-05-14|Quispe/);
    // Nor does the login answer carry them.
    const login = await documentLogin(demo, '45678912');
    assert.doesNotMatch(login.body, /aurora\.pe|987650001|1990-05-14|Quispe/);

    const programs = await t.get('/api/v5/programs/', { host: demo, headers: auth(token) });
    const program = (programs.data.results ?? programs.data)[0].uid as string;
    const balances = await t.get(`/api/v5/me/programs/${program}/`, {
      host: demo,
      headers: auth(token),
    });
    assert.equal(balances.statusCode, 200, balances.body);
    assert.equal(typeof balances.data.balances.coins, 'number');
    const list = await t.get(`/api/v5/me/programs/${program}/promotions/`, {
      host: demo,
      headers: auth(token),
    });
    assert.equal(list.statusCode, 200, list.body);
    assert.ok(list.data.results.length > 0);
    const one = await t.get(
      `/api/v5/me/programs/${program}/promotions/${list.data.results[0].uid}/`,
      {
        host: demo,
        headers: auth(token),
      },
    );
    assert.equal(one.statusCode, 200, one.body);
    const qr = await t.post(`/api/v5/me/programs/${program}/qr/`, undefined, {
      host: demo,
      headers: auth(token),
    });
    assert.equal(qr.statusCode, 200, qr.body);
    assert.match(qr.data.qr, /^l1\./, 'a QR that finds the member but spends nothing');
  });

  test('orders: the list and the detail (addresses), a cancel and a new cash order are refused, and nothing changes', async () => {
    const member = await shopMember();
    const body = async () => ({
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: [shop.cakeLine(1)],
      expected_total: '10.00',
      payment_method: shop.cash,
      billing,
    });
    const placed = await t.post(`/api/v5/places/${shop.place}/orders/`, await body(), {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(placed.statusCode, 201, placed.body);
    const h = { host: shop.host, headers: auth(member.limited) };

    assertStepUp(await t.get('/api/v5/me/orders/', h));
    assertStepUp(await t.get(`/api/v5/me/orders/${placed.data.uid}/`, h));
    assertStepUp(await t.post(`/api/v5/me/orders/${placed.data.uid}/cancel/`, undefined, h));
    assertStepUp(await t.post(`/api/v5/places/${shop.place}/orders/`, await body(), h));
    assertStepUp(await t.get('/api/v5/subscriptions/', h));

    const rows = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.userUid, member.user.uid)));
    assert.deepEqual(rows, [{ status: 'RECEIVED' }], 'one order, still received');
  });

  test('units: their codes, redeeming, a code and buying are refused, and nothing is used up', async () => {
    const limited = await limitedDemo();
    const full = await fullDemo();
    const programs = await t.get('/api/v5/programs/', { host: demo, headers: auth(full) });
    const program = (programs.data.results ?? programs.data)[0].uid as string;
    const list = await t.get(`/api/v5/me/programs/${program}/promotions/?page_size=50`, {
      host: demo,
      headers: auth(full),
    });
    const paid = list.data.results.find((p: { coin_price: number }) => p.coin_price > 0);
    const free = list.data.results.find(
      (p: { coin_price: number; price: string | null; kind: string }) =>
        p.coin_price === 0 && p.price === null && p.kind !== 'STAMPS',
    );
    assert.ok(paid && free, 'the demo has a coin promotion and a free one');
    // A unit bought with coins, held by the member (ACTIVE, with its code).
    const bought = await t.post(
      `/api/v5/me/programs/${program}/promotions/${paid.uid}/purchase/`,
      undefined,
      { host: demo, headers: auth(full) },
    );
    assert.equal(bought.statusCode, 201, bought.body);
    const [{ demoUid }] = await t.db
      .select({ demoUid: users.uid })
      .from(users)
      .where(eq(users.email, 'demo@aurora.pe'));
    const units = () =>
      t.db
        .select({ uid: redemptions.uid, status: redemptions.status })
        .from(redemptions)
        .where(eq(redemptions.userUid, demoUid))
        .orderBy(redemptions.uid);
    const before = await units();

    const h = { host: demo, headers: auth(limited) };
    assertStepUp(await t.get(`/api/v5/me/programs/${program}/redemptions/`, h));
    assertStepUp(
      await t.post(`/api/v5/me/programs/${program}/promotions/${paid.uid}/qrcode/`, {}, h),
    );
    assertStepUp(await t.post('/api/v5/redemption-by-user/', { program_promotion: paid.uid }, h));
    assertStepUp(await t.post('/api/v5/redemption-by-user/', { program_promotion: free.uid }, h));
    assertStepUp(
      await t.post(`/api/v5/programs/${program}/promotions/${free.uid}/coupon/get-code/`, {}, h),
    );
    assertStepUp(
      await t.post(`/api/v5/me/programs/${program}/promotions/${paid.uid}/purchase/`, undefined, h),
    );
    assertStepUp(await t.post('/api/v5/me/counter-code/', undefined, h));
    assert.deepEqual(await units(), before, 'no unit taken, none used up');
    assert.ok(before.some((u) => u.uid === bought.data.uid && u.status === 'ACTIVE'));
  });

  test('the profile: the city may change; a name, a phone or the document switch ask for the step-up', async () => {
    const member = await shopMember();
    const h = { host: shop.host, headers: auth(member.limited) };
    const city = await t.patch('/api/v5/me/', { area: shop.area }, h);
    assert.equal(city.statusCode, 200, city.body);
    assert.equal(city.data.area, shop.area);
    assert.equal(city.data.email, null, 'the answer hides the contact data too');
    assertStepUp(await t.patch('/api/v5/me/', { area: shop.area, first_name: 'Intruso' }, h));
    assertStepUp(await t.patch('/api/v5/me/', { mobile_number: '+51911111111' }, h));
    assertStepUp(await t.patch('/api/v5/me/', { document_signin: false }, h));
    const [row] = await t.db
      .select({ firstName: users.firstName, documentSignin: users.documentSignin })
      .from(users)
      .where(eq(users.uid, member.user.uid));
    assert.deepEqual(row, { firstName: 'Ana', documentSignin: true });
  });
});

describe('step-up', () => {
  test('with the password: the session acts as a full one for an hour, then is limited again', async () => {
    const member = await shopMember();
    const h = { host: shop.host, headers: auth(member.limited) };
    assertStepUp(await t.get('/api/v5/me/orders/', h));
    const wrong = await t.post('/api/v5/me/step-up/', { password: 'not it' }, h);
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.deepEqual(wrong.data, { password: ['La contraseña no es correcta.'] });
    const none = await t.post('/api/v5/me/step-up/', {}, h);
    assert.equal(none.statusCode, 400, none.body);
    assertStepUp(await t.get('/api/v5/me/orders/', h));

    const before = Date.now();
    const ok = await t.post('/api/v5/me/step-up/', { password: member.body.password }, h);
    assert.equal(ok.statusCode, 200, ok.body);
    const until = Date.parse(ok.data.stepped_up_until);
    assert.ok(until >= before + 3600_000 - 5_000 && until <= Date.now() + 3600_000 + 5_000);
    assert.equal((await t.get('/api/v5/me/orders/', h)).statusCode, 200);
    const me = await t.get('/api/v5/me/', h);
    assert.equal(me.data.limited_session, false);
    assert.equal(me.data.email, member.body.email);
    const qr = await t.get('/api/v5/me/', h);
    assert.equal(qr.statusCode, 200);

    // The step-up ran out: limited again, and the session itself still lives.
    await t.db
      .update(sessions)
      .set({ steppedUpUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(member.limited)));
    assertStepUp(await t.get('/api/v5/me/orders/', h));
    assert.equal((await t.get('/api/v5/me/', h)).data.limited_session, true);
  });

  test('with a mailed code: only to a verified address, hashed, for this session only, once', async () => {
    const member = await shopMember();
    const h = { host: shop.host, headers: auth(member.limited) };
    const mails = () =>
      t.db
        .select({ text: mailOutbox.text, subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.to, member.body.email), sql`${mailOutbox.subject} LIKE '%código%'`),
        );

    const unverified = await t.post('/api/v5/me/step-up/code/', undefined, h);
    assert.equal(unverified.statusCode, 400, unverified.body);
    assert.deepEqual(unverified.data, {
      non_field_errors: ['Tu cuenta no tiene un correo verificado al que enviarte el código.'],
    });
    assert.equal((await mails()).length, 0);

    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.uid, member.user.uid));
    const sent = await t.post('/api/v5/me/step-up/code/', undefined, h);
    assert.equal(sent.statusCode, 200, sent.body);
    const [local] = member.body.email.split('@');
    assert.equal(sent.data.email_hint, `${local[0]}***@example.com`);
    const [mail] = await mails();
    const code = /Tu código es (\d{6})\./.exec(mail.text)?.[1];
    assert.ok(code, mail.text);
    assert.doesNotMatch(mail.subject, /\d{6}/, 'the code is not in the subject (lock screens)');
    const [row] = await t.db
      .select({ hash: sessions.stepUpCodeHash })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(member.limited)));
    assert.ok(row.hash && !row.hash.includes(code), 'stored hashed');

    // Another session of the same member (its own document sign-in) cannot use it.
    const other = (await documentLogin(shop.host, member.body.document_number)).data.token;
    const elsewhere = await t.post(
      '/api/v5/me/step-up/',
      { code },
      { host: shop.host, headers: auth(other) },
    );
    assert.equal(elsewhere.statusCode, 400, elsewhere.body);
    assert.deepEqual(elsewhere.data, {
      code: ['El código no es correcto o ya venció: pide uno nuevo.'],
    });

    // Two tries of the same code at once: exactly one passes.
    const both = await Promise.all([
      t.post('/api/v5/me/step-up/', { code }, h),
      t.post('/api/v5/me/step-up/', { code }, h),
    ]);
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [200, 400]);
    assert.equal((await t.get('/api/v5/me/orders/', h)).statusCode, 200);
    const again = await t.post('/api/v5/me/step-up/', { code }, h);
    assert.equal(again.statusCode, 400, 'single use');
  });

  test('five wrong codes kill the code; an expired code fails', async () => {
    const member = await shopMember();
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.uid, member.user.uid));
    const h = { host: shop.host, headers: auth(member.limited) };
    assert.equal((await t.post('/api/v5/me/step-up/code/', undefined, h)).statusCode, 200);
    const [mail] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member.body.email))
      .orderBy(sql`${mailOutbox.createdAt} DESC`)
      .limit(1);
    const code = /Tu código es (\d{6})\./.exec(mail.text)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      assert.equal((await t.post('/api/v5/me/step-up/', { code: wrong }, h)).statusCode, 400);
    assert.equal((await t.post('/api/v5/me/step-up/', { code }, h)).statusCode, 400, 'dead');

    assert.equal((await t.post('/api/v5/me/step-up/code/', undefined, h)).statusCode, 200);
    await t.db
      .update(sessions)
      .set({ stepUpCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(member.limited)));
    const [latest] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member.body.email))
      .orderBy(sql`${mailOutbox.createdAt} DESC`)
      .limit(1);
    const expired = /Tu código es (\d{6})\./.exec(latest.text)![1];
    assert.equal((await t.post('/api/v5/me/step-up/', { code: expired }, h)).statusCode, 400);
    assertStepUp(await t.get('/api/v5/me/orders/', h));
  });

  test('step-up attempts and code mails are rate-limited per member', async () => {
    const small = { max: 3, windowSeconds: 3600 };
    const limitedApp = await startTestApp({
      seedDemo: false,
      accounts: {
        rateLimits: {
          ...generousRateLimits,
          stepUp: {
            address: { max: 100, windowSeconds: 3600 },
            identity: small,
            identityTotal: small,
          },
          stepUpCode: {
            address: { max: 100, windowSeconds: 3600 },
            identity: small,
            identityTotal: small,
          },
        },
      },
    });
    try {
      const s = await makeShop(limitedApp, 'limited-rate', {
        app: {
          signin_methods: [
            { type: 'EMAIL', settings: {} },
            { type: 'ONLY_DOCUMENT', settings: {} },
          ],
        },
      });
      const member = await registerMember(limitedApp, s.host);
      await limitedApp.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.uid, member.user.uid));
      const token = (
        await limitedApp.post(
          '/api/v5/login/',
          { document_type: 'NATIONAL_ID', document_number: member.body.document_number },
          { host: s.host },
        )
      ).data.token;
      const h = { host: s.host, headers: auth(token) };
      for (let i = 0; i < 3; i += 1)
        assert.equal(
          (await limitedApp.post('/api/v5/me/step-up/', { password: 'wrong' }, h)).statusCode,
          400,
        );
      const blocked = await limitedApp.post(
        '/api/v5/me/step-up/',
        { password: member.body.password },
        h,
      );
      assert.equal(blocked.statusCode, 429, blocked.body);
      for (let i = 0; i < 3; i += 1)
        assert.equal(
          (await limitedApp.post('/api/v5/me/step-up/code/', undefined, h)).statusCode,
          200,
        );
      assert.equal(
        (await limitedApp.post('/api/v5/me/step-up/code/', undefined, h)).statusCode,
        429,
      );
    } finally {
      await limitedApp.close();
    }
  });
});

describe('the member switches document-only sign-in off', () => {
  test('then the document alone answers as an unknown document, and its other sessions end', async () => {
    const member = await shopMember();
    const unknown = await documentLogin(shop.host, '87654321');
    assert.equal(unknown.statusCode, 400, unknown.body);

    const off = await t.patch(
      '/api/v5/me/',
      { document_signin: false },
      {
        host: shop.host,
        headers: member.auth,
      },
    );
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.data.document_signin, false);
    assert.equal(
      (await t.get('/api/v5/me/', { host: shop.host, headers: auth(member.limited) })).statusCode,
      401,
      'the document session opened before is over',
    );
    assert.equal(
      (await t.get('/api/v5/me/', { host: shop.host, headers: member.auth })).statusCode,
      200,
    );

    const refused = await documentLogin(shop.host, member.body.document_number);
    assert.equal(refused.statusCode, unknown.statusCode);
    assert.equal(refused.body, unknown.body);
    // The password still opens the account, from the document form too.
    const withPassword = await t.post(
      '/api/v5/login/',
      {
        document_type: 'NATIONAL_ID',
        document_number: member.body.document_number,
        password: member.body.password,
      },
      { host: shop.host },
    );
    assert.equal(withPassword.statusCode, 200, withPassword.body);

    const on = await t.patch(
      '/api/v5/me/',
      { document_signin: true },
      {
        host: shop.host,
        headers: member.auth,
      },
    );
    assert.equal(on.data.document_signin, true);
    assert.equal((await documentLogin(shop.host, member.body.document_number)).statusCode, 200);
  });
});
