import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../src/app';
import { importTenant } from '../src/tenants/importer';
import { testClock } from './support/clock';
import { openTestDatabase } from './support/test-app';

// The per-process tenant look-up (TENANT_CACHE_SECONDS): never one host's
// tenant for another, API-KEYs still checked, and an import seen after the TTL.

const TTL_SECONDS = 1;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const clock = testClock();

function tenant(key: string, domain: string) {
  return {
    app: {
      key,
      name: `App ${key}`,
      domain,
      main_company: 'main',
      api_key: `${key}-api-key-0123456789`,
    },
    companies: [{ key: 'main', name: `Company ${key}` }],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      { key: 'p', company: 'main', area: 'lima', name: `Place of ${key}`, address: 'Av. 1' },
    ],
  };
}

const placesOf = async (host: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v7/places/',
    headers: { host, ...headers },
  });
  return {
    status: res.statusCode,
    names:
      res.statusCode === 200 ? (res.json().results as { name: string }[]).map((p) => p.name) : [],
  };
};

before(async () => {
  db = await openTestDatabase();
  await importTenant(db.db, tenant('alpha', 'alpha.test'));
  await importTenant(db.db, tenant('beta', 'beta.test'));
  app = await buildApp({
    db: db.db,
    dbKind: db.kind,
    tenantCacheSeconds: TTL_SECONDS,
    clock: clock.now,
  });
  await app.ready();
});
after(async () => {
  await app?.close();
  await db?.close();
});

test('each host keeps its own tenant, however the calls interleave', async () => {
  for (let i = 0; i < 3; i++) {
    assert.deepEqual(await placesOf('alpha.test'), { status: 200, names: ['Place of alpha'] });
    assert.deepEqual(await placesOf('beta.test'), { status: 200, names: ['Place of beta'] });
    assert.equal((await placesOf('gamma.test')).status, 404, 'an unknown host names no tenant');
  }
});

test('a remembered host still refuses an API-KEY of another app, and a key alone names its own app', async () => {
  await placesOf('alpha.test');
  assert.equal(
    (await placesOf('alpha.test', { 'api-key': 'beta-api-key-0123456789' })).status,
    403,
  );
  assert.deepEqual(await placesOf('alpha.test', { 'api-key': 'alpha-api-key-0123456789' }), {
    status: 200,
    names: ['Place of alpha'],
  });
  assert.deepEqual(await placesOf('127.0.0.1', { 'api-key': 'beta-api-key-0123456789' }), {
    status: 200,
    names: ['Place of beta'],
  });
  assert.equal(
    (await placesOf('127.0.0.1', { 'api-key': 'unknown-api-key-0123456789' })).status,
    403,
  );
});

test('a tenant imported or moved to another domain is seen once the lifetime has passed', async () => {
  assert.equal((await placesOf('delta.test')).status, 404);
  await importTenant(db.db, tenant('delta', 'delta.test'));
  // Within the lifetime the remembered miss may still answer; after it, the new tenant must.
  clock.advance(TTL_SECONDS * 1000 + 100);
  assert.deepEqual(await placesOf('delta.test'), { status: 200, names: ['Place of delta'] });

  await importTenant(db.db, tenant('delta', 'delta-new.test'));
  clock.advance(TTL_SECONDS * 1000 + 100);
  assert.equal(
    (await placesOf('delta.test')).status,
    404,
    'the old domain no longer names the tenant',
  );
  assert.deepEqual(await placesOf('delta-new.test'), { status: 200, names: ['Place of delta'] });
});
