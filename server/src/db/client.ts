import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { paths } from '../config';
import { addPoolSource, timedStatement } from '../modules/monitoring/metrics';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * PGlite only: the data folder as a gzipped tarball, taken while no query runs (a consistent
   * copy of a running store; see src/db/backup/). PostgreSQL is backed up with pg_dump or PITR.
   */
  dump?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  /** postgres://... selects a PostgreSQL server through `pg`. */
  databaseUrl?: string;
  /** PGlite folder, or 'memory://' for a throw-away database. */
  dataDir?: string;
  /** A PGlite data folder tarball (`dumpDataDir`) to start from: the tests copy a template this way. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Statements go as named prepared statements (default; see preparePgStatements, preparePgliteStatements). */
  preparedStatements?: boolean;
};

/**
 * Opens the database the environment asks for and brings its schema up to date.
 * Only this folder knows which driver runs; the rest of the server sees a
 * drizzle PostgreSQL database either way.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(
        options.databaseUrl,
        options.poolSize ?? 10,
        options.preparedStatements ?? true,
      )
    : await openPglite(
        options.dataDir ?? 'memory://',
        options.loadDataDir,
        options.preparedStatements ?? true,
      );
  return handle;
}

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  preparedStatements: boolean,
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dataDir, { extensions: { unaccent, pg_trgm }, loadDataDir });
  // Prepared first, so the timing around it names the statement as written, not its EXECUTE.
  if (preparedStatements)
    preparePgliteStatements(client, (await import('pg')).default.escapeLiteral);
  timePgliteStatements(client);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: paths.migrations });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    async dump() {
      // Data files brought up to date first, so a restore has little WAL to replay.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  preparedStatements: boolean,
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Dates and numerics stay strings where drizzle expects them; bigint counts become numbers.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  // Two at least: one holds the migration lock while the migrator uses another.
  const max = Math.max(2, poolSize);
  // Pipeline mode sends a statement at once even while the one before it is unanswered: awaited
  // one by one they run as before, and `pipelined` (db/pipeline.ts) sends several in one write.
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true });
  watchPool(pool, preparedStatements);
  const db = drizzle(pool, { schema });
  let citus = false;
  await migrateOnce(pool, async (client) => {
    // A database distributed with Citus (npm run db:distribute) distributes new tables as they
    // are created; see db/citus/migrate.ts.
    const { citusState } = await import('./citus/distribute');
    const state = await citusState(client);
    citus = state.installed;
    if (state.distributed) {
      const { migrateDistributed } = await import('./citus/migrate');
      await migrateDistributed(client, paths.migrations);
    } else await migrate(db, { migrationsFolder: paths.migrations });
  });
  // Citus cannot plan a statement of several distributed tables without its values ("could not
  // create distributed plan"): there every statement keeps PostgreSQL's (and Citus's) own choice.
  const planned = preparedStatements && !citus ? openGenericPlanPool(pg, url, max) : undefined;
  if (planned) genericPlanDatabases.set(db, drizzle(planned, { schema }) as unknown as Database);
  const pools = planned ? [pool, planned] : [pool];
  const removeSource = addPoolSource(() => ({
    total: sum(pools, (p) => p.totalCount),
    idle: sum(pools, (p) => p.idleCount),
    waiting: sum(pools, (p) => p.waitingCount),
    max: sum(pools, (p) => p.options.max ?? 0),
  }));
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: async () => {
      removeSource();
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}

type PgModule = typeof import('pg').default;

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((n, i) => n + of(i), 0);

function watchPool(pool: import('pg').Pool, preparedStatements: boolean) {
  // An idle client dropped by the server (restart, DROP DATABASE) must not crash the process.
  pool.on('error', (err) => console.error('idle database client failed:', err.message));
  pool.on('connect', (client) => {
    if (preparedStatements) preparePgStatements(client);
    timePgStatements(client);
  });
}

/** The `application_name` of the generic-plan pool's sessions. */
const GENERIC_PLANS_APPLICATION = 'store generic plans';

/** The handle whose connections keep one generic plan per statement, by the handle they serve. */
const genericPlanDatabases = new WeakMap<Database, Database>();

