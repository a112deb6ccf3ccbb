import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { makeTenant, registerMember, startHttp } from './support/accounts';
import { mailOutbox, sessions, userIdentities, users } from '../src/db/schema';
import { tokenHash } from '../src/lib/secrets';
import { parseFacebookAppSecrets } from '../src/config';

/**
 * Sign-in with Facebook and Apple against local fakes of Apple's keys and Facebook's Graph API
 * (APPLE_KEYS_URL, FACEBOOK_GRAPH_URL). Every call comes from its own client address unless a
 * test says otherwise, so the small login limit set here bites only in the rate-limit test.
 */
let t: TestApp;
let appleKeys: Awaited<ReturnType<typeof startHttp>>;
let graph: Awaited<ReturnType<typeof startHttp>>;
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let appleKey: PrivateKey;
let strangerKey: PrivateKey;
/** Apple's key server answers 500 while this is set. */
let appleDown = false;
const graphCalls: URL[] = [];

const APPLE_CLIENT = 'pe.tienda.web';
const FB_APP = '1001';
const FB_SECRET = 'fb-secret';
const LOGIN_LIMIT = 6;

/** Facebook people of the fake Graph API, by user access token. */
const fbPeople: Record<string, { id: string; email?: string; first_name: string; app?: string }> = {
  'fb-ana': { id: '501', email: 'Ana@Example.com', first_name: 'Ana' },
  'fb-ana-renamed': { id: '501', email: 'ana.new@example.com', first_name: 'Ana' },
  'fb-bea': { id: '502', email: 'bea@example.com', first_name: 'Bea' },
  'fb-noemail': { id: '503', first_name: 'Nadie' },
  'fb-taken': { id: '504', email: 'taken@example.com', first_name: 'Tomás' },
  'fb-other-app': { id: '505', email: 'other@example.com', first_name: 'Otro', app: '2002' },
  'fb-limit': { id: '506', email: 'limit@example.com', first_name: 'Lía' },
};

