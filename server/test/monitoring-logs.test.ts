import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { logRedaction } from '../src/lib/log-redaction';
import { startTestApp, type TestApp } from './support/test-app';
import { startSmtp } from './support/accounts';
import {
  billing,
  firstSlot,
  goodCard,
  makeShop,
  STAFF_PASSWORD,
  type Shop,
} from './support/orders';

/**
 * What the server writes to its log, captured as a deployment's log shipper would read it
 * (main.ts's logger options: the level and pino's redact paths), at the most verbose level.
 */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;

before(async () => {
  // Mails go out by SMTP, as in production (without SMTP_URL the demo prints them in the log).
  smtp = await startSmtp();
  t = await startTestApp({
    accounts: { smtpUrl: smtp.url },
    logger: {
      level: 'trace',
      redact: logRedaction,
      stream: {
        write: (line: string) => {
          raw.push(line);
          lines.push(JSON.parse(line));
        },
      },
    },
  });
  shop = await makeShop(t, 'logs-shop', { stock: 10 });
  member = await shop.member();
});
after(async () => {
  await t?.close();
  await smtp?.close();
});

const accessLines = () => lines.filter((l) => l.msg === 'request');

describe('the log', () => {
  test('has one access line per request, with request id, tenant and member uids, never the email', async () => {
    const from = accessLines().length;
    const res = await t.get('/api/v5/me/', { host: shop.host, headers: member.auth });
    assert.equal(res.statusCode, 200, res.body);
    const mine = accessLines().slice(from);
    assert.equal(mine.length, 1, JSON.stringify(mine));
    const [line] = mine;
    assert.equal(line.level, 30, 'info by default');
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/api/v5/me/');
    assert.equal(line.route, '/api/v5/me/');
    assert.equal(line.status, 200);
    assert.equal(line.tenant, shop.app.uid);
    assert.equal(line.user, member.user.uid);
    assert.equal(typeof line.reqId, 'string');
    assert.equal(typeof line.ms, 'number');
    // Fastify's own "incoming request" / "request completed" pair is gone.
    assert.ok(!lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed'));
    const withEmail = raw.filter((l) => l.includes(member.body.email as string));
    assert.deepEqual(withEmail, [], 'an email reached the log');
  });

  test('leaves the query string out of the access line', async () => {
    const from = accessLines().length;
    await t.get('/api/v7/apps/?domain=logs-shop.test&token=secret-in-query', {
      host: shop.host,
    });
    const [line] = accessLines().slice(from);
    assert.equal(line.path, '/api/v7/apps/');
    assert.ok(!raw.join('').includes('secret-in-query'));
  });

  test('never holds a password, a session token, an authorization header or a card token', async () => {
    const password = member.body.password as string;
    const login = await t.post(
      '/api/v5/login/',
      { email: member.body.email, password },
      { host: shop.host },
    );
    assert.equal(login.statusCode, 200, login.body);
    const wrong = await t.post(
      '/api/v5/login/',
      { email: member.body.email, password: 'Wrong-Password-77' },
      { host: shop.host },
    );
    assert.equal(wrong.statusCode, 400, wrong.body);
    const order = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: await firstSlot(t, shop),
        products: [shop.cakeLine(1)],
        expected_total: '10.00',
        payment_method: shop.online,
        card: goodCard,
        billing,
      },
      { host: shop.host, headers: { authorization: `Token ${login.data.token}` } },
    );
    assert.equal(order.statusCode, 201, order.body);
    // Whatever a handler or a plugin may log about a request or a payment is censored too.
    t.app.log.error(
      {
        req: { headers: { authorization: `Token ${login.data.token}` } },
        body: { password, card: goodCard },
        payment: { token: goodCard.token, accessToken: 'APP_USR-secret' },
      },
      'a failure logging what it was given',
    );
    const text = raw.join('');
    for (const secret of [
      password,
      'Wrong-Password-77',
      login.data.token,
      member.token,
      goodCard.token,
      'APP_USR-secret',
    ])
      assert.ok(!text.includes(secret), `the log holds ${secret.slice(0, 6)}…`);
    assert.match(text, /\[redacted\]/);
  });
});

