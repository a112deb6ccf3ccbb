import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { logRedaction } from '../src/lib/log-redaction';
import { startTestApp, type TestApp } from './support/test-app';
import { startSmtp } from './support/accounts';
import { billing, firstSlot, goodCard, makeShop, type Shop } from './support/orders';

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
