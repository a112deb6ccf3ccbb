import pg from 'pg';

/** host:port of a Citus node as the other nodes reach it. */
export type NodeAddress = { host: string; port: number };

export function parseNodeAddress(text: string): NodeAddress {
  const match = /^(.+):(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`not host:port: ${text}`);
  return { host: match[1]!, port: Number(match[2]) };
}

/** The URL of the same database on another node (same user and password). */
export function urlOnNode(databaseUrl: string, node: NodeAddress): string {
  const url = new URL(databaseUrl);
  url.hostname = node.host;
  url.port = String(node.port);
  return url.toString();
}

/** Extensions the schema uses (catalogue search); Citus needs them on every node. */
const EXTENSIONS = ['citus', 'unaccent', 'pg_trgm'];

/**
 * Makes the database of `databaseUrl` exist on its node with the extensions the shards need.
 * Citus keeps its node list per database, so every application database is set up on every node.
 */
export async function prepareNode(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rows.length) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // citus first: it must be created before the extensions it should know about.
    for (const extension of EXTENSIONS)
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
  } finally {
    await client.end();
  }
}

/**
 * Joins the workers to the coordinator of `coordinatorUrl` for this database (idempotent: a node
 * already there is kept). The coordinator's own address is recorded so that workers can reach it.
 */
export async function joinCluster(
  coordinatorUrl: string,
  coordinator: NodeAddress,
  workers: NodeAddress[],
): Promise<void> {
  await prepareNode(coordinatorUrl);
  for (const worker of workers) await prepareNode(urlOnNode(coordinatorUrl, worker));
  const client = new pg.Client({ connectionString: coordinatorUrl });
  await client.connect();
  try {
    await client.query('SELECT citus_set_coordinator_host($1, $2)', [
      coordinator.host,
      coordinator.port,
    ]);
    for (const worker of workers) {
      const { rows } = await client.query(
        'SELECT 1 FROM pg_dist_node WHERE nodename = $1 AND nodeport = $2',
        [worker.host, worker.port],
      );
      if (!rows.length)
        await client.query('SELECT citus_add_node($1, $2)', [worker.host, worker.port]);
    }
  } finally {
    await client.end();
  }
}