/**
 * A second, smaller pool whose sessions run every prepared statement on its one generic plan
 * (`plan_cache_mode = force_generic_plan`), for the statements `genericPlans` is asked for.
 * PostgreSQL plans a prepared statement afresh for its values (a custom plan) until a generic one
 * is estimated as cheap, and a page's `LIMIT $n OFFSET $m` is estimated at a tenth of the rows
 * without its values, so the product list was planned again on every request: 0.55 ms of the
 * 1.26 ms of database CPU a first page cost, for the same plan each time (bench/RESULTS.md,
 * 2026-11-29 21:00 entry). A session setting, not a statement's, hence connections of their own.
 */
function openGenericPlanPool(pg: PgModule, url: string, max: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max: Math.ceil(max / 2),
    options: '-c plan_cache_mode=force_generic_plan',
    // Told apart from the main pool's sessions in pg_stat_activity.
    application_name: GENERIC_PLANS_APPLICATION,
  });
  watchPool(pool, true);
  return pool;
}

/**
 * The handle to run a statement on when its best plan does not depend on its values (a page of
 * a product list: the same indexes whatever the place, the category or the page): on PostgreSQL
 * its connections keep one generic plan per statement instead of planning each call. Only for
 * reads: a search must not come here (how many rows its words match decides its plan). PGlite,
 * Citus, a transaction, and a server whose statements go unprepared get back the handle given.
 */
export function genericPlans<T extends Database | Tx>(db: T): T {
  return (genericPlanDatabases.get(db as Database) as T | undefined) ?? db;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Names of the statements that run as server-side prepared statements, by SQL text. The server
 * builds its SQL from a fixed set of query shapes (IN lists vary by length only), so a few
 * hundred names cover them; texts past the cap, and long or wide ones (bulk writes of an
 * import), stay unnamed and are parsed each time as before, so neither this map nor a
 * connection's prepared statements on the server can grow without bound.
 */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 400;
const MAX_PREPARED_TEXT = 8_000;
const MAX_PREPARED_VALUES = 100;
/**
 * Text searches (full text, ILIKE) stay unnamed: how many rows a search matches depends on its
 * words, and a prepared statement's generic plan, made without them, can pick the wrong index
 * (a broad catalogue search read 100,000 index entries more with one, doubling its time).
 */
const SEARCHES_TEXT = / @@ | ilike /i;

function statementName(text: string, values: unknown[]): string | undefined {
  const known = statementNames.get(text);
  if (known) return known;
  if (
    SEARCHES_TEXT.test(text) ||
    statementNames.size >= MAX_PREPARED ||
    text.length > MAX_PREPARED_TEXT ||
    values.length > MAX_PREPARED_VALUES
  )
    return undefined;
  const name = `s${statementNames.size}`;
  statementNames.set(text, name);
  return name;
}

/**
 * Sends each parameterised statement as a named prepared statement: a connection parses and
 * analyses it once, then only binds and executes it (and PostgreSQL may keep a generic plan),
 * which is most of the server's work for the short look-ups a request makes. pg keeps the
 * names a connection has prepared and skips the Parse message for them. Statements without
 * parameters (BEGIN, COMMIT, migrations) go as before. Adding a column does not disturb a
 * prepared statement (drizzle names every column it reads); a migration that changes a column's
 * type makes running processes' statements fail until they restart, as with any prepared
 * statement. `DATABASE_PREPARED_STATEMENTS=0` switches it off (a pooler in transaction mode
 * without prepared-statement support).
 */
function preparePgStatements(client: import('pg').PoolClient) {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const config = args[0] as { text?: unknown; name?: string; values?: unknown[] } | undefined;
    const values = Array.isArray(args[1]) ? args[1] : config?.values;
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName(config.text, values);
      if (name) args[0] = { ...config, name };
    }
    return query(...args);
  };
}

