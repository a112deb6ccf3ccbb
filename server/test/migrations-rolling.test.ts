import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { paths } from '../src/config';
import {
  closeClients,
  postgresSkipReason,
  startServerProcess,
  type ServerProcess,
} from './support/processes';

/**
 * Migrations on a live cluster (issue 21): when a new version's processes start together on one
 * PostgreSQL database, its migrations run exactly once (src/db/client.ts takes an advisory lock
 * around drizzle's migrator; whoever comes second finds them applied). See docs/decisions.md,
 * "Rolling deploys: expand, then contract", for what a migration may do while the old version runs.
 */

type Journal = { entries: { tag: string }[] };

const skip = postgresSkipReason();

describe('a new version started on four processes at once', { skip }, () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  let pg: typeof import('pg').default;
  let url: string;
  let name: string;
  let journal: Journal;
  let servers: ServerProcess[] = [];

  async function query<T>(sqlText: string, database = url): Promise<T[]> {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      return (await client.query(sqlText)).rows as T[];
    } finally {
      await client.end();
    }
  }

  before(async () => {
    pg = (await import('pg')).default;
    journal = JSON.parse(await readFile(path.join(paths.migrations, 'meta/_journal.json'), 'utf8'));
    name = `rolling_${process.pid}_${randomBytes(4).toString('hex')}`;
    await query(`CREATE DATABASE ${name}`, serverUrl);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();

    // The version before: every migration but the newest, applied as that version would.
    const previous = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      await cp(paths.migrations, previous, { recursive: true });
      await writeFile(
        path.join(previous, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
      );
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      await migrate(drizzle(pool), { migrationsFolder: previous });
      await pool.end();
    } finally {
      await rm(previous, { recursive: true, force: true });
    }
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    closeClients();
    await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, serverUrl);
  });

  test('the newest migration is applied once, and every process answers', async () => {
    // startServerProcess returns once /api/health answers: after its own migrate step.
    const applied = () =>
      query<{ n: number; hashes: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations',
      );
    assert.deepEqual(await applied(), [
      { n: journal.entries.length - 1, hashes: journal.entries.length - 1 },
    ]);

    servers = await Promise.all([1, 2, 3, 4].map(() => startServerProcess({ DATABASE_URL: url })));

    assert.deepEqual(await applied(), [
      { n: journal.entries.length, hashes: journal.entries.length },
    ]);
    for (const s of servers)
      assert.doesNotMatch(s.output(), /already exists|duplicate key|deadlock/i, s.output());
  });
});
