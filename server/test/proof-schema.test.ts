import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { paths } from '../src/config';
import { openTestDatabase } from './support/test-app';

/**
 * The schema stays distributable by tenant (docs/scaling.md): the Citus SQL of
 * the document covers every table with app_id, parents before children; unique
 * indexes and foreign keys between tenant tables hold app_id. A new table or
 * index that breaks this fails here, not on the day of the migration to Citus.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Documented exceptions: `apps` is a reference table. */
const UNIQUE_WITHOUT_APP_ID = [
  'apps.apps_pkey',
  'apps.apps_domain_key',
  'apps.apps_key_key',
  'apps.apps_api_key_key',
];

let documented: string[] = [];
before(async () => {
  database = await openTestDatabase();
  const doc = await readFile(path.join(paths.repoRoot, 'docs', 'scaling.md'), 'utf8');
  const first = /create_distributed_table\('(\w+)', 'app_id'\)/.exec(doc)?.[1];
  const array = /FROM unnest\(ARRAY\[([\s\S]*?)\]\)/.exec(doc)?.[1] ?? '';
  documented = [first!, ...[...array.replace(/--.*$/gm, '').matchAll(/'(\w+)'/g)].map((m) => m[1])];
});
after(() => database?.close());

describe('the schema is ready to be distributed by app_id (docs/scaling.md)', () => {
  test('the Citus SQL lists every table with app_id exactly once', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'app_id' ORDER BY 1`,
    );
    assert.deepEqual([...documented].sort(), tables.map((t) => t.table_name).sort());
    assert.equal(new Set(documented).size, documented.length);
  });

  test('every foreign key between tenant tables includes app_id, and parents are distributed first', async () => {
    const keys = await rows<{
      child: string;
      parent: string;
      columns: string[] | string;
      name: string;
    }>(sql`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.conname AS name,
             array_agg(a.attname::text ORDER BY a.attname) AS columns
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      GROUP BY 1, 2, 3`);
    assert.ok(keys.length > 40);
    const order = new Map(documented.map((t, i) => [t, i]));
    for (const key of keys) {
      const columns = Array.isArray(key.columns)
        ? key.columns
        : key.columns.replace(/[{}]/g, '').split(',');
      assert.ok(
        columns.includes('app_id'),
        `${key.child}.${key.name} -> ${key.parent} must include app_id`,
      );
      if (key.parent === 'apps') continue; // a reference table
      assert.ok(
        order.has(key.parent) && order.has(key.child),
        `${key.name}: both tables distributed`,
      );
      assert.ok(
        order.get(key.parent)! <= order.get(key.child)!,
        `${key.parent} is distributed before ${key.child}`,
      );
    }
  });

  test('every unique index holds app_id, but the documented exceptions', async () => {
    const unique = await rows<{ tablename: string; indexname: string }>(
      sql`SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE 'CREATE UNIQUE%' AND indexdef NOT LIKE '%app_id%' ORDER BY 1, 2`,
    );
    assert.deepEqual(
      unique.map((u) => `${u.tablename}.${u.indexname}`).sort(),
      [...UNIQUE_WITHOUT_APP_ID].sort(),
    );
  });
});
