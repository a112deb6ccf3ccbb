import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc, eq } from 'drizzle-orm';
import { staffMessages, messageText } from '@store/contract';
import { mailOutbox } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { documentedRoutes, matrixRoutes } from './support/openapi';
import { makeStaffShop, placePickupOrder, qrProof, type StaffShop } from './support/staff';

/**
 * The permission matrix: every staff route as anonymous (401), a customer
 * (403), staff of the company (2xx), staff of another company of the same
 * tenant (403/404 or their own company's data, never this company's), staff
 * of another tenant (401: their session is not a session here), and the
 * validator where the role does not reach (403).
 */
let t: TestApp;
let s: StaffShop;
let order: { uid: string };
let docCounter = 0;

before(async () => {
  t = await startTestApp();
  s = await makeStaffShop(t, 'staffperm');
  order = await placePickupOrder(t, s, s.auth.ana, s.places.a);
});
after(() => t?.close());

type Case = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  url: () => string;
  body?: () => unknown;
  ok: number;
  /** The validator's answer: 403 where the role does not reach. */
  validator: number;
};

/**
 * One row of the matrix: the owner's and the validator's answers; the URL called is the
 * documented path unless the row gives one (a query, a uid in place of `{uid}`).
 */
const route = (
  method: Case['method'],
  path: string,
  answers: { ok: number; validator: number },
  call: { url?: () => string; body?: () => unknown } = {},
): Case => ({ method, path, url: call.url ?? (() => path), body: call.body, ...answers });

const everyone = (status: number) => ({ ok: status, validator: status });
/** Routes the validator's role does not reach. */
const ownerOnly = (ok: number) => ({ ok, validator: 403 });

const cases: Case[] = [
  route('GET', '/api/v5/staff/me/', everyone(200)),
  route('GET', '/api/v5/staff/clients/', everyone(200), {
    url: () => '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=70000010',
  }),
  route('POST', '/api/v5/staff/clients/from-qr/', everyone(400), { body: () => ({ code: 'x' }) }),
  route('POST', '/api/v5/staff/clients/', ownerOnly(201), {
    body: () => ({
      program_uid: s.programs.club,
      first_name: 'Nuevo',
      last_name: 'Cliente',
      document_type: 'NATIONAL_ID',
      document_number: String(71000000 + ++docCounter),
      accept_terms: true,
      accept_age: true,
      accept_data_processing: true,
    }),
  }),
  route('GET', '/api/v5/staff/clients/{uid}/promotions/', everyone(200), {
    url: () => `/api/v5/staff/clients/${s.users.ana.uid}/promotions/`,
  }),
  route('GET', '/api/v5/staff/promotions/', everyone(404), {
    url: () => '/api/v5/staff/promotions/?code=NOPE123456',
  }),
  route('POST', '/api/v5/staff/redemptions/', everyone(201), {
    body: () => ({
      client_uid: s.users.ana.uid,
      promotion_uid: s.promotionUid('Desayuno 20%'),
      place_uid: s.places.b,
      amount: '10.00',
    }),
  }),
  route('GET', '/api/v5/staff/clients/{uid}/products/', everyone(200), {
    url: () => `/api/v5/staff/clients/${s.users.ana.uid}/products/?place_uid=${s.places.b}`,
  }),
  // An unknown product: a field error for both roles, i.e. the role passed (happy path: staff-products.test.ts).
  route('POST', '/api/v5/staff/product-redemptions/', everyone(400), {
    body: () => ({
      client_uid: s.users.ana.uid,
      place_uid: s.places.b,
      product_uid: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
      proof: qrProof(s, s.users.ana.uid),
    }),
  }),
  route('POST', '/api/v5/staff/stamps/', everyone(201), {
    body: () => ({
      client_uid: s.users.ana.uid,
      program_uid: s.programs.club,
      place_uid: s.places.b,
      quantity: 1,
    }),
  }),
  route('POST', '/api/v5/staff/points/', ownerOnly(201), {
    body: () => ({
      client_uid: s.users.ana.uid,
      program_uid: s.programs.club,
      amount: 5,
      description: 'Compra',
    }),
  }),
  route('GET', '/api/v5/staff/orders/', ownerOnly(200)),
  route('GET', '/api/v5/staff/orders/recent/', ownerOnly(200)),
  route('GET', '/api/v5/staff/orders/{uid}/', ownerOnly(200), {
    url: () => `/api/v5/staff/orders/${order.uid}/`,
  }),
  route('POST', '/api/v5/staff/orders/{uid}/transition/', ownerOnly(200), {
    url: () => `/api/v5/staff/orders/${order.uid}/transition/`,
    body: () => ({ action: 'accept' }),
  }),
  // An unknown line: a 400 {position} once the role passed, nothing changed.
  route('POST', '/api/v5/staff/orders/{uid}/remove-line/', ownerOnly(400), {
    url: () => `/api/v5/staff/orders/${order.uid}/remove-line/`,
    body: () => ({ position: 99 }),
  }),
  // Subscription days that got no order: the orders board's permission.
  route('GET', '/api/v5/staff/subscriptions/skipped-days/', ownerOnly(200)),
  route('GET', '/api/v5/staff/subscriptions/due/', ownerOnly(200)),
  route('GET', '/api/v5/staff/records/', ownerOnly(200)),
  route('GET', '/api/v5/staff/records.csv', ownerOnly(200)),
  route('GET', '/api/v5/staff/members/', ownerOnly(200)),
  // A role change of someone already on the staff (new people are invited).
  route('POST', '/api/v5/staff/members/', ownerOnly(200), {
    body: () => ({ email: 'staff@staff.test', role: 'STAFF', place_uids: [] }),
  }),
  route('GET', '/api/v5/staff/invitations/', ownerOnly(200)),
  route('POST', '/api/v5/staff/invitations/', ownerOnly(201), {
    body: () => ({ email: `invitado${++docCounter}@staff.test`, role: 'STAFF' }),
  }),
  route('DELETE', '/api/v5/staff/invitations/{uid}/', ownerOnly(404), {
    url: () => '/api/v5/staff/invitations/00000000-0000-4000-8000-000000000000/',
  }),
  route('DELETE', '/api/v5/staff/members/{uid}/', ownerOnly(404), {
    url: () => `/api/v5/staff/members/${s.users.ana.uid}/`,
  }),
];

