/**
 * `npm run db:distribute [-- --coordinator HOST:PORT --worker HOST:PORT --worker HOST:PORT]`
 *
 * Distributes the database of DATABASE_URL (a Citus coordinator) by tenant: migrates it, then
 * makes every table with `app_id` a distributed table and every other one a reference table
 * (db/citus/distribute.ts). With --worker, the database and the extensions are first created on
 * the workers and the workers joined (Citus keeps its node list per database); without, the
 * nodes already joined are used. Idempotent: run it again after new migrations, or to add nodes
 * (then run citus_rebalance_start() to move shards onto them).
 */
import pg from 'pg';
import { openDatabase } from '../client';
import { distributeSchema, hasCitus } from './distribute';
import { joinCluster, parseNodeAddress } from './nodes';

const args = process.argv.slice(2);
const workers: string[] = [];
let coordinator: string | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--worker') workers.push(args[++i] ?? '');
  else if (args[i] === '--coordinator') coordinator = args[++i];
  else {
    console.error(`unknown argument ${args[i]}`);
    process.exit(2);
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL (the Citus coordinator) is required');
  process.exit(2);
}

try {
  if (workers.length) {
    const url = new URL(databaseUrl);
    await joinCluster(
      databaseUrl,
      parseNodeAddress(coordinator ?? `${url.hostname}:${url.port || 5432}`),
      workers.map(parseNodeAddress),
    );
  }
  // The migrations first (citus-aware once distributed: new tables are distributed as created).
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  await handle.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!(await hasCitus(client))) throw new Error('the citus extension is not installed here');
    const plan = await distributeSchema(client);
    for (const step of plan) console.log(`${step.kind}: ${step.table}`);
    const { rows } = await client.query<{ kind: string; tables: number }>(
      `SELECT CASE WHEN partmethod = 'h' THEN 'distributed by app_id' WHEN repmodel = 't' THEN 'reference' ELSE 'citus local' END AS kind,
              count(*)::int AS tables
         FROM pg_dist_partition GROUP BY 1 ORDER BY 1`,
    );
    const { rows: nodes } = await client.query<{ nodes: number }>(
      `SELECT count(*)::int AS nodes FROM pg_dist_node WHERE noderole = 'primary' AND shouldhaveshards`,
    );
    console.log(
      `${plan.length} tables distributed now; in all ${rows.map((r) => `${r.tables} ${r.kind}`).join(', ')}; ${nodes[0]?.nodes ?? 0} nodes hold shards`,
    );
  } finally {
    await client.end();
  }
} catch (error) {
  const { message, detail } = error as Error & { detail?: string };
  console.error(detail ? `${message}\n${detail}` : message);
  process.exitCode = 1;
}
