import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { apps } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

/**
 * The tenant's access switches, enforced by the API: a private store (allow_anonymous_navigation
 * false) answers visitors 401 outside sign-in, recovery, links and the app answer; a store in
 * maintenance refuses writes with 503 while the app answer (its maintenance screen) still loads.
 * Café Aurora (localhost) is switched to private or maintenance in this file's own database.
 */
let t: TestApp;
let company: string;
let place: string;
before(async () => {
  t = await startTestApp();
  company = (await t.appOf('localhost')).company.uid;
  place = (await t.get(`/api/v7/places/?company=${company}`)).data.results[0].uid;
});
after(() => t?.close());

async function setApp(values: Partial<typeof apps.$inferInsert>) {
  await t.db.update(apps).set(values).where(eq(apps.domain, 'localhost'));
}

const memberCalls = () => [
  `/api/v7/places/?company=${company}`,
  `/api/v7/places/${place}/products/`,
  `/api/v7/places/${place}/product-categories/`,
  `/api/v7/products/?company=${company}`,
  `/api/v7/company/${company}/product-categories/`,
  `/api/v7/areas/?company=${company}`,
  '/api/v5/programs/',
];

describe('a private store', () => {
  before(() => setApp({ allowAnonymousNavigation: false }));
  after(() => setApp({ allowAnonymousNavigation: true }));

  test('answers a visitor 401 for its places, products, categories, areas and programs', async () => {
    for (const url of memberCalls()) {
      const res = await t.get(url);
      assert.equal(res.statusCode, 401, url);
      assert.equal(res.data.detail, 'Las credenciales de autenticación no se proveyeron.');
    }
    const app = await t.appOf('localhost');
    for (const url of [
      `/api/v7/categories/?app=${app.uid}`,
      `/api/v7/apps/${app.uid}/allowed-companies/`,
      `/api/v5/companies/${company}/ads`,
    ])
      assert.equal((await t.get(url)).statusCode, 401, url);
  });

  test('keeps open what the login screen needs: the app answer, landing, sign-in, sign-up, recovery, links', async () => {
    const app = await t.appOf('localhost');
    assert.equal(app.allow_anonymous_navigation, false);
    assert.equal((await t.get(`/api/v7/apps/${app.uid}/`)).statusCode, 200);
    assert.notEqual((await t.get(`/api/v7/apps/${app.uid}/landing/`)).statusCode, 401);
    assert.equal((await t.get('/api/health')).statusCode, 200);
    const member = await registerMember(t, 'localhost');
    assert.equal(
      (
        await t.post('/api/v5/login/', {
          email: member.body.email,
          password: member.body.password,
        })
      ).statusCode,
      200,
    );
    assert.equal(
      (
        await t.post('/api/v5/validate/', {
          document_type: 'NATIONAL_ID',
          document_number: '49999999',
        })
      ).statusCode,
      201,
    );
    assert.equal(
      (await t.post('/api/v5/me/reset_password/', { email: member.body.email })).statusCode,
      200,
    );
    const link = `/api/v5/verification-email/${app.uid}/00000000-0000-4000-8000-000000000000/${'x'.repeat(43)}/`;
    assert.equal((await t.get(link)).statusCode, 404, 'an expired link, not a 401');
    assert.equal(
      (await t.get(`/api/v5/me/delete/00000000-0000-4000-8000-000000000000/${'x'.repeat(43)}/`))
        .statusCode,
      404,
    );
  });

  test('a member gets the catalogue', async () => {
    const member = await registerMember(t, 'localhost');
    for (const url of memberCalls())
      assert.equal((await t.get(url, { headers: member.auth })).statusCode, 200, url);
  });

  test('a stale or foreign token is no session', async () => {
    const res = await t.get(`/api/v7/places/?company=${company}`, {
      headers: { authorization: `Token ${'y'.repeat(43)}` },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('the demo private store (private.localhost)', () => {
  test('visitors get 401 on its lists; its member gets them', async () => {
    const app = await t.appOf('private.localhost');
    const host = 'private.localhost';
    const lists = [
      `/api/v7/places/?company=${app.company.uid}`,
      `/api/v7/products/?company=${app.company.uid}`,
      '/api/v5/programs/',
    ];
    for (const url of lists) assert.equal((await t.get(url, { host })).statusCode, 401, url);
    const login = await t.post(
      '/api/v5/login/',
      { email: 'socio@clubandino.pe', password: 'Andino2026!' },
      { host },
    );
    assert.equal(login.statusCode, 200);
    const auth = { authorization: `Token ${login.data.token}` };
    for (const url of lists)
      assert.equal((await t.get(url, { host, headers: auth })).statusCode, 200, url);
  });
});

describe('a store in maintenance', () => {
  let member: Awaited<ReturnType<typeof registerMember>>;
  before(async () => {
    member = await registerMember(t, 'localhost');
    await setApp({ maintenance: true });
  });
  after(() => setApp({ maintenance: false }));

  test('still answers the app (so the web shows its maintenance screen) and reads', async () => {
    const app = await t.appOf('localhost');
    assert.equal(app.features.maintenance, true);
    assert.equal((await t.get(`/api/v7/places/?company=${company}`)).statusCode, 200);
    assert.equal((await t.get('/api/v5/me/', { headers: member.auth })).statusCode, 200);
  });

  test('refuses writes with 503 and a clear message: sign-up, login, cart, orders, profile', async () => {
    const writes: [string, string, unknown, Record<string, string>?][] = [
      ['POST', '/api/v5/register/', { email: 'new@example.com' }],
      ['POST', '/api/v5/login/', { email: member.body.email, password: member.body.password }],
      ['POST', '/api/v5/me/reset_password/', { email: member.body.email }],
      ['POST', `/api/v5/me/shopping-cart/?place=${place}`, { products: [] }, member.auth],
      ['POST', `/api/v5/places/${place}/orders/`, {}, member.auth],
      ['PATCH', '/api/v5/me/', { first_name: 'Otra' }, member.auth],
    ];
    for (const [method, url, body, headers] of writes) {
      const res = await t.call(method as 'POST', url, { body, headers });
      assert.equal(res.statusCode, 503, `${method} ${url}`);
      assert.equal(res.data.detail, 'Estamos en mantenimiento. Inténtelo de nuevo más tarde.');
      assert.ok(Number(res.headers['retry-after']) > 0);
    }
    assert.equal(
      (await t.get('/api/v5/me/', { headers: member.auth })).data.first_name,
      member.body.first_name,
      'nothing was written',
    );
  });

  test('logging out still works', async () => {
    const other = await t.post('/api/v5/logout/', undefined, { headers: member.auth });
    assert.ok(other.statusCode < 300, String(other.statusCode));
  });
});

describe('public catalogue answers and caches', () => {
  let cached: TestApp;
  before(async () => {
    cached = await startTestApp({ publicCacheSeconds: 60 });
  });
  after(() => cached?.close());

  test('say Vary: API-KEY, whether served fresh or from the micro-cache', async () => {
    const url = `/api/v7/places/${place}/products/?page_size=3`;
    const first = await cached.get(url);
    const second = await cached.get(url);
    assert.equal(first.headers['x-cache'], 'miss');
    assert.equal(second.headers['x-cache'], 'hit');
    for (const res of [first, second]) {
      assert.match(String(res.headers.vary), /API-KEY/i);
      assert.match(String(res.headers['cache-control']), /^public/);
    }
  });

  test("a private store's member answers are never kept nor marked public", async () => {
    await cached.db
      .update(apps)
      .set({ allowAnonymousNavigation: false })
      .where(eq(apps.domain, 'localhost'));
    const member = await registerMember(cached, 'localhost');
    for (const url of memberCalls()) {
      const res = await cached.get(url, { headers: member.auth });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['x-cache'], undefined, `${url}: not kept for anyone`);
      assert.doesNotMatch(String(res.headers['cache-control'] ?? ''), /public/);
    }
    for (const url of memberCalls()) assert.equal((await cached.get(url)).statusCode, 401, url);
  });

  test('paging links name the tenant, not a forged X-Forwarded-Proto / -Host', async () => {
    const behind = await startTestApp({ trustProxy: ['127.0.0.1'], publicCacheSeconds: 60 });
    try {
      const url = `/api/v7/places/${place}/products/?page_size=1`;
      const forged = await behind.get(url, {
        headers: {
          'x-forwarded-proto': 'https://evil.example/c?t=',
          'x-forwarded-host': 'localhost',
        },
      });
      assert.equal(forged.statusCode, 200);
      assert.equal(new URL(forged.data.next).origin, 'http://localhost');
      const next = await behind.get(url);
      assert.equal(next.headers['x-cache'], 'hit');
      assert.doesNotMatch(next.body, /evil/);
    } finally {
      await behind.close();
    }
  });
});