/**
 * PGlite's own `query` parses, analyses and plans every parameterised statement afresh (an
 * unnamed statement), in the server's thread: for a catalogue page that was more than running
 * it. PGlite is one session, so a statement prepared once with SQL `PREPARE` stays for the
 * process, and each call goes as `EXECUTE sN(…)`, answered from PostgreSQL's plan cache. An
 * EXECUTE's arguments cannot be protocol parameters (a utility statement declares none), so they
 * go as quoted literals, which PostgreSQL converts to the prepared statement's parameter types
 * as it would the parameters themselves; a statement with any other kind of value (bytes, an
 * array) runs as written. The same names and exclusions as PostgreSQL's (statementName: no text
 * searches, bounded count and size). Inside a transaction the PREPARE goes through the
 * transaction's own handle (the client's would wait for the transaction to end); a PREPARE that
 * fails (in a transaction already aborted) is not remembered, and the statement runs as written,
 * so its own error is the one reported.
 */
function preparePgliteStatements(
  client: import('@electric-sql/pglite').PGlite,
  escapeLiteral: (text: string) => string,
) {
  const literal = (value: unknown): string | undefined => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'string') return escapeLiteral(value);
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
      return `'${String(value)}'`;
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return undefined;
  };
  const prepared = new Map<string, Promise<boolean>>();
  const prepare = (query: QueryFn, name: string, text: string) => {
    let done = prepared.get(name);
    if (!done) {
      done = (query(`PREPARE ${name} AS ${text}`) as Promise<unknown>).then(
        () => true,
        () => {
          prepared.delete(name);
          return false;
        },
      );
      prepared.set(name, done);
    }
    return done;
  };
  wrapPgliteQueries(client, (query) => {
    // Statements reach PGlite in the order they were called on this handle, even when one waits
    // for its PREPARE and the next does not: a pipeline (db/pipeline.ts) sets several going at
    // once and relies on it (an order's number is written after its insert).
    let previous: Promise<unknown> = Promise.resolve();
    return (...args: unknown[]) => {
      const [text, values, ...rest] = args;
      const sent = previous.then(async () => {
        if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
          const literals = values.map(literal);
          const name = literals.every((l) => l !== undefined) && statementName(text, values);
          if (name && (await prepare(query, name, text)))
            return { answer: query(`EXECUTE ${name}(${literals.join(', ')})`, [], ...rest) };
        }
        return { answer: query(...args) };
      });
      previous = sent.catch(() => undefined);
      return sent.then((s) => s.answer);
    };
  });
}

/**
 * Times every statement of a pooled connection (store_db_query_duration_seconds). pg answers
 * through a callback (Pool.query's way) or a promise (drizzle's transactions): both are timed.
 */
function timePgStatements(client: import('pg').PoolClient) {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      let done: (err?: unknown) => void = () => undefined;
      void timedStatement(
        text,
        () =>
          new Promise<void>((resolve, reject) => {
            done = (err) => (err ? reject(err) : resolve());
          }),
      ).catch(() => undefined);
      const callback = args[callbackAt] as (err: unknown, res: unknown) => void;
      args[callbackAt] = (err: unknown, res: unknown) => {
        done(err ?? undefined);
        callback(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) void timedStatement(text, () => result).catch(() => undefined);
    return result;
  };
}

/** The same for PGlite: its statements, and those inside its transactions. */
function timePgliteStatements(client: import('@electric-sql/pglite').PGlite) {
  wrapPgliteQueries(
    client,
    (query) =>
      (...args: unknown[]) =>
        timedStatement(args[0], () => query(...args) as Promise<unknown>),
  );
}

/**
 * Replaces PGlite's `query` by `wrap(query)`, on the client and on the handle of each of its
 * transactions (drizzle runs a transaction's statements through the handle, not the client).
 */
function wrapPgliteQueries(
  client: import('@electric-sql/pglite').PGlite,
  wrap: (query: QueryFn) => QueryFn,
) {
  const wrapHandle = (target: { query: QueryFn }) => {
    target.query = wrap(target.query.bind(target) as QueryFn);
  };
  wrapHandle(client as unknown as { query: QueryFn });
  const transaction = client.transaction.bind(client) as QueryFn;
  (client as unknown as { transaction: QueryFn }).transaction = (fn: unknown) =>
    transaction((tx: { query: QueryFn }) => {
      wrapHandle(tx);
      return (fn as (tx: unknown) => unknown)(tx);
    });
}

/** Several server processes may start together; an advisory lock lets one migrate at a time. */
async function migrateOnce(
  pool: import('pg').Pool,
  run: (client: import('pg').PoolClient) => Promise<void>,
) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await run(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}
