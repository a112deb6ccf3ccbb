import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { count } from 'drizzle-orm';
import { apps } from '../src/db/schema';
import { configFromEnv, demoSeedWanted } from '../src/config';
import { welcomeBanner } from '../src/welcome';
import { readDemoTenantFiles } from '../src/tenants/demo-seed';
import {
  closeClients,
  postgresSkipReason,
  scratchPostgres,
  startServerProcess,
} from './support/processes';

type DemoFile = { app: { domain: string }; users?: { email: string; password: string }[] };
const demoFiles = async () => (await readDemoTenantFiles()).map((f) => f.data as DemoFile);
const passwordsOf = (files: DemoFile[]) =>
  files.flatMap((f) => (f.users ?? []).map((u) => u.password));

describe('demo tenants: seeded by default on the embedded database only', () => {
  test('PGlite seeds unless SEED_DEMO=0; PostgreSQL only with SEED_DEMO=1', () => {
    const pg = 'postgres://u@h:5432/db';
    assert.equal(demoSeedWanted({}), true);
    assert.equal(demoSeedWanted({ SEED_DEMO: '0' }), false);
    assert.equal(demoSeedWanted({ SEED_DEMO: '1' }), true);
    assert.equal(demoSeedWanted({ DATABASE_URL: pg }), false);
    assert.equal(demoSeedWanted({ DATABASE_URL: pg, SEED_DEMO: '' }), false);
    assert.equal(demoSeedWanted({ DATABASE_URL: pg, SEED_DEMO: 'yes' }), false);
    assert.equal(demoSeedWanted({ DATABASE_URL: pg, SEED_DEMO: '1' }), true);
    assert.equal(configFromEnv({ DATABASE_URL: pg }).seedDemo, false);
    assert.equal(configFromEnv({}).seedDemo, true);
  });

  test('the banner lists demo passwords on PGlite and never on PostgreSQL', async () => {
    const files = await demoFiles();
    const passwords = passwordsOf(files);
    assert.ok(passwords.length > 0, 'the demo files have accounts');
    const pglite = welcomeBanner({ kind: 'pglite', config: configFromEnv({}), demoFiles: files });
    for (const p of passwords) assert.ok(pglite.includes(p), `PGlite banner shows ${p}`);
    for (const seedDemo of [true, false]) {
      const config = { ...configFromEnv({ DATABASE_URL: 'postgres://u@h/db' }), seedDemo };
      const banner = welcomeBanner({ kind: 'postgres', config, demoFiles: files });
      for (const p of passwords) assert.ok(!banner.includes(p), `no ${p} on PostgreSQL`);
      assert.ok(banner.includes('PostgreSQL'));
    }
  });
});

const skip = postgresSkipReason();
describe('src/main.ts on a PostgreSQL server', { skip }, () => {
  after(() => closeClients());

  for (const seed of ['', '1']) {
    test(`SEED_DEMO=${seed || '(unset)'}: ${seed ? 'seeds the demo' : 'no demo tenants'}, and the log has no demo password`, async () => {
      const database = await scratchPostgres();
      const server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO: seed,
        LOG_LEVEL: 'info',
      });
      try {
        const deadline = Date.now() + 20_000;
        while (!server.output().includes('API docs:') && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        const output = server.output();
        assert.ok(output.includes('Store and loyalty app on PostgreSQL'), output);
        for (const p of passwordsOf(await demoFiles()))
          assert.ok(!output.includes(p), `the log shows a demo password:\n${output}`);
        const [{ n }] = await database.db.select({ n: count() }).from(apps);
        if (seed) assert.ok(n > 0, 'SEED_DEMO=1 seeds the demo tenants');
        else assert.equal(n, 0, 'no demo tenant without SEED_DEMO=1');
      } finally {
        await server.stop();
        await database.drop();
      }
    });
  }
});
