import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc } from 'drizzle-orm';
import { clientErrors } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { testClock } from './support/clock';

// POST v5/client-errors/: the web app's reports of errors met in browsers, stored with the
// host's tenant, the member of the session, the page and the build; limited per address and
// per tenant.
const clock = testClock();
let t: TestApp;
let address = 0;
/** A fresh client address per call site, so the per-address limit of one test leaves the others alone. */
const nextAddress = () => `198.51.100.${++address}`;

before(async () => {
  t = await startTestApp({
    clock: clock.now,
    accounts: {
      clientErrorLimits: {
        address: { max: 3, windowSeconds: 300 },
        tenant: { max: 6, windowSeconds: 300 },
      },
    },
  });
});
after(() => t?.close());

const report = (overrides: Record<string, unknown> = {}) => ({
  kind: 'render',
  message: 'Cannot read properties of undefined (reading "price")',
  stack: 'TypeError: Cannot read properties of undefined\n    at ProductCard (/assets/a.js:1:2)',
  component_stack: '\n    at ProductCard\n    at ProductGrid',
  page: '/products',
  build: 'abc1234',
  ...overrides,
});

async function stored() {
  return t.db.select().from(clientErrors).orderBy(desc(clientErrors.createdAt));
}

test('a report is stored with the host tenant, the member, the page, the build and the browser, and nothing comes back', async () => {
  clock.startWindow(300);
  const app = await t.appOf('localhost');
  const member = await registerMember(t, 'localhost');
  const res = await t.post('/api/v5/client-errors/', report(), {
    headers: { ...member.auth, 'user-agent': 'Mozilla/5.0 (e2e) Chrome/140' },
    remoteAddress: nextAddress(),
  });
  assert.equal(res.statusCode, 204, res.body);
  assert.equal(res.body, '');
  const [row] = await stored();
  assert.equal(row.appId, app.uid);
  assert.equal(row.userUid, member.user.uid);
  assert.equal(row.kind, 'render');
  assert.equal(row.pagePath, '/products');
  assert.equal(row.buildId, 'abc1234');
  assert.equal(row.userAgent, 'Mozilla/5.0 (e2e) Chrome/140');
  assert.match(row.stack ?? '', /at ProductCard/);
  assert.match(row.componentStack ?? '', /ProductGrid/);
  assert.ok(Math.abs(row.createdAt.getTime() - clock.now().getTime()) < 5000);

  // Anonymous visitors report too, on a private store as well (its login page can break).
  const privateApp = await t.appOf('private.localhost');
  const anonymous = await t.post('/api/v5/client-errors/', report({ kind: 'error' }), {
    host: 'private.localhost',
    remoteAddress: nextAddress(),
  });
  assert.equal(anonymous.statusCode, 204, anonymous.body);
  const [last] = await stored();
  assert.equal(last.appId, privateApp.uid);
  assert.equal(last.userUid, null);
});

test('message, stacks and page are cut to their stored lengths; link tokens in the path are not kept', async () => {
  clock.startWindow(300);
  const res = await t.post(
    '/api/v5/client-errors/',
    report({
      message: 'x'.repeat(5000),
      stack: 's'.repeat(20000),
      page: '/reset-password/0b6f7c1e-8d0a-4e1b-9f3c-2a5d4e6f7a8b/Zk3v9Qx_2mP7rT4wY8uB1nC6eH0jL5sA',
    }),
    { remoteAddress: nextAddress() },
  );
  assert.equal(res.statusCode, 204, res.body);
  const [row] = await stored();
  assert.equal(row.message.length, 1000);
  assert.equal(row.stack?.length, 8000);
  assert.equal(row.pagePath, '/reset-password/0b6f7c1e-8d0a-4e1b-9f3c-2a5d4e6f7a8b/:token');
});

test('a bad body is a 400 with its field errors, and stores nothing', async () => {
  clock.startWindow(300);
  const before = (await stored()).length;
  const res = await t.post(
    '/api/v5/client-errors/',
    { kind: 'oops', message: '  ', page: 'https://evil.example/x?token=1', build: 'a b' },
    { remoteAddress: nextAddress() },
  );
  assert.equal(res.statusCode, 400, res.body);
  for (const field of ['kind', 'message', 'page', 'build'])
    assert.ok(Array.isArray(res.data[field]) && res.data[field].length, `${field}: ${res.body}`);
  assert.ok(res.errorCodes?.codes?.kind?.length, 'field errors carry codes');
  // The query string is no part of a page: it may hold a token.
  const query = await t.post('/api/v5/client-errors/', report({ page: '/products?token=1' }), {
    remoteAddress: nextAddress(),
  });
  assert.equal(query.statusCode, 400);
  assert.ok(query.data.page);
  const unknownField = await t.post('/api/v5/client-errors/', report({ email: 'a@b.pe' }), {
    remoteAddress: nextAddress(),
  });
  assert.equal(unknownField.statusCode, 400);
  assert.equal((await stored()).length, before);
});

test('a body over 32 KB is refused before it is read', async () => {
  clock.startWindow(300);
  const res = await t.post('/api/v5/client-errors/', report({ stack: 'y'.repeat(40 * 1024) }), {
    remoteAddress: nextAddress(),
  });
  assert.equal(res.statusCode, 413, res.body);
  assert.equal(typeof res.data.detail, 'string');
});

test('limited per address (429 with Retry-After), and per tenant across addresses', async () => {
  clock.startWindow(300);
  const one = nextAddress();
  for (let i = 0; i < 3; i += 1) {
    const res = await t.post('/api/v5/client-errors/', report(), { remoteAddress: one });
    assert.equal(res.statusCode, 204, res.body);
  }
  const refused = await t.post('/api/v5/client-errors/', report(), { remoteAddress: one });
  assert.equal(refused.statusCode, 429, refused.body);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.equal(typeof refused.data.detail, 'string');
  // Another store is counted apart.
  const other = await t.post('/api/v5/client-errors/', report(), {
    host: 'multi.localhost',
    remoteAddress: one,
  });
  assert.equal(other.statusCode, 204, other.body);
  // The store's ceiling (6) across addresses: the refused one above did not count toward it.
  for (let i = 0; i < 3; i += 1) {
    const res = await t.post('/api/v5/client-errors/', report(), { remoteAddress: nextAddress() });
    assert.equal(res.statusCode, 204, `report ${i + 4}: ${res.body}`);
  }
  const ceiling = await t.post('/api/v5/client-errors/', report(), {
    remoteAddress: nextAddress(),
  });
  assert.equal(ceiling.statusCode, 429, ceiling.body);
  // A new window, a new count.
  clock.startWindow(300);
  const later = await t.post('/api/v5/client-errors/', report(), { remoteAddress: one });
  assert.equal(later.statusCode, 204, later.body);
});
