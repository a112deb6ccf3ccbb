import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './support/test-app';

/**
 * The schema stays distributable by tenant on Citus (docs/scaling.md). `npm run test:citus` runs
 * the real thing; this check runs in every `npm test` (PGlite and PostgreSQL, no Citus needed), so
 * a new table, key or index that Citus would refuse fails here on the day it is written:
 * foreign keys between tenant tables hold app_id and never SET NULL / SET DEFAULT, unique indexes
 * hold app_id, identity columns are bigint. (Which table becomes what is derived from the live
 * schema by `npm run db:distribute`: tables with app_id distributed, the others reference tables.)
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

before(async () => {
  database = await openTestDatabase();
});
after(() => database?.close());

describe('the schema is ready to be distributed by app_id (docs/scaling.md)', () => {
  test('every table but apps carries app_id (the distribution column)', async () => {
    const without = await rows<{ table_name: string }>(
      sql`SELECT t.table_name FROM information_schema.tables t WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
            AND NOT EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'app_id')
          ORDER BY 1`,
    );
    // Any other table without app_id would become a reference table: copied to every node, and
    // unable to hold a foreign key to a tenant table. Add it here only if that is meant.
    assert.deepEqual(
      without.map((t) => t.table_name),
      ['apps'],
    );
  });

  test('every foreign key includes app_id and neither sets null nor default on delete', async () => {
    const keys = await rows<{
      child: string;
      parent: string;
      columns: string[] | string;
      name: string;
      on_delete: string;
    }>(sql`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.conname AS name,
             c.confdeltype::text AS on_delete, array_agg(a.attname::text ORDER BY a.attname) AS columns
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      GROUP BY 1, 2, 3, 4`);
    assert.ok(keys.length > 40);
    for (const key of keys) {
      const columns = Array.isArray(key.columns)
        ? key.columns
        : key.columns.replace(/[{}]/g, '').split(',');
      assert.ok(
        columns.includes('app_id'),
        `${key.child}.${key.name} -> ${key.parent} must include app_id`,
      );
      // Citus: "SET NULL or SET DEFAULT is not supported in ON DELETE operation when
      // distribution key is included in the foreign key constraint".
      assert.ok(
        !['n', 'd'].includes(key.on_delete),
        `${key.child}.${key.name}: ON DELETE SET NULL / SET DEFAULT is refused by Citus`,
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

  test('identity columns are bigint (Citus gives each node its own range of them)', async () => {
    const identity = await rows<{ name: string; type: string }>(
      sql`SELECT table_name || '.' || column_name AS name, data_type AS type FROM information_schema.columns
           WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%') ORDER BY 1`,
    );
    assert.ok(identity.length > 0, 'products.id at least');
    for (const column of identity) assert.equal(column.type, 'bigint', column.name);
  });
});
