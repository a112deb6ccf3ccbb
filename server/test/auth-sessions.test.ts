import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { sessions, users } from '../src/db/schema';
import { tokenHash } from '../src/lib/secrets';
import { makeTenant, registerMember, startHttp } from './support/accounts';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Sessions (security issue 15): how a session was made decides what it may
 * do; sessions expire; a member can end them all; Google takes an unproven
 * account away from whoever registered it; a reset link is checked first.
 */
let t: TestApp;
let jwks: Awaited<ReturnType<typeof startHttp>>;
let googleKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const clientId = 'sessions-client.apps.googleusercontent.com';
const host = 'localhost';
const auth = (token: string) => ({ headers: { authorization: `Token ${token}` } });

before(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = await startHttp((_req, _body, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  t = await startTestApp({ accounts: { googleJwksUrl: jwks.url } });
});
after(async () => {
  await t?.close();
  await jwks?.close();
});

const documentLogin = (document_number: string, extra: Record<string, unknown> = {}) =>
  t.post('/api/v5/login/', { document_type: 'NATIONAL_ID', document_number, ...extra }, { host });

async function sessionMethodOf(token: string) {
  const [row] = await t.db
    .select({ method: sessions.method })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)));
  return row?.method;
}

describe('a session made from a document number alone (ONLY_DOCUMENT) is limited', () => {
  test("the owner's document alone never opens a session, and answers as an unknown document", async () => {
    const unknown = await documentLogin('87654321');
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.deepEqual(unknown.data, {
      non_field_errors: ['No puedes iniciar sesión con las credenciales proporcionadas.'],
    });
    // dueno@aurora.pe (OWNER of the demo store), cajero (STAFF) and the VALIDATOR: the same
    // status and the same bytes, so the answer tells nobody whose document belongs to staff.
    for (const doc of ['40123457', '40123456', '40123458']) {
      const res = await documentLogin(doc);
      assert.equal(res.statusCode, unknown.statusCode, res.body);
      assert.equal(res.body, unknown.body);
      assert.deepEqual(res.headers['content-length'], unknown.headers['content-length']);
    }
    const count = await t.db.execute(sql`SELECT count(*)::int AS n FROM sessions`);
    assert.equal((count as unknown as { rows: { n: number }[] }).rows[0].n, 0);
  });

  test("the owner's document with the password is a full session that reaches the console", async () => {
    const wrong = await documentLogin('40123457', { password: 'not the password' });
    assert.equal(wrong.statusCode, 400);
    const res = await documentLogin('40123457', { password: 'Dueno2026!' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.limited_session, false);
    assert.equal(await sessionMethodOf(res.data.token), 'password');
    const staff = await t.get('/api/v5/staff/me/', { host, ...auth(res.data.token) });
    assert.equal(staff.statusCode, 200, staff.body);
    assert.equal(staff.data.role, 'OWNER');
  });

  test("a member's document alone signs in, recorded as a limited session", async () => {
    const res = await documentLogin('45678912'); // demo@aurora.pe
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.limited_session, true);
    assert.equal(await sessionMethodOf(res.data.token), 'document');
    const me = await t.get('/api/v5/me/', { host, ...auth(res.data.token) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.data.limited_session, true);
  });

  test('a limited session never changes the account, never asks for deletion, never logs out others', async () => {
    const { data } = await documentLogin('45678912');
    const a = auth(data.token);
    const refused =
      'Confirma que eres tú para continuar: ingresaste solo con tu número de documento.';
    const attempts = [
      await t.patch('/api/v5/me/', { first_name: 'Intruso' }, { host, ...a }),
      await t.patch('/api/v5/me/', { mobile_number: '+51911111111' }, { host, ...a }),
      await t.post(
        '/api/v5/me/change-password/',
        { old_password: 'x', password: 'Otra clave 123', password_confirmation: 'Otra clave 123' },
        { host, ...a },
      ),
      await t.post('/api/v5/delete-account/', undefined, { host, ...a }),
      await t.post('/api/v5/logout/all/', undefined, { host, ...a }),
    ];
    for (const res of attempts) {
      assert.equal(res.statusCode, 403, res.body);
      assert.deepEqual(res.data, { detail: refused });
      assert.equal(res.errorCodes?.code, 'auth.step_up_required');
    }
    const [row] = await t.db
      .select({ firstName: users.firstName, mobile: users.mobileNumber })
      .from(users)
      .where(eq(users.email, 'demo@aurora.pe'));
    assert.notEqual(row.firstName, 'Intruso');
    assert.notEqual(row.mobile, '+51911111111');
    const mails = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = 'demo@aurora.pe'`,
    );
    assert.equal((mails as unknown as { rows: { n: number }[] }).rows[0].n, 0);
  });

  test('a limited session may still pick its city (a store preference)', async () => {
    const { data } = await documentLogin('45678912');
    const areas = await t.get('/api/v7/areas/', { host });
    const area = areas.data.results?.[0]?.uid ?? areas.data[0]?.uid;
    assert.ok(area, areas.body);
    const res = await t.patch('/api/v5/me/', { area }, { host, ...auth(data.token) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.area, area);
  });

  test('a limited session never spends coins: buying a promotion with coins is a 403 and no coin moves', async () => {
    const limited = (await documentLogin('45678912')).data.token;
    const full = (
      await t.post('/api/v5/login/', { email: 'demo@aurora.pe', password: 'Aurora2026!' }, { host })
    ).data.token;
    const programs = await t.get('/api/v5/programs/', { host, ...auth(full) });
    const program = (programs.data.results ?? programs.data)[0];
    const list = await t.get(`/api/v5/me/programs/${program.uid}/promotions/?page_size=50`, {
      host,
      ...auth(full),
    });
    const paid = list.data.results.find((p: { coin_price: number }) => p.coin_price > 0);
    assert.ok(paid, 'the demo has a promotion sold for coins');
    const coinsBefore = (
      await t.get(`/api/v5/me/programs/${program.uid}/`, { host, ...auth(full) })
    ).data.balances.coins;
    const buy = (token: string) =>
      t.post(`/api/v5/me/programs/${program.uid}/promotions/${paid.uid}/purchase/`, undefined, {
        host,
        ...auth(token),
      });
    const refused = await buy(limited);
    assert.equal(refused.statusCode, 403, refused.body);
    const code = await t.post(
      `/api/v5/programs/${program.uid}/promotions/${paid.uid}/coupon/get-code/`,
      undefined,
      { host, ...auth(limited) },
    );
    assert.equal(code.statusCode, 403, code.body);
    const after = (await t.get(`/api/v5/me/programs/${program.uid}/`, { host, ...auth(full) })).data
      .balances.coins;
    assert.equal(after, coinsBefore);
    const bought = await buy(full);
    assert.equal(bought.statusCode, 201, bought.body);
    const spent = (await t.get(`/api/v5/me/programs/${program.uid}/`, { host, ...auth(full) })).data
      .balances.coins;
    assert.equal(spent, coinsBefore - paid.coin_price);
  });

  test('a limited session never reaches the staff console, even for a member made staff later', async () => {
    const { data } = await documentLogin('45678912');
    await t.db.execute(
      sql`INSERT INTO staff_members (app_id, user_uid, company_uid, role)
          SELECT u.app_id, u.uid, a.main_company_uid, 'STAFF' FROM users u JOIN apps a ON a.uid = u.app_id
          WHERE u.email = 'demo@aurora.pe'`,
    );
    try {
      const res = await t.get('/api/v5/staff/me/', { host, ...auth(data.token) });
      assert.equal(res.statusCode, 403, res.body);
    } finally {
      await t.db.execute(
        sql`DELETE FROM staff_members WHERE user_uid = (SELECT uid FROM users WHERE email = 'demo@aurora.pe')`,
      );
    }
  });
});

describe('a limited session is no proof of presence at the counter', () => {
  test('no counter code, and its QR finds the client but spends nothing', async () => {
    const limited = (await documentLogin('45678912')).data.token;
    const code = await t.post('/api/v5/me/counter-code/', undefined, { host, ...auth(limited) });
    assert.equal(code.statusCode, 403, code.body);

    const programs = await t.get('/api/v5/programs/', { host, ...auth(limited) });
    const program = (programs.data.results ?? programs.data)[0];
    const qr = await t.post(`/api/v5/me/programs/${program.uid}/qr/`, undefined, {
      host,
      ...auth(limited),
    });
    assert.equal(qr.statusCode, 200, qr.body);
    assert.match(qr.data.qr, /^l1\./);

    const cashier = (
      await t.post(
        '/api/v5/login/',
        { email: 'cajero@aurora.pe', password: 'Cajero2026!' },
        { host },
      )
    ).data.token;
    const found = await t.post(
      '/api/v5/staff/clients/from-qr/',
      { code: qr.data.qr },
      { host, ...auth(cashier) },
    );
    assert.equal(found.statusCode, 200, found.body);
    const promotions = await t.get(`/api/v5/staff/clients/${found.data.uid}/promotions/`, {
      host,
      ...auth(cashier),
    });
    const list = promotions.data.results ?? promotions.data;
    const paid = list.find((p: { coin_price: number }) => p.coin_price > 0);
    assert.ok(paid, promotions.body);
    const staffMe = await t.get('/api/v5/staff/me/', { host, ...auth(cashier) });
    const redeem = await t.post(
      '/api/v5/staff/redemptions/',
      {
        client_uid: found.data.uid,
        promotion_uid: paid.uid,
        place_uid: staffMe.data.places[0].uid,
        proof: qr.data.qr,
      },
      { host, ...auth(cashier) },
    );
    assert.equal(redeem.statusCode, 400, redeem.body);
    assert.deepEqual(redeem.data, {
      proof: [
        'El cliente ingresó solo con su documento: para gastar sus monedas o sellos debe ingresar con su contraseña y mostrar su código.',
      ],
    });
  });

  test('a limited session cannot accept a staff invitation', async () => {
    const limited = (await documentLogin('45678912')).data.token;
    const res = await t.post(
      '/api/v5/invitations/00000000-0000-4000-8000-000000000000/some-token/accept/',
      {},
      { host, ...auth(limited) },
    );
    assert.equal(res.statusCode, 403, res.body);
  });
});

describe('sessions expire and can all be ended', () => {
  test('a session unused for longer than the idle lifetime, or older than the absolute one, is no session', async () => {
    const idle = await registerMember(t, host);
    const old = await registerMember(t, host);
    const fresh = await registerMember(t, host);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(sessions.tokenHash, tokenHash(idle.token)));
    // Used a minute ago, but signed in 91 days ago.
    await t.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000),
        lastUsedAt: new Date(Date.now() - 60 * 1000),
      })
      .where(eq(sessions.tokenHash, tokenHash(old.token)));
    for (const member of [idle, old]) {
      const res = await t.get('/api/v5/me/', { host, headers: member.auth });
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(await sessionMethodOf(member.token), undefined, 'the expired row is gone');
    }
    assert.equal((await t.get('/api/v5/me/', { host, headers: fresh.auth })).statusCode, 200);
  });

  test('a limited session lives a day without use', async () => {
    const { data } = await documentLogin('45678912');
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(sessions.tokenHash, tokenHash(data.token)));
    assert.equal((await t.get('/api/v5/me/', { host, ...auth(data.token) })).statusCode, 401);
  });

  test('log out everywhere ends every session of the member and no one else', async () => {
    const member = await registerMember(t, host);
    const other = await registerMember(t, host);
    const second = await t.post(
      '/api/v5/login/',
      { email: member.body.email, password: member.body.password },
      { host },
    );
    // Presented on another store's host, the token is no session there, and ends nothing here.
    const elsewhere = await t.post('/api/v5/logout/all/', undefined, {
      host: 'private.localhost',
      headers: member.auth,
    });
    assert.equal(elsewhere.statusCode, 401, elsewhere.body);
    assert.equal((await t.get('/api/v5/me/', { host, headers: member.auth })).statusCode, 200);
    const res = await t.post('/api/v5/logout/all/', undefined, { host, headers: member.auth });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data, { detail: 'Se cerró tu sesión en todos los dispositivos.' });
    assert.equal((await t.get('/api/v5/me/', { host, headers: member.auth })).statusCode, 401);
    assert.equal(
      (await t.get('/api/v5/me/', { host, ...auth(second.data.token) })).statusCode,
      401,
    );
    assert.equal((await t.get('/api/v5/me/', { host, headers: other.auth })).statusCode, 200);
  });
});

describe('Google sign-in takes over an account whose email was never proven', () => {
  const idToken = (email: string) =>
    new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setSubject(`sub-${email}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(googleKey);

  test("the squatter's password and sessions end; the mailbox's owner signs in", async () => {
    const { host: gHost } = await makeTenant(t, 'google-sessions', {
      signin_methods: [
        { type: 'EMAIL', settings: {} },
        { type: 'GOOGLE', settings: { client_id: clientId } },
      ],
    });
    const squatter = await registerMember(t, gHost, { email: 'victim@gmail.com' });
    assert.equal(squatter.user.email_verified, false);
    const res = await t.post(
      '/api/v5/login/mobile/google/',
      { id_token: await idToken('victim@gmail.com') },
      { host: gHost },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.uid, squatter.user.uid);
    assert.equal(res.data.user.email_verified, true);
    assert.equal(res.data.user.has_password, false);
    assert.equal(await sessionMethodOf(res.data.token), 'google');
    assert.equal(
      (await t.get('/api/v5/me/', { host: gHost, headers: squatter.auth })).statusCode,
      401,
      "the squatter's session ended",
    );
    const login = await t.post(
      '/api/v5/login/',
      { email: 'victim@gmail.com', password: squatter.body.password },
      { host: gHost },
    );
    assert.equal(login.statusCode, 400, "the squatter's password no longer opens it");
  });

  test('a verified account keeps its password and sessions when its owner also uses Google', async () => {
    const gHost = 'google-sessions.test';
    const owner = await registerMember(t, gHost, { email: 'owner@gmail.com' });
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.uid, owner.user.uid)));
    const res = await t.post(
      '/api/v5/login/mobile/google/',
      { id_token: await idToken('owner@gmail.com') },
      { host: gHost },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.has_password, true);
    assert.equal(
      (await t.get('/api/v5/me/', { host: gHost, headers: owner.auth })).statusCode,
      200,
    );
  });
});