before(async () => {
  const pair = await generateKeyPair('RS256');
  appleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'apple-1', alg: 'RS256', use: 'sig' };
  appleKeys = await startHttp((_req, _body, res) => {
    res.statusCode = appleDown ? 500 : 200;
    res.setHeader('content-type', 'application/json');
    res.end(appleDown ? '{"error":"down"}' : JSON.stringify({ keys: [jwk] }));
  });
  graph = await startHttp((req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.test');
    graphCalls.push(url);
    res.setHeader('content-type', 'application/json');
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/v21.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP}|${FB_SECRET}`)
        return send(400, { error: { code: 190, message: 'Invalid OAuth access token.' } });
      const input = url.searchParams.get('input_token') ?? '';
      if (input === 'fb-down') return send(500, { error: { code: 2, message: 'Service down' } });
      const person = fbPeople[input];
      if (!person)
        return send(200, { data: { is_valid: false, error: { code: 190, message: 'bad' } } });
      return send(200, {
        data: { app_id: person.app ?? FB_APP, is_valid: true, user_id: person.id },
      });
    }
    if (url.pathname === '/v21.0/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const proof = createHmac('sha256', FB_SECRET).update(token).digest('hex');
      const person = fbPeople[token];
      if (!person || url.searchParams.get('appsecret_proof') !== proof)
        return send(400, { error: { code: 190, message: 'Invalid appsecret_proof' } });
      return send(200, { ...person, last_name: 'Pérez', app: undefined });
    }
    send(404, { error: { code: 803 } });
  });
  t = await startTestApp({
    trustProxy: ['127.0.0.1'],
    accounts: {
      appleKeysUrl: appleKeys.url,
      facebookGraphUrl: `${graph.url}/v21.0`,
      facebookAppSecrets: { [FB_APP]: FB_SECRET },
      rateLimits: {
        ...generousRateLimits,
        login: {
          address: { max: LOGIN_LIMIT, windowSeconds: 600 },
          identity: { max: 1000, windowSeconds: 600 },
          identityTotal: { max: 1000, windowSeconds: 600 },
        },
      },
    },
  });
});
after(async () => {
  await t?.close();
  await appleKeys?.close();
  await graph?.close();
});

let addresses = 0;
/** A POST from a client address of its own (or the one given). */
function post(path: string, body: unknown, host: string, address?: string) {
  addresses += 1;
  return t.post(path, body, {
    host,
    headers: { 'x-forwarded-for': address ?? `198.51.100.${addresses % 250}` },
  });
}
const apple = (body: Record<string, unknown>, host: string, address?: string) =>
  post('/api/v5/login/mobile/apple/', body, host, address);
const facebook = (body: Record<string, unknown>, host: string, address?: string) =>
  post('/api/v5/login/mobile/facebook/', body, host, address);

function appleToken(
  claims: Record<string, unknown>,
  options: { key?: PrivateKey; audience?: string; issuer?: string; expires?: number | string } = {},
) {
  return new SignJWT({ email_verified: 'true', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'apple-1' })
    .setIssuer(options.issuer ?? 'https://appleid.apple.com')
    .setAudience(options.audience ?? APPLE_CLIENT)
    .setSubject(String(claims.sub ?? `apple-${String(claims.email)}`))
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(options.expires ?? '5m')
    .sign(options.key ?? appleKey);
}

async function sessionMethodOf(token: string) {
  const [row] = await t.db
    .select({ method: sessions.method })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)));
  return row?.method;
}

const socialMethods = [
  { type: 'EMAIL', settings: {} },
  { type: 'FACEBOOK', settings: { app_id: FB_APP } },
  { type: 'IOS', settings: { client_id: APPLE_CLIENT } },
];

describe('POST v5/login/mobile/apple/', () => {
  let host: string;
  before(async () => {
    ({ host } = await makeTenant(t, 'apple-app', { signin_methods: socialMethods }));
  });

  // First in the file: jose keeps Apple's keys once fetched, so the outage is shown before that.
  test("Apple's keys unreachable: 503 with a clear message and Retry-After, never a 500", async () => {
    appleDown = true;
    try {
      const res = await apple({ id_token: await appleToken({ email: 'x@icloud.com' }) }, host);
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(
        res.data.detail,
        'No pudimos comunicarnos con Apple. Inténtelo de nuevo en unos minutos.',
      );
      assert.deepEqual(res.errorCodes, {
        code: 'auth.provider_unavailable',
        params: { provider: 'Apple' },
      });
      assert.equal(res.headers['retry-after'], '60');
    } finally {
      appleDown = false;
    }
  });

  test('a valid token registers a verified member named as the browser says, then signs them in', async () => {
    const token = await appleToken({ email: 'Juan@privaterelay.appleid.com', sub: 'apple-juan' });
    const res = await apple(
      { id_token: token, first_name: ' Juan ', last_name: 'Quispe', influencer_uid: 'inf-apple' },
      host,
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.email, 'juan@privaterelay.appleid.com');
    assert.equal(res.data.user.email_verified, true);
    assert.equal(res.data.user.first_name, 'Juan');
    assert.equal(res.data.user.last_name, 'Quispe');
    assert.equal(res.data.user.has_password, false);
    assert.equal(res.data.merge, true);
    assert.equal(await sessionMethodOf(res.data.token), 'apple');
    const me = await t.get('/api/v5/me/', {
      host,
      headers: { authorization: `Token ${res.data.token}` },
    });
    assert.equal(me.statusCode, 200);
    const [stored] = await t.db.select().from(users).where(eq(users.uid, res.data.user.uid));
    assert.equal(stored.influencerUid, 'inf-apple');

    // Later sign-ins carry no name: the account is found by Apple's subject and keeps its names.
    const again = await apple({ id_token: token }, host);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.data.user.uid, res.data.user.uid);
    assert.equal(again.data.user.first_name, 'Juan');
  });

  test('two first sign-ins of the same person at once make one member', async () => {
    const token = await appleToken({ email: 'twice@icloud.com', sub: 'apple-twice' });
    const both = await Promise.all([
      apple({ id_token: token }, host),
      apple({ id_token: token }, host),
    ]);
    assert.deepEqual(
      both.map((r) => r.statusCode),
      [200, 200],
      both.map((r) => r.body).join('\n'),
    );
    assert.equal(both[0].data.user.uid, both[1].data.user.uid);
  });

  test('wrong audience, wrong issuer, expired, bad signature, unknown key or garbage: 400', async () => {
    const claims = { email: 'eve@icloud.com' };
    const cases: [string, string][] = [
      ['wrong audience', await appleToken(claims, { audience: 'com.someone.else' })],
      ['wrong issuer', await appleToken(claims, { issuer: 'https://accounts.google.com' })],
      ['expired', await appleToken(claims, { expires: Math.floor(Date.now() / 1000) - 60 })],
      ['bad signature', await appleToken(claims, { key: strangerKey })],
      [
        'unknown key',
        await new SignJWT({ ...claims, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid: 'not-apple' })
          .setIssuer('https://appleid.apple.com')
          .setAudience(APPLE_CLIENT)
          .setSubject('eve')
          .setExpirationTime('5m')
          .sign(strangerKey),
      ],
      ['garbage', 'not.a.jwt'],
    ];
    for (const [name, id_token] of cases) {
      const res = await apple({ id_token }, host);
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      assert.deepEqual(res.data, { id_token: ['No se pudo validar tu cuenta de Apple.'] }, name);
    }
    const [eve] = await t.db.select().from(users).where(eq(users.email, 'eve@icloud.com'));
    assert.equal(eve, undefined);
  });

  test('an email Apple does not mark verified, or none, is refused', async () => {
    for (const claims of [{ email: 'u@icloud.com', email_verified: 'false' }, { sub: 'no-mail' }]) {
      const res = await apple({ id_token: await appleToken(claims) }, host);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data, {
        id_token: ['Tu cuenta de Apple no tiene un correo verificado.'],
      });
    }
  });

  test("Apple's verified email reaches the member's existing account; an unproven one is taken over", async () => {
    const verified = await registerMember(t, host, { email: 'owner@icloud.com' });
    await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.uid, verified.user.uid));
    const res = await apple({ id_token: await appleToken({ email: 'owner@icloud.com' }) }, host);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.uid, verified.user.uid);
    assert.equal(res.data.user.has_password, true, 'a verified account keeps its password');
    assert.equal((await t.get('/api/v5/me/', { host, headers: verified.auth })).statusCode, 200);

    // A squatter who registered someone's address (and linked their Facebook to it) loses it all.
    const squatter = await registerMember(t, host, { email: 'bea@example.com' });
    await t.db.insert(userIdentities).values({
      appId: (await t.appOf(host)).uid,
      provider: 'facebook',
      subject: '999',
      userUid: squatter.user.uid,
    });
    const takeover = await apple(
      { id_token: await appleToken({ email: 'bea@example.com' }) },
      host,
    );
    assert.equal(takeover.statusCode, 200, takeover.body);
    assert.equal(takeover.data.user.uid, squatter.user.uid);
    assert.equal(takeover.data.user.has_password, false);
    assert.equal((await t.get('/api/v5/me/', { host, headers: squatter.auth })).statusCode, 401);
    const links = await t.db
      .select({ provider: userIdentities.provider })
      .from(userIdentities)
      .where(eq(userIdentities.userUid, squatter.user.uid));
    assert.deepEqual(links, [{ provider: 'apple' }], "the squatter's Facebook link ended");
  });

  test('a store without the IOS method, or with sign-up closed, refuses', async () => {
    const token = await appleToken({ email: 'nobody@icloud.com' });
    const plain = await apple({ id_token: token }, 'localhost');
    assert.equal(plain.statusCode, 400);
    assert.deepEqual(plain.data, {
      non_field_errors: ['Este método de ingreso no está habilitado.'],
    });
    const { host: closed } = await makeTenant(t, 'apple-closed', {
      signin_methods: socialMethods,
      allow_signup: false,
    });
    const refused = await apple({ id_token: token }, closed);
    assert.equal(refused.statusCode, 403, refused.body);
    const empty = await apple({ id_token: '' }, host);
    assert.equal(empty.statusCode, 400);
    assert.ok(Array.isArray(empty.data.id_token));
  });
});

describe('POST v5/login/mobile/facebook/', () => {
  let host: string;
  before(async () => {
    ({ host } = await makeTenant(t, 'facebook-app', { signin_methods: socialMethods }));
  });

  test('a valid token registers a member whose email still needs the mailed check; the app secret stays on the server', async () => {
    graphCalls.length = 0;
    const res = await facebook({ access_token: 'fb-ana' }, host);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.user.email, 'ana@example.com');
    assert.equal(res.data.user.first_name, 'Ana');
    assert.equal(res.data.user.last_name, 'Pérez');
    assert.equal(res.data.user.email_verified, false, 'Facebook does not vouch for the address');
    assert.equal(await sessionMethodOf(res.data.token), 'facebook');
    assert.ok(!res.body.includes(FB_SECRET));
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ana@example.com'));
    assert.equal(mails.length, 1, 'a verification mail was sent');
    // debug_token with the app token, then /me with the user's token and the app secret proof.
    assert.deepEqual(
      graphCalls.map((u) => u.pathname),
      ['/v21.0/debug_token', '/v21.0/me'],
    );

    // The Facebook account, not its email, finds the member: a changed address still signs in.
    const again = await facebook({ access_token: 'fb-ana-renamed' }, host);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.data.user.uid, res.data.user.uid);
  });

  test('a token of another Facebook app, or one Facebook says is not valid, is refused', async () => {
    for (const access_token of ['fb-other-app', 'fb-expired-or-forged']) {
      const res = await facebook({ access_token }, host);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.data, {
        access_token: ['No se pudo validar tu cuenta de Facebook.'],
      });
    }
    const [other] = await t.db.select().from(users).where(eq(users.email, 'other@example.com'));
    assert.equal(other, undefined);
  });

  test("Facebook's email never opens an existing account; none at all cannot register", async () => {
    const owner = await registerMember(t, host, { email: 'taken@example.com' });
    const res = await facebook({ access_token: 'fb-taken' }, host);
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.data, {
      access_token: [
        'Ya existe una cuenta con este correo: ingresa como lo hiciste al registrarte.',
      ],
    });
    const links = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userUid, owner.user.uid));
    assert.equal(links.length, 0);

    const none = await facebook({ access_token: 'fb-noemail' }, host);
    assert.equal(none.statusCode, 400, none.body);
    assert.deepEqual(none.data, {
      access_token: ['Tu cuenta de Facebook no comparte un correo electrónico.'],
    });
  });

  test('Facebook down, or the server without the app secret: 503 with a clear message', async () => {
    const down = await facebook({ access_token: 'fb-down' }, host);
    assert.equal(down.statusCode, 503, down.body);
    assert.equal(
      down.data.detail,
      'No pudimos comunicarnos con Facebook. Inténtelo de nuevo en unos minutos.',
    );
    const { host: unknownApp } = await makeTenant(t, 'facebook-nosecret', {
      signin_methods: [{ type: 'FACEBOOK', settings: { app_id: '3003' } }],
    });
    const noSecret = await facebook({ access_token: 'fb-bea' }, unknownApp);
    assert.equal(noSecret.statusCode, 503, noSecret.body);
  });

  test('a store without the FACEBOOK method refuses', async () => {
    const res = await facebook({ access_token: 'fb-bea' }, 'localhost');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      non_field_errors: ['Este método de ingreso no está habilitado.'],
    });
  });

  test('sign-ins are rate limited per address like the other logins', async () => {
    const results = [];
    for (let i = 0; i <= LOGIN_LIMIT; i += 1)
      results.push(await facebook({ access_token: 'fb-limit' }, host, '203.0.113.9'));
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [...Array(LOGIN_LIMIT).fill(200), 429],
    );
    assert.ok(results[LOGIN_LIMIT].headers['retry-after']);
    const other = await apple(
      { id_token: await appleToken({ email: 'x@y.pe' }) },
      host,
      '203.0.113.9',
    );
    assert.equal(other.statusCode, 429, 'the limit is shared with every sign-in of the address');
  });
});

describe('tenant isolation of provider accounts', () => {
  test('the same Apple and Facebook accounts on two stores are two members, each its own', async () => {
    const { host: one } = await makeTenant(t, 'social-one', { signin_methods: socialMethods });
    const { host: two } = await makeTenant(t, 'social-two', { signin_methods: socialMethods });
    const token = await appleToken({ email: 'both@icloud.com', sub: 'apple-both' });
    const first = await apple({ id_token: token }, one);
    const second = await apple({ id_token: token }, two);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.statusCode, 200, second.body);
    assert.notEqual(first.data.user.uid, second.data.user.uid);
    const fbOne = await facebook({ access_token: 'fb-bea' }, one);
    const fbTwo = await facebook({ access_token: 'fb-bea' }, two);
    assert.equal(fbOne.statusCode, 200, fbOne.body);
    assert.notEqual(fbOne.data.user.uid, fbTwo.data.user.uid);
    // A session of one store is nobody on the other.
    const crossed = await t.get('/api/v5/me/', {
      host: two,
      headers: { authorization: `Token ${first.data.token}` },
    });
    assert.equal(crossed.statusCode, 401);
  });
});

describe('FACEBOOK_APP_SECRETS', () => {
  test('appId:secret pairs; a malformed entry stops the start', () => {
    assert.deepEqual(parseFacebookAppSecrets(' 1001:abc:def , 2002:xyz '), {
      '1001': 'abc:def',
      '2002': 'xyz',
    });
    assert.deepEqual(parseFacebookAppSecrets(undefined), {});
    assert.throws(() => parseFacebookAppSecrets('1001'));
    assert.throws(() => parseFacebookAppSecrets('app:secret'));
  });
});
