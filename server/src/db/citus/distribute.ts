import type { ClientBase } from 'pg';

/**
 * Citus (sharded PostgreSQL): which tables are spread over the workers by tenant and which are
 * copied to every node, derived from the live schema so that tables other areas add later are
 * covered without editing a list here:
 *
 * - a table of the `public` schema with an `app_id` column is distributed by `app_id`, all in one
 *   co-location group, so one tenant's rows of every table sit on the same worker and a request
 *   (always about one app) is a single-shard query;
 * - a `public` table without `app_id` (today only `apps`, the tenant directory) becomes a
 *   reference table, copied to every node, so the look-up by domain or API-KEY and the foreign
 *   keys `app_id -> apps(uid)` stay local;
 * - the migrator's bookkeeping (schema `drizzle`) stays on the coordinator.
 *
 * Everything here is idempotent: a table already distributed is left alone.
 */

export const DISTRIBUTION_COLUMN = 'app_id';

export type TablePlan = { table: string; kind: 'reference' | 'distributed' };

type Queryable = Pick<ClientBase, 'query'>;

/** True when the database has the citus extension (the coordinator of a Citus cluster). */
export async function hasCitus(client: Queryable): Promise<boolean> {
  const { rows } = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
  return rows.length > 0;
}

/**
 * Whether the database has the citus extension, and whether at least one of its tables is
 * already distributed or a reference table.
 */
export async function citusState(
  client: Queryable,
): Promise<{ installed: boolean; distributed: boolean }> {
  if (!(await hasCitus(client))) return { installed: false, distributed: false };
  const { rows } = await client.query(`SELECT 1 FROM pg_dist_partition LIMIT 1`);
  return { installed: true, distributed: rows.length > 0 };
}

/**
 * The tables still to distribute, parents before children: `create_distributed_table` refuses a
 * foreign key to a table that is still local, so a table comes after every table it points at.
 */
export async function planDistribution(client: Queryable): Promise<TablePlan[]> {
  const { rows: tables } = await client.query<{ table: string; tenant: boolean }>(
    `SELECT c.relname AS table,
            EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = $1 AND NOT a.attisdropped) AS tenant
       FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_dist_partition p
                         WHERE p.logicalrelid = c.oid AND (p.partmethod = 'h' OR p.repmodel = 't'))
      ORDER BY c.relname`,
    [DISTRIBUTION_COLUMN],
  );
  const { rows: keys } = await client.query<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pa.relname AS parent
       FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid
       JOIN pg_class pa ON pa.oid = k.confrelid
      WHERE k.contype = 'f' AND cl.relnamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const pending = new Map(tables.map((t) => [t.table, t.tenant]));
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of keys) {
    if (!pending.has(child) || !pending.has(parent)) continue;
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const ordered: TablePlan[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (done.has(table)) return;
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) visit(parent);
    visiting.delete(table);
    done.add(table);
    ordered.push({ table, kind: pending.get(table) ? 'distributed' : 'reference' });
  };
  // Reference tables first: distributed tables point at them, never the other way round.
  for (const t of tables.filter((t) => !t.tenant)) visit(t.table);
  for (const t of tables) visit(t.table);
  return ordered;
}

/** The distributed table new ones are co-located with (the first distributed), if any. */
async function colocationAnchor(client: Queryable): Promise<string | undefined> {
  const { rows } = await client.query<{ table: string }>(
    `SELECT logicalrelid::regclass::text AS table FROM pg_dist_partition
      WHERE partmethod = 'h' ORDER BY colocationid, logicalrelid LIMIT 1`,
  );
  return rows[0]?.table;
}

/** Distributes one table (by `app_id`, co-located with the others) or makes it a reference table. */
export async function distributeTable(client: Queryable, plan: TablePlan): Promise<void> {
  if (plan.kind === 'reference') {
    await client.query(`SELECT create_reference_table($1::regclass)`, [plan.table]);
    return;
  }
  const anchor = await colocationAnchor(client);
  await client.query(`SELECT create_distributed_table($1::regclass, $2, colocate_with => $3)`, [
    plan.table,
    DISTRIBUTION_COLUMN,
    anchor ?? 'default',
  ]);
}

/**
 * Distributes every table not yet distributed. Run on the coordinator after the migrations
 * (`npm run db:distribute`); on filled tables Citus copies the rows to the shards.
 */
export async function distributeSchema(client: Queryable): Promise<TablePlan[]> {
  if (!(await hasCitus(client))) throw new Error('the citus extension is not installed here');
  // Otherwise create_reference_table('apps') turns every local table with a foreign key to it
  // into a "Citus local table", which can then no longer be distributed by app_id.
  await client.query(`SET citus.enable_local_reference_table_foreign_keys TO off`);
  const plan = await planDistribution(client);
  for (const step of plan) await distributeTable(client, step);
  return plan;
}

/** A table a migration statement creates, if it is a CREATE TABLE in the public schema. */
export function createdTable(statement: string): string | undefined {
  const match =
    /^\s*CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?\s*\(/i.exec(
      statement.replace(/^(\s*--[^\n]*\n)+/, ''),
    );
  return match?.[1];
}
