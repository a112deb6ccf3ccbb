import { getTableColumns, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './client';

/**
 * A drizzle placeholder where the query builder's types expect the value it will be given at
 * each run: for a statement built once with `.prepare('')` and run with `.execute({ … })`.
 * Building a statement of a few joins costs drizzle more CPU than PostgreSQL needs to run it
 * (bench/RESULTS.md, 2026-11-29), so the hottest ones are built once per database.
 */
export const placeholder = <T>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * A statement built once per database handle by `build` (with placeholders), then reused: the
 * handle a call is given is the one its statement runs on, so a transaction's handle gets its own.
 */
export function builtOnce<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/** What `.prepare('')` gives: a statement run with its placeholders' values. */
type Prepared = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * A statement built once (with placeholders, prepared unnamed) and run on whichever handle a call
 * is given: the database, or one of its transactions. Drizzle binds a prepared statement to the
 * connection of the handle it was built on, and a transaction's handle is new each time, so
 * `builtOnce` cannot serve a transaction: here the one statement built per database (its dialect,
 * which its transactions share) is run over the given handle's own connection, with the same SQL
 * and result mapping. That connection is drizzle's session `client` field, not its public API:
 * test/db-prepared-statements.test.ts proves it on both databases, so an upgrade that moves it
 * fails there.
 */
export function preparedOnce<P extends Prepared>(
  build: (db: Database) => P,
): (handle: Database | Tx) => P {
  const built = new WeakMap<object, P>();
  // The statement over each connection, kept while the connection lives: a pool's are reused.
  const onConnection = new WeakMap<object, P>();
  return (handle) => {
    const { dialect, session } = handle as unknown as {
      dialect: object;
      session: { client: object };
    };
    let over = onConnection.get(session.client);
    if (over) return over;
    let statement = built.get(dialect);
    if (!statement) built.set(dialect, (statement = build(handle as Database)));
    over = Object.create(statement, { client: { value: session.client } }) as P;
    onConnection.set(session.client, over);
    return over;
  };
}

/** Every listed column of an insert built once, none left to its default. */
export type FullRow<T extends PgTable, K extends keyof T['$inferInsert']> = {
  [P in K]-?: T['$inferInsert'][P] | null;
};

/**
 * Rows of an insert built once: `placeholders(count)` for the build (one per column and row,
 * named `<column>.<row>`), `values(rows)` for each run. The placeholders stand for the values as
 * given, not through drizzle's column encoders at run time (those would write a null jsonb as
 * JSON null, or fail on a null date): `values` encodes each non-null value as its column does.
 */
export function insertRows<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
) {
  const columns = getTableColumns(table) as Record<string, Column>;
  return {
    placeholders: (count: number) =>
      Array.from({ length: count }, (_, row) =>
        Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(`${k}.${row}`)}`])),
      ) as unknown as T['$inferInsert'][],
    values: (rows: readonly FullRow<T, K>[]) => {
      const values: Record<string, unknown> = {};
      rows.forEach((r, row) => {
        for (const k of keys) {
          const value = r[k];
          values[`${k}.${row}`] =
            value === null || value === undefined ? null : columns[k].mapToDriverValue(value);
        }
      });
      return values;
    },
  };
}
