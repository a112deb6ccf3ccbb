import type { ClientBase } from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { createdTable, distributeTable, DISTRIBUTION_COLUMN } from './distribute';

/**
 * Drizzle's migrator for a database that is already distributed with Citus. It applies the same
 * files and keeps the same bookkeeping (`drizzle.__drizzle_migrations`: hash and folder time),
 * so either migrator can take over from the other, with one difference: a table a migration
 * creates is distributed (or made a reference table) right after its CREATE TABLE, in the same
 * transaction. Plain drizzle would leave it local, and the migration's next statement, the
 * foreign key drizzle adds to `companies` or `users`, would fail (Citus refuses keys from local
 * tables to distributed ones). Rows a migration backfills then go to the shards directly.
 */
export async function migrateDistributed(client: ClientBase, migrationsFolder: string) {
  const migrations = readMigrationFiles({ migrationsFolder });
  await client.query(`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const { rows } = await client.query<{ created_at: string }>(
    `SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  const last = rows[0] ? Number(rows[0].created_at) : undefined;
  const pending = migrations.filter((m) => last === undefined || last < m.folderMillis);
  if (pending.length === 0) return;
  await client.query('BEGIN');
  try {
    // DDL on distributed tables and create_distributed_table share one transaction: Citus then
    // needs every shard command on one connection per worker.
    await client.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
    await client.query(`SET LOCAL citus.enable_local_reference_table_foreign_keys TO off`);
    for (const migration of pending) {
      for (const statement of migration.sql) {
        await client.query(statement);
        const table = createdTable(statement);
        if (table) {
          const { rows: tenant } = await client.query(
            `SELECT 1 FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2 AND NOT attisdropped`,
            [`public.${table}`, DISTRIBUTION_COLUMN],
          );
          await distributeTable(client, {
            table: `public.${table}`,
            kind: tenant.length ? 'distributed' : 'reference',
          });
        }
      }
      await client.query(
        `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)`,
        [migration.hash, migration.folderMillis],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
