/**
 * bench/scale.ts on a Citus cluster (SCALE_CITUS_WORKERS=host:port,host:port; DATABASE_URL the
 * coordinator): the scratch database made on every node and distributed by tenant with the code
 * of `npm run db:distribute`, and the proof, at every size, that each hot path's statements are
 * single-shard, judged as server/test/citus-distribution.test.ts judges them at test scale
 * (server/src/db/citus/explain.ts).
 */
import pg from 'pg';
import { distributeSchema } from '../../server/src/db/citus/distribute';
import { explainShards, type ShardPlan } from '../../server/src/db/citus/explain';
import { joinCluster, parseNodeAddress, urlOnNode } from '../../server/src/db/citus/nodes';
import type { Statement } from './scale-explain';

export const citusWorkers = (process.env.SCALE_CITUS_WORKERS ?? '')
  .split(',')
  .filter((s) => s.trim())
  .map(parseNodeAddress);

async function onServer(serverUrl: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops the database on every node: Citus keeps a database per node under the same name and does
 * not propagate CREATE or DROP DATABASE by default.
 */
export async function dropScaleDatabase(adminUrl: string, name: string) {
  for (const server of [adminUrl, ...citusWorkers.map((w) => urlOnNode(adminUrl, w))])
    await onServer(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * A new empty database: on plain PostgreSQL a CREATE DATABASE; on Citus the same database with
 * the extensions on every node and the workers joined (npm run db:distribute's joinCluster).
 */
export async function createScaleDatabase(adminUrl: string, url: string, name: string) {
  if (!citusWorkers.length) return onServer(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const coordinator = new URL(adminUrl);
  await joinCluster(
    url,
    { host: coordinator.hostname, port: Number(coordinator.port || 5432) },
    citusWorkers,
  );
}

/** Every table with app_id distributed by it (the generator's own two included), apps a reference table. */
export async function distributeScaleDatabase(url: string) {
  await onServer(url, async (client) => {
    await distributeSchema(client);
  });
}

export type ShardVerdict = {
  /** Data statements the call sent (reads and writes). */
  statements: number;
  /** Of those, the ones that reach Citus tables (the rest read no table). */
  distributed: number;
  /** The statements that reach more than one shard. */
  fanOut: ShardPlan[];
};

/** Citus's verdict on the statements of one call of a path. */
export async function shardVerdict(url: string, statements: Statement[]): Promise<ShardVerdict> {
  let plans: ShardPlan[] = [];
  await onServer(url, async (client) => {
    plans = await explainShards(client, statements);
  });
  return {
    statements: plans.length,
    distributed: plans.filter((p) => p.tasks.length).length,
    fanOut: plans.filter((p) => p.tasks.some((n) => n !== 1)),
  };
}

/** The verdict as a table cell: "single-shard (n of m statements on shards)" or what fans out. */
export function verdictText(v: ShardVerdict): string {
  if (!v.distributed) return `no statement reached the shards (${v.statements} statements)`;
  if (!v.fanOut.length)
    return `single-shard (${v.distributed} of ${v.statements} statements on the shards, each Task Count 1)`;
  return `FANS OUT: ${v.fanOut.length} statements reach ${Math.max(...v.fanOut.flatMap((p) => p.tasks))} shards`;
}
