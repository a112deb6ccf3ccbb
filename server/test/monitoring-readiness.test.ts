import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { readinessOf } from '../src/modules/monitoring/readiness';
import { openTestDatabase, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
before(async () => {
  t = await startTestApp({ seedDemo: false });
});
after(() => t?.close());

describe('GET /api/ready', () => {
  test('is ready when the database answers and holds every migration', async () => {
    const res = await t.get('/api/ready');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data, { status: 'ready' });
    assert.equal((await t.get('/api/health')).statusCode, 200);
  });

  test('says migrations_pending while the newest migration is missing', async () => {
    const rows = (await t.db.execute(
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const newest = rows.rows[0];
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      assert.deepEqual(await readinessOf(t.db).check(), {
        ready: false,
        reason: 'migrations_pending',
      });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    assert.deepEqual(await readinessOf(t.db).check(), { ready: true });
  });

  test('says database_unreachable when the database is gone', async () => {
    const database = await openTestDatabase();
    const readiness = readinessOf(database.db);
    assert.deepEqual(await readiness.check(), { ready: true });
    await database.close();
    assert.deepEqual(await readiness.check(), { ready: false, reason: 'database_unreachable' });
  });

  test('fails first when the server starts shutting down, while liveness still answers', async () => {
    const app = await startTestApp({ seedDemo: false });
    try {
      app.app.readiness.drain();
      const res = await app.get('/api/ready');
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.data, { status: 'not_ready', reason: 'shutting_down' });
      assert.equal((await app.get('/api/health')).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});