describe('link tokens and coupon codes', () => {
  /** The path of a mailed link to the tenant, and the token (or code) at its end. */
  const linkOf = (link: string) => {
    const path = new URL(link).pathname;
    return { path, secret: path.split('/').filter(Boolean).at(-1)! };
  };

  test('never reach the log: link pages, their API calls (right or wrong method) and coupon codes', async () => {
    const links = await makeShop(t, 'logs-links', {
      staff: true,
      coupons: [{ key: 'secret', code: 'CLAVE2026SECRETA', kind: 'AMOUNT', value: '1.00' }],
    });
    const host = links.host;
    const m = await links.member();
    const app = links.app.uid;
    const user = m.user.uid as string;
    const owner = await t.post(
      '/api/v5/login/',
      { email: `owner@${host}`, password: STAFF_PASSWORD },
      { host },
    );
    assert.equal(owner.statusCode, 200, owner.body);
    const ownerAuth = { authorization: `Token ${owner.data.token}` };

    // The four mailed links: verification (sent on sign-up), reset, deletion, staff invitation.
    const verification = linkOf(
      (await smtp.waitFor(m.body.email as string, /Confirma tu correo/)).links[0],
    );
    await t.post('/api/v5/me/reset_password/', { email: m.body.email }, { host });
    const reset = linkOf((await smtp.waitFor(m.body.email as string, /Restablece/)).links[0]);
    await t.post('/api/v5/delete-account/', {}, { host, headers: m.auth });
    const deletion = linkOf((await smtp.waitFor(m.body.email as string, /eliminación/)).links[0]);
    const invited = await t.post(
      '/api/v5/staff/invitations/',
      { email: 'invitada.log@example.com', role: 'STAFF', place_uids: [] },
      { host, headers: ownerAuth },
    );
    assert.equal(invited.statusCode, 201, invited.body);
    const invitation = linkOf((await smtp.waitFor('invitada.log@example.com', /equipo/)).links[0]);
    const invitationUid = invited.data.uid as string;
    const code = 'CLAVE2026SECRETA';
    const secrets = [verification.secret, reset.secret, deletion.secret, invitation.secret, code];
    for (const secret of secrets) assert.ok(secret.length >= 16, secret);

    const from = accessLines().length;
    const calls: [string, string, unknown?][] = [
      // The pages the mails open (the web app's, answered by the page shell when built).
      ['GET', verification.path],
      ['GET', reset.path],
      ['GET', deletion.path],
      ['GET', `/socio${deletion.path}`],
      ['GET', invitation.path],
      ['GET', `/company/${links.place}/code/${code}/`],
      ['GET', `/c/${links.place}/company/${links.place}/code/${code}`],
      // The API calls those pages make.
      ['GET', `/api/v5/verification-email/${app}/${user}/${verification.secret}/`],
      ['GET', `/api/v5/me/delete/${user}/${deletion.secret}/`],
      ['GET', `/api/v5/me/delete/${user}/${deletion.secret}/list-members-programs/?page=1`],
      ['GET', `/api/v5/socio/me/delete/${app}/${user}/${deletion.secret}/`],
      ['GET', `/api/v5/invitations/${invitationUid}/${invitation.secret}/`],
      ['POST', `/api/v5/invitations/${invitationUid}/${invitation.secret}/accept/`, {}],
      ['GET', `/api/v5/companies/${links.place}/validate-code/${code}/`],
      [
        'POST',
        `/api/v5/me/reset_password/${user}/${reset.secret}/`,
        { password: 'Otra-Clave-2026', password_confirmation: 'Otra-Clave-2026' },
      ],
      // The same paths asked with a method they do not take: no route, still no token.
      ['GET', `/api/v5/me/reset_password/${user}/${reset.secret}/`],
      ['PUT', `/api/v5/invitations/${invitationUid}/${invitation.secret}/accept/`, {}],
      ['POST', `/api/v5/verification-email/${app}/${user}/${verification.secret}/`, {}],
      ['GET', `/api/v5/companies/${links.place}/validate-code/${code}/more/`],
      ['DELETE', `/api/v5/me/delete/${user}/${deletion.secret}/`],
    ];
    for (const [method, url, body] of calls)
      await t.app.inject({
        method: method as 'GET',
        url,
        headers: { host, ...(method === 'POST' ? m.auth : {}) },
        ...(body ? { payload: body as Record<string, unknown> } : {}),
      });
    const mine = accessLines().slice(from);
    assert.equal(mine.length, calls.length, JSON.stringify(mine));
    const text = raw.join('');
    for (const secret of secrets)
      assert.ok(
        !text.includes(secret),
        `the log holds ${secret.slice(0, 6)}… ${text.slice(-2000)}`,
      );
    // What stays says which link it was, and whose: the uids, the pattern of the token's place.
    const paths = mine.map((l) => l.path);
    assert.equal(paths[1], `/reset-password/${user}/:token`);
    assert.equal(paths[5], `/company/${links.place}/code/:code/`);
    assert.equal(paths[7], `/api/v5/verification-email/${app}/${user}/:token/`);
    assert.equal(mine[7].route, '/api/v5/verification-email/:uidApp/:uidUser/:token/');
    assert.equal(paths[13], `/api/v5/companies/${links.place}/validate-code/:code/`);
  });
});

describe('ACCESS_LOG_LEVEL', () => {
  test('a level below the logger level writes no access line; silent writes none at all', async () => {
    for (const accessLogLevel of ['debug', 'silent'] as const) {
      const seen: string[] = [];
      const quiet = await startTestApp({
        seedDemo: false,
        logger: { level: 'info', stream: { write: (line: string) => void seen.push(line) } },
        more: { accessLogLevel },
      });
      try {
        const from = seen.length;
        await quiet.get('/api/health');
        assert.deepEqual(seen.slice(from), [], accessLogLevel);
      } finally {
        await quiet.close();
      }
    }
  });
});