const call = (c: Case, headers: Record<string, string> | undefined, host = s.host) =>
  t.call(c.method, c.url(), { host, headers, ...(c.body ? { body: c.body() } : {}) });

describe('staff permission matrix', () => {
  test('the matrix covers every staff route of the OpenAPI document', async () => {
    const doc = (await t.get('/api/docs/json')).data;
    const documented = documentedRoutes(doc, (path) => path.startsWith('/api/v5/staff'));
    assert.deepEqual(documented, matrixRoutes(cases));
  });

  for (const c of cases) {
    test(`${c.method} ${c.path}`, async () => {
      const anonymous = await call(c, undefined);
      assert.equal(anonymous.statusCode, 401, anonymous.body);

      const customer = await call(c, s.auth.ana);
      assert.equal(customer.statusCode, 403, customer.body);
      assert.deepEqual(customer.data, { detail: messageText(staffMessages.notStaff) });

      // Staff of the other company of this tenant: refused or answered with their own company only.
      const rival = await call(c, s.auth.rival);
      assert.ok(
        [200, 400, 403, 404].includes(rival.statusCode),
        `${rival.statusCode} ${rival.body}`,
      );
      assert.ok(!rival.body.includes(s.users.ana.uid), `rival staff saw the client: ${rival.body}`);
      assert.ok(!rival.body.includes(order.uid), `rival staff saw the order: ${rival.body}`);
      assert.ok(!rival.body.includes('70000010'), `rival staff saw the document: ${rival.body}`);

      const validator = await call(c, s.auth.validator);
      assert.equal(validator.statusCode, c.validator, validator.body);

      const own = await call(c, s.auth.owner);
      assert.equal(own.statusCode, c.ok, own.body);
    });
  }

  test('staff of another tenant: their token is no session here (401), and on their own host our uids are not found', async () => {
    const login = await t.post(
      '/api/v5/login/',
      { email: 'puerto@multi.pe', password: 'Puerto2026!' },
      { host: 'multi.localhost' },
    );
    assert.equal(login.statusCode, 200, login.body);
    const puerto = { authorization: `Token ${login.data.token}` };
    const here = await t.get('/api/v5/staff/orders/', { host: s.host, headers: puerto });
    assert.equal(here.statusCode, 401);
    const own = await t.get('/api/v5/staff/me/', { host: 'multi.localhost', headers: puerto });
    assert.equal(own.statusCode, 200);
    assert.equal(own.data.company.name, 'Cevichería El Puerto');
    for (const url of [
      `/api/v5/staff/orders/${order.uid}/`,
      `/api/v5/staff/clients/${s.users.ana.uid}/promotions/`,
    ]) {
      const res = await t.get(url, { host: 'multi.localhost', headers: puerto });
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
    }
    const lookup = await t.get(
      '/api/v5/staff/clients/?document_type=NATIONAL_ID&document_number=70000010',
      { host: 'multi.localhost', headers: puerto },
    );
    assert.equal(lookup.statusCode, 404);
  });

  test("rival staff cannot act on this company's client, promotion, place or program", async () => {
    const bodies = [
      [
        '/api/v5/staff/redemptions/',
        {
          client_uid: s.users.ana.uid,
          promotion_uid: s.promotionUid('Desayuno 20%'),
          place_uid: s.places.rival,
        },
      ],
      [
        '/api/v5/staff/stamps/',
        {
          client_uid: s.users.ana.uid,
          program_uid: s.programs.rival,
          place_uid: s.places.rival,
          quantity: 1,
        },
      ],
      [
        '/api/v5/staff/points/',
        { client_uid: s.users.ana.uid, program_uid: s.programs.rival, amount: 5, description: 'x' },
      ],
    ] as const;
    for (const [url, body] of bodies) {
      const res = await t.post(url, body, { host: s.host, headers: s.auth.rival });
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
      assert.deepEqual(res.data, { detail: messageText(staffMessages.clientNotFound) });
    }
    // Their own client with this company's promotion, place or program: field errors, nothing written.
    const rosa = s.users.rosa.uid;
    const redeem = await t.post(
      '/api/v5/staff/redemptions/',
      {
        client_uid: rosa,
        promotion_uid: s.promotionUid('Desayuno 20%'),
        place_uid: s.places.rival,
      },
      { host: s.host, headers: s.auth.rival },
    );
    assert.equal(redeem.statusCode, 400);
    assert.ok(redeem.data.promotion_uid);
    const stamps = await t.post(
      '/api/v5/staff/stamps/',
      { client_uid: rosa, program_uid: s.programs.club, place_uid: s.places.a, quantity: 1 },
      { host: s.host, headers: s.auth.rival },
    );
    assert.equal(stamps.statusCode, 400);
    assert.ok(stamps.data.place_uid);
    const points = await t.post(
      '/api/v5/staff/points/',
      { client_uid: rosa, program_uid: s.programs.club, amount: 5, description: 'x' },
      { host: s.host, headers: s.auth.rival },
    );
    assert.equal(points.statusCode, 400);
    assert.deepEqual(points.data, { program_uid: [messageText(staffMessages.programNotFound)] });
    const orders = await t.get(`/api/v5/staff/orders/?place_uid=${s.places.a}`, {
      host: s.host,
      headers: s.auth.rival,
    });
    assert.equal(orders.statusCode, 400);
  });

  test('a validator limited to place B cannot act at place A', async () => {
    const res = await t.post(
      '/api/v5/staff/stamps/',
      {
        client_uid: s.users.ana.uid,
        program_uid: s.programs.club,
        place_uid: s.places.a,
        quantity: 1,
      },
      { host: s.host, headers: s.auth.validator },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, { place_uid: [messageText(staffMessages.placeNotAllowed)] });
    const me = await t.get('/api/v5/staff/me/', { host: s.host, headers: s.auth.validator });
    assert.deepEqual(
      me.data.places.map((p: { uid: string }) => p.uid),
      [s.places.b],
    );
    assert.equal(me.data.limited_to_places, true);
    assert.deepEqual(me.data.permissions, ['lookup', 'redeem', 'stamps']);
  });

  test('v5/me/ and the sign-in answer say is_staff, so the web asks v5/staff/me/ only of staff', async () => {
    const me = async (headers: Record<string, string>) =>
      (await t.get('/api/v5/me/', { host: s.host, headers })).data.is_staff;
    assert.equal(await me(s.auth.owner), true);
    assert.equal(await me(s.auth.validator), true);
    assert.equal(await me(s.auth.ana), false);
    const login = await t.post(
      '/api/v5/login/',
      { email: 'staff@staff.test', password: 'Clave segura 1' },
      { host: s.host },
    );
    assert.equal(login.statusCode, 200, login.body);
    assert.equal(login.data.user.is_staff, true);
    const patched = await t.patch(
      '/api/v5/me/',
      { first_name: 'Olga' },
      { host: s.host, headers: s.auth.owner },
    );
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.data.is_staff, true);
  });

  test('the members call: an accepted invitation works at once, a removed role stops at once; an owner cannot remove themself', async () => {
    const isStaff = async () =>
      (await t.get('/api/v5/me/', { host: s.host, headers: s.auth.nobody })).data.is_staff;
    assert.equal(await isStaff(), false);
    const nobody = (await t.get('/api/v5/me/', { host: s.host, headers: s.auth.nobody })).data.uid;
    const invited = await t.post(
      '/api/v5/staff/invitations/',
      { email: 'nobody@staff.test', role: 'VALIDATOR', place_uids: [s.places.a] },
      { host: s.host, headers: s.auth.owner },
    );
    assert.equal(invited.statusCode, 201, invited.body);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nobody@staff.test'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const [, uid, token] = /\/staff\/invitation\/([0-9a-f-]{36})\/([\w-]+)/.exec(mail.text)!;
    const accepted = await t.post(
      `/api/v5/invitations/${uid}/${token}/accept/`,
      {},
      { host: s.host, headers: s.auth.nobody },
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    const list = await t.get('/api/v5/staff/members/', { host: s.host, headers: s.auth.owner });
    assert.ok(
      list.data.some(
        (m: { user_uid: string; role: string }) => m.user_uid === nobody && m.role === 'VALIDATOR',
      ),
    );
    assert.equal(
      (await t.get('/api/v5/staff/me/', { host: s.host, headers: s.auth.nobody })).statusCode,
      200,
    );
    assert.equal(await isStaff(), true);
    // Staff of another company is not this company's to change.
    const other = await t.post(
      '/api/v5/staff/members/',
      { email: 'rival@staff.test', role: 'STAFF' },
      { host: s.host, headers: s.auth.owner },
    );
    assert.equal(other.statusCode, 400);
    assert.deepEqual(other.data, { email: [messageText(staffMessages.notStaffHere)] });
    const del = await t.delete(`/api/v5/staff/members/${nobody}/`, {
      host: s.host,
      headers: s.auth.owner,
    });
    assert.equal(del.statusCode, 204, del.body);
    assert.equal(
      (await t.get('/api/v5/staff/me/', { host: s.host, headers: s.auth.nobody })).statusCode,
      403,
    );
    assert.equal(await isStaff(), false);
    const ownerUid = (await t.get('/api/v5/me/', { host: s.host, headers: s.auth.owner })).data.uid;
    const self = await t.delete(`/api/v5/staff/members/${ownerUid}/`, {
      host: s.host,
      headers: s.auth.owner,
    });
    assert.equal(self.statusCode, 400);
    const rivalDel = await t.delete(`/api/v5/staff/members/${ownerUid}/`, {
      host: s.host,
      headers: s.auth.rival,
    });
    assert.equal(rivalDel.statusCode, 403);
  });
});
