import pg from 'pg';
import { parseNodeAddress, urlOnNode, type NodeAddress } from '../../src/db/citus/nodes';

// Copies and drops of test databases, on plain PostgreSQL or on every node of a Citus cluster.
// Apart from database-templates.ts (which builds the templates and loads the server's migrations
// and demo seed to do it) so that a process that only copies a template it was told of (the
// browser suite's servers, e2e/lib/seeded-database.ts) loads pg and nothing of the server.
//
// Citus: with TEST_CITUS_WORKERS (host:port,host:port), TEST_DATABASE_URL is
// the coordinator of a Citus cluster (tools/citus/cluster.sh). Citus keeps its
// metadata per database, so a test database is the same-named database on
// every node: the templates are distributed once (npm run db:distribute's
// code), and a copy is a CREATE DATABASE ... TEMPLATE on each node, which
// copies the coordinator's metadata and the workers' shards together.

/** The workers of the Citus cluster under test, none on plain PostgreSQL. */
export function citusWorkers(): NodeAddress[] {
  return (process.env.TEST_CITUS_WORKERS ?? '')
    .split(',')
    .filter((s) => s.trim())
    .map(parseNodeAddress);
}

/** The server URL of every node: the coordinator (or the only server) first. */
export function nodeUrls(serverUrl: string): string[] {
  return [serverUrl, ...citusWorkers().map((worker) => urlOnNode(serverUrl, worker))];
}

export async function onServer<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE name TEMPLATE template, on every node. */
export async function copyDatabase(serverUrl: string, name: string, template: string) {
  for (const nodeUrl of nodeUrls(serverUrl))
    await onServer(nodeUrl, (node) => node.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
}

/** DROP DATABASE, on every node. */
export async function dropDatabase(serverUrl: string, name: string) {
  for (const nodeUrl of nodeUrls(serverUrl))
    await onServer(nodeUrl, async (node) => {
      await node.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => undefined);
      await node.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
}