describe('password reset from a mailed link', () => {
  test('a wrong link is refused before any password is hashed, and the attempts are limited', async () => {
    const limited = await startTestApp({
      accounts: {
        rateLimits: {
          ...t.app.accounts.rateLimits,
          reset: {
            address: { max: 4, windowSeconds: 3600 },
            identity: { max: 100, windowSeconds: 3600 },
            identityTotal: { max: 100, windowSeconds: 3600 },
          },
        },
      },
    });
    try {
      const member = await registerMember(limited, host);
      const url = `/api/v5/me/reset_password/${member.user.uid}/not-the-token/`;
      const body = { password: 'Nueva clave 123', password_confirmation: 'Nueva clave 123' };
      // The password equal to the member's email breaks a rule only the account can tell; on a
      // bad link the link answers (404): nothing of the account is looked at, nothing hashed.
      const sameAsEmail = { password: member.body.email, password_confirmation: member.body.email };
      const weak = await limited.post(url, sameAsEmail, { host });
      assert.equal(weak.statusCode, 404, weak.body);
      assert.deepEqual(weak.data, { detail: 'El link ha expirado' });
      for (let i = 0; i < 3; i += 1)
        assert.equal((await limited.post(url, body, { host })).statusCode, 404);
      const blocked = await limited.post(url, body, { host });
      assert.equal(blocked.statusCode, 429, blocked.body);
      assert.ok(Number(blocked.headers['retry-after']) > 0);
    } finally {
      await limited.close();
    }
  });
});
