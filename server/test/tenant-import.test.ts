import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { addDays, storeDateOf } from '@store/contract';
import { apps, companies, events, landingSections, places } from '../src/db/schema';
import { importTenant, TenantFileError } from '../src/tenants/importer';
import { readDemoTenantFiles, seedDemoTenants } from '../src/tenants/demo-seed';
import { tenantUid } from '../src/lib/uid';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
before(async () => {
  t = await startTestApp({ seedDemo: false });
});
after(() => t?.close());

function shopFile(overrides: Record<string, unknown> = {}) {
  return {
    app: {
      key: 'shop',
      name: 'Tienda Uno',
      domain: 'shop.example.pe',
      main_company: 'uno',
      ...overrides,
    },
    companies: [{ key: 'uno', name: 'Tienda Uno' }],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      { key: 'centro', company: 'uno', area: 'lima', name: 'Centro', address: 'Jr. Lampa 100' },
    ],
  };
}

async function countRows(table: typeof apps | typeof companies | typeof places) {
  const [{ n }] = await t.db.select({ n: count() }).from(table);
  return n;
}

describe('tenant import', () => {
  test('creates a tenant that the API then serves on its host', async () => {
    const result = await importTenant(t.db, shopFile());
    assert.equal(result.created, true);
    const res = await t.get('/api/v7/apps/?domain=shop.example.pe', { host: 'shop.example.pe' });
    assert.equal(res.data[0].name, 'Tienda Uno');
    assert.equal(res.data[0].countries[0].areas[0].name, 'Lima');
  });

  test('importing again updates the same rows and keeps the api key', async () => {
    const before = await t.appOf('shop.example.pe');
    const result = await importTenant(t.db, { ...shopFile({ name: 'Tienda Uno SAC' }) });
    assert.equal(result.created, false);
    const afterImport = await t.appOf('shop.example.pe');
    assert.equal(afterImport.uid, before.uid);
    assert.equal(afterImport.api_key, before.api_key);
    assert.equal(afterImport.name, 'Tienda Uno SAC');
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.appId, before.uid));
    assert.equal(n, 1);
  });

  test('refuses a bad file with the path of every wrong field', () => {
    const file = shopFile({
      domain: 'https://Bad Domain',
      colors: { main_color: 'red', menu_color: '#ffffff' },
    }) as any;
    file.places[0].area = 'cusco';
    file.companies.push({ key: 'uno', name: '' });
    file.unknown_section = true;
    return assert.rejects(importTenant(t.db, file), (error: unknown) => {
      assert.ok(error instanceof TenantFileError);
      const paths = error.problems.map((p) => p.path).sort();
      assert.deepEqual(paths, [
        '',
        'app.colors.main_color',
        'app.domain',
        'companies.1.key',
        'companies.1.name',
        'places.0.area',
      ]);
      return true;
    });
  });

  test('reports cross-reference mistakes with their own messages', () => {
    const file = shopFile() as any;
    file.places[0].area = 'cusco';
    file.companies.push({ key: 'uno', name: 'Otra' });
    return assert.rejects(importTenant(t.db, file), (error: unknown) => {
      assert.ok(error instanceof TenantFileError);
      assert.deepEqual(error.problems.map((p) => `${p.path}: ${p.message}`).sort(), [
        'companies.1.key: duplicate key "uno"',
        'places.0.area: no area with key "cusco" in this file',
      ]);
      return true;
    });
  });

  test('a file that fails half way leaves nothing behind', async () => {
    const appsBefore = await countRows(apps);
    const companiesBefore = await countRows(companies);
    const file = shopFile({ key: 'broken', domain: 'broken.example.pe' });
    // PostgreSQL refuses NUL in text: the failure comes from the database, after the app and company rows were written.
    file.places[0].name = 'Centro\u0000';
    await assert.rejects(importTenant(t.db, file));
    assert.equal(await countRows(apps), appsBefore);
    assert.equal(await countRows(companies), companiesBefore);
    const [row] = await t.db
      .select()
      .from(apps)
      .where(eq(apps.uid, tenantUid('app', 'broken')));
    assert.equal(row, undefined);
  });

  test('a second tenant cannot take a domain that is already used', async () => {
    await assert.rejects(importTenant(t.db, shopFile({ key: 'copycat' })));
    const res = await t.get('/api/v7/apps/?domain=shop.example.pe', { host: 'shop.example.pe' });
    assert.equal(res.data[0].name, 'Tienda Uno SAC');
  });

  test('landing sections follow the file exactly on re-import', async () => {
    const file = {
      ...shopFile(),
      landing: {
        sections: [
          { key: 'a', type: 'WELCOME' },
          { key: 'b', type: 'CONTACT' },
        ],
      },
    };
    await importTenant(t.db, file);
    await importTenant(t.db, { ...file, landing: { sections: [{ key: 'b', type: 'CONTACT' }] } });
    const rows = await t.db
      .select()
      .from(landingSections)
      .where(eq(landingSections.appId, tenantUid('app', 'shop')));
    assert.deepEqual(
      rows.map((r) => r.type),
      ['CONTACT'],
    );
  });
});

describe('demo tenants', () => {
  test('every demo file is a valid tenant file and seeding is idempotent', async () => {
    const files = await readDemoTenantFiles();
    assert.deepEqual(files.map((f) => (f.data as any).app.domain).sort(), [
      'landing.localhost',
      'localhost',
      'merchants.localhost',
      'multi.localhost',
      'private.localhost',
      'rockypez.localhost',
    ]);
    const first = await seedDemoTenants(t.db);
    assert.equal(first.length, files.length);
    const second = await seedDemoTenants(t.db);
    assert.equal(second.length, 0, 'unchanged files are not imported again');
  });

  test("the demo's events are dated from the seed's day: coming, not past", async () => {
    // Written in the file for 2026-12-04 and 2026-12-12; seeded any day, the first come the next
    // day and the festival eight days after (a demo seeded in 2027 showed only past events).
    await seedDemoTenants(t.db);
    const seeded = await t.db
      .select({ name: events.name, start: events.startDate })
      .from(events)
      .where(eq(events.appId, tenantUid('app', 'rockypez')))
      .orderBy(asc(events.startDate), asc(events.name));
    const seedDay = storeDateOf(new Date());
    assert.deepEqual(
      seeded.map((e) => `${e.start} ${e.name}`),
      [
        `${addDays(seedDay, 1)} Cata de cervezas artesanales`,
        `${addDays(seedDay, 1)} Noche de rock peruano`,
        `${addDays(seedDay, 9)} Festival Rocky Pez`,
      ],
    );
  });
});

describe('npm run tenant -- import', () => {
  test(
    'imports a file into the database the environment names, and refuses a bad one',
    { timeout: 120_000 },
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tenant-cli-'));
      const good = path.join(dir, 'good.json');
      const bad = path.join(dir, 'bad.json');
      writeFileSync(good, JSON.stringify(shopFile()));
      writeFileSync(bad, JSON.stringify({ app: { key: 'x' } }));
      const env = { ...process.env, DATA_DIR: path.join(dir, 'db'), DATABASE_URL: '' };
      const ok = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/tenants/cli.ts', 'import', good],
        { env, encoding: 'utf8' },
      );
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(ok.stdout, /created shop\.example\.pe/);
      const refused = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/tenants/cli.ts', 'import', bad],
        { env, encoding: 'utf8' },
      );
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /app\.name/);
      assert.match(refused.stderr, /companies/);
    },
  );
});
