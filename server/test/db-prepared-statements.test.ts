// test-process: own
// The names of prepared statements are process-wide and capped (src/db/client.ts): beside other
// files' statements in a shared process, this file's new ones could find the cap reached.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { genericPlans, type Database } from '../src/db/client';
import { insertRows, placeholder, preparedOnce } from '../src/db/placeholder';
import { openTestDatabase } from './support/test-app';

/**
 * Statements go to the database as named prepared statements (src/db/client.ts): on PostgreSQL
 * by pg's protocol, on PGlite as SQL PREPARE and EXECUTE with the values written as quoted
 * literals. Whichever way, a value must arrive exactly as given, and a statement prepared in a
 * transaction that failed must not break the statement for later.
 */
describe('prepared statements', () => {
  let db: Database;
  let kind: 'pglite' | 'postgres';
  let close: () => Promise<void>;
  before(async () => {
    ({ db, kind, close } = await openTestDatabase());
  });
  after(() => close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  test('a value arrives exactly as given, whatever characters it holds', async () => {
    const values = [
      "O'Higgins",
      "'); drop table users; --",
      "back\\slash \\x41 and E'\\'",
      '$1 $$ dollar $tag$',
      'tildes: ñandú, Perú, 漢字, 🎉',
      'line\nbreak\ttab',
      '',
    ];
    for (const value of values) {
      const [row] = await rows(sql`select ${value}::text as v, length(${value}::text) as n`);
      assert.equal(row.v, value);
      assert.equal(Number(row.n), [...value].length);
    }
  });

  test('numbers, booleans, dates and nulls keep their types and values', async () => {
    const at = new Date('2026-11-29T13:45:12.345Z');
    for (const [n, b, d] of [
      [42, true, at],
      [-0.125, false, new Date(0)],
    ] as const) {
      const [row] = await rows(
        sql`select ${n}::numeric as n, ${b}::boolean as b, ${d.toISOString()}::timestamptz = ${d}::timestamptz as same, ${null}::text is null as empty`,
      );
      assert.equal(Number(row.n), n);
      assert.equal(row.b, b);
      assert.equal(row.same, true);
      assert.equal(row.empty, true);
    }
  });

  test('a statement run again is prepared once, not parsed each time', async () => {
    const names = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql`select ${i}::int + 7 as prepared_probe`);
      const found = await tx.execute(
        sql`select name from pg_prepared_statements where statement like ${'%prepared_probe%'} and statement not like ${'%pg_prepared_statements%'}`,
      );
      return (found as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    });
    assert.equal(names.length, 1, `one prepared statement, found ${JSON.stringify(names)}`);
  });

  test('a statement first prepared in a transaction that rolled back still runs after it', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.execute(sql`select ${'x'}::text || 'rolled back' as first_in_tx`);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    const [row] = await rows(sql`select ${'y'}::text || 'rolled back' as first_in_tx`);
    assert.equal(row.first_in_tx, 'yrolled back');
  });

  test('in an aborted transaction a new statement fails with the real error, and works afterwards', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await assert.rejects(tx.execute(sql`select 1 / ${0}::int`));
        await tx.execute(sql`select ${'z'}::text as after_abort`);
      }),
      (err: Error & { cause?: Error }) =>
        /current transaction is aborted/.test(`${err.message} ${err.cause?.message ?? ''}`),
    );
    const [row] = await rows(sql`select ${'z'}::text as after_abort`);
    assert.equal(row.after_abort, 'z');
  });

  test('a value that is not text, a number, a boolean or a date goes as a parameter', async () => {
    const bytes = new Uint8Array([0, 39, 92, 255]);
    const [row] = await rows(sql`select length(${bytes}::bytea) as n`);
    assert.equal(Number(row.n), 4);
  });

  test('a statement built once runs in each transaction, on the connection of that transaction', async () => {
    const probe = pgTable('prepared_once_probe', { v: text('v').notNull() });
    let builds = 0;
    const insertProbe = preparedOnce((handle) => {
      builds++;
      return handle
        .insert(probe)
        .values({ v: sql.placeholder('v') })
        .prepare('');
    });
    const readProbe = preparedOnce((handle) =>
      handle
        .select()
        .from(probe)
        .where(eq(probe.v, placeholder<string>('v')))
        .prepare(''),
    );
    for (const v of ['first', 'second']) {
      await assert.rejects(
        db.transaction(async (tx) => {
          // Made in the transaction: another connection (a pool's) could not see it at all.
          await tx.execute(sql`create table prepared_once_probe (v text not null)`);
          await insertProbe(tx).execute({ v });
          assert.deepEqual(await readProbe(tx).execute({ v }), [{ v }]);
          throw new Error('roll back');
        }),
        /roll back/,
      );
    }
    assert.equal(builds, 1, 'built once for both transactions');
    // The rollback took the table and its row: nothing ran outside the transactions.
    const [row] = await rows(sql`select to_regclass('prepared_once_probe') is null as gone`);
    assert.equal(row.gone, true);
  });

  test('genericPlans: on PostgreSQL its sessions keep a paged statement on one generic plan; elsewhere the handle is the one given', async () => {
    // A paged statement: without its LIMIT's value PostgreSQL estimates a tenth of the rows, so
    // left to itself it plans each run afresh (a custom plan) and never keeps the generic one.
    const runs = 6;
    const plansOf = (handle: Database) =>
      handle.transaction(async (tx) => {
        for (let i = 0; i < runs; i++)
          await tx.execute(
            sql`select n as generic_plan_probe from generate_series(1, 1000) n where n > ${i} order by n limit ${20}`,
          );
        const found = await tx.execute(
          sql`select current_setting('plan_cache_mode') as mode, generic_plans::int as generic, custom_plans::int as custom
              from pg_prepared_statements where statement like ${'%generic_plan_probe%'} and statement not like ${'%pg_prepared_statements%'}`,
        );
        return (found as unknown as { rows: { mode: string; generic: number; custom: number }[] })
          .rows;
      });
    const [{ citus }] = await rows(
      sql`select exists (select 1 from pg_extension where extname = 'citus') as citus`,
    );
    if (kind === 'pglite' || citus) {
      // PGlite is one session; Citus cannot plan a distributed statement without its values.
      assert.equal(genericPlans(db), db);
      return;
    }
    assert.notEqual(genericPlans(db), db);
    assert.deepEqual(await plansOf(genericPlans(db)), [
      { mode: 'force_generic_plan', generic: runs, custom: 0 },
    ]);
    const [own] = await plansOf(db);
    assert.equal(own.mode, 'auto');
    assert.ok(own.custom >= 5, `the database's own sessions plan it afresh: ${own.custom} custom`);
    await db.transaction(async (tx) => assert.equal(genericPlans(tx), tx));
  });

  test('rows of an insert built once keep SQL nulls, and encode json and dates as their columns do', async () => {
    const probe = pgTable('insert_rows_probe', {
      v: text('v').notNull(),
      data: jsonb('data').$type<{ a: string[] }>(),
      at: timestamp('at', { withTimezone: true }),
    });
    const rows = insertRows(probe, ['v', 'data', 'at'] as const);
    const insert = preparedOnce((handle) =>
      handle.insert(probe).values(rows.placeholders(2)).returning().prepare(''),
    );
    const at = new Date('2026-11-29T13:45:12.345Z');
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`create table insert_rows_probe (v text not null, data jsonb, at timestamptz)`,
        );
        const written = await insert(tx).execute(
          rows.values([
            { v: 'full', data: { a: ["it's", 'ñ'] }, at },
            { v: 'empty', data: null, at: null },
          ]),
        );
        assert.deepEqual(written, [
          { v: 'full', data: { a: ["it's", 'ñ'] }, at },
          { v: 'empty', data: null, at: null },
        ]);
        const stored = await tx.execute(
          sql`select v, data is null as no_data, jsonb_typeof(data) as kind from insert_rows_probe order by v`,
        );
        assert.deepEqual((stored as unknown as { rows: unknown[] }).rows, [
          { v: 'empty', no_data: true, kind: null },
          { v: 'full', no_data: false, kind: 'object' },
        ]);
        throw new Error('roll back');
      }),
      /roll back/,
    );
  });
});
