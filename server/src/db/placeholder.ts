import { sql } from 'drizzle-orm';
import type { Database } from './client';

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
