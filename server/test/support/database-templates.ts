import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storeDateOf, storeInstant, type StoreDate } from '@store/contract';
import { paths } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { seedDemoTenants } from '../../src/tenants/demo-seed';
import { distributeSchema } from '../../src/db/citus/distribute';
import { joinCluster } from '../../src/db/citus/nodes';
import { citusWorkers, copyDatabase, dropDatabase, nodeUrls, onServer } from './database-copies';
import pg from 'pg';

/**
 * Template databases for the tests: migrating and seeding took most of each
 * test file's setup, so it is done once and each file starts from a copy.
 * `migrated` has the schema only; `seeded` has the demo tenants too. A
 * template is named by a hash of everything that decides its content
 * (migrations, server code, demo tenant files, the package versions), so a
 * stale one is never used: a change makes a new one and old ones are removed.
 * The seeded one also carries its history's day (`historyDay()`).
 */
export type TemplateKind = 'migrated' | 'seeded';

/** A template unused this long is removed by the next run that builds one. */
const STALE_MS = 24 * 3600_000;

let keyOnce: Promise<string> | undefined;
let historyDayOnce: StoreDate | undefined;

/**
 * The store day the seeded template's demo history counts back from, fixed once per process.
 * The history is relative to the day it is written (its last orders are the day before), so a
 * template built before the store's midnight and read after it would hold other figures than a
 * plan made that morning: the day names the seeded template, and a test that checks the
 * history's figures plans them from this day, not from the clock.
 */
export function historyDay(): StoreDate {
  return (historyDayOnce ??= process.env[HISTORY_DAY_VARIABLE] || storeDateOf(new Date()));
}

/**
 * Where a process that prepared the seeded template hands its day to the processes that read it
 * (the browser suite's files start after its preparation, maybe past midnight).
 */
export const HISTORY_DAY_VARIABLE = 'TEST_HISTORY_DAY';

/** The name part of a template of this kind: the seeded one is a day's. */
export async function templateName(kind: TemplateKind): Promise<string> {
  const key = await templateKey();
  return kind === 'seeded' ? `${key}_${historyDay().replaceAll('-', '')}` : key;
}

/** Seeds the demo tenants with their history written as on `historyDay()`. */
function seedTemplate(db: Parameters<typeof seedDemoTenants>[0]) {
  return seedDemoTenants(db, { historyNow: storeInstant(historyDay(), 12 * 60) });
}

/** The hash that names the templates of this checkout (16 hex characters). */
export function templateKey(): Promise<string> {
  return (keyOnce ??= (async () => {
    const hash = createHash('sha256');
    // The lock file pins the versions of PGlite (its data folder format), drizzle and pg.
    hash.update(await readFile(path.join(paths.repoRoot, 'package-lock.json')));
    // The seed runs the importer and the schema; the demo tenants live under src/ too.
    for (const root of [paths.migrations, path.join(paths.repoRoot, 'server', 'src')]) {
      const files = (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
      for (const file of files) {
        hash.update(path.relative(paths.repoRoot, file));
        hash.update(await readFile(file));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })());
}

// ---------------------------------------------------------------------------
// PGlite: a tarball of the data folder (dumpDataDir), loaded by each file.

const pgliteDir = path.join(os.tmpdir(), 'store-test-templates');
const pgliteTemplates = new Map<TemplateKind, Promise<Blob>>();

/** The template's data folder as a tarball for PGlite's `loadDataDir`, built on first use. */
export function pgliteTemplate(kind: TemplateKind): Promise<Blob> {
  let template = pgliteTemplates.get(kind);
  if (!template) {
    template = loadOrBuildPglite(kind);
    pgliteTemplates.set(kind, template);
  }
  return template;
}

async function loadOrBuildPglite(kind: TemplateKind): Promise<Blob> {
  const file = path.join(pgliteDir, `pglite-${kind}-${await templateName(kind)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The seeded template starts from the migrated one: the migrations run once per run.
  const handle = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: kind === 'seeded' ? await pgliteTemplate('migrated') : undefined,
  });
  let tarball: Blob;
  try {
    if (kind === 'seeded') await seedTemplate(handle.db);
    const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite })
      .$client;
    // A checkpoint first, so a copy starts without replaying the WAL.
    await client.exec('CHECKPOINT');
    tarball = await client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
  await mkdir(pgliteDir, { recursive: true });
  await removeStalePgliteTemplates();
  // Written aside and renamed: a file running at the same time sees the whole tarball or none.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
  await rename(partial, file);
  return tarball;
}

async function removeStalePgliteTemplates() {
  const now = Date.now();
  for (const name of await readdir(pgliteDir)) {
    const file = path.join(pgliteDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.atimeMs > STALE_MS && now - info.mtimeMs > STALE_MS)
      await rm(file, { force: true });
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL: a template database on the server of TEST_DATABASE_URL, copied
// by CREATE DATABASE ... TEMPLATE.

/** Serialises template builds across the test processes of every checkout sharing the server. */
const BUILD_LOCK = 727275;
const postgresTemplates = new Map<TemplateKind, Promise<string>>();

/** The name of the template database, built on first use. */
export function postgresTemplate(serverUrl: string, kind: TemplateKind): Promise<string> {
  let template = postgresTemplates.get(kind);
  if (!template) {
    template = ensurePostgresTemplate(serverUrl, kind);
    postgresTemplates.set(kind, template);
  }
  return template;
}

async function ensurePostgresTemplate(serverUrl: string, kind: TemplateKind): Promise<string> {
  const name = `test_template_${kind}_${await templateName(kind)}`;
  // The seeded template starts from the migrated one: the migrations run once per run.
  const from = kind === 'seeded' ? await postgresTemplate(serverUrl, 'migrated') : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [BUILD_LOCK]);
    const { rows } = await admin.query<{ ready: boolean }>(
      'SELECT datistemplate AS ready FROM pg_database WHERE datname = $1',
      [name],
    );
    // Not marked as a template: a build that did not finish; start over.
    if (rows[0] && !rows[0].ready) await dropDatabase(serverUrl, name);
    if (!rows[0]?.ready) {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const workers = citusWorkers();
      if (from) await copyDatabase(serverUrl, name, from);
      else if (workers.length)
        // The database, its extensions and the node list on every node of the cluster.
        await joinCluster(url.toString(), { host: url.hostname, port: Number(url.port) }, workers);
      else await admin.query(`CREATE DATABASE ${name}`);
      const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        if (workers.length && kind === 'migrated') {
          const client = new pg.Client({ connectionString: url.toString() });
          await client.connect();
          await distributeSchema(client).finally(() => client.end());
        }
        if (kind === 'seeded') await seedTemplate(handle.db);
      } finally {
        await handle.close();
      }
      // No connections allowed: CREATE DATABASE ... TEMPLATE fails while anyone is connected.
      for (const nodeUrl of nodeUrls(serverUrl)) {
        await onServer(nodeUrl, async (node) => {
          await node.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
          // Citus's maintenance daemon and its connections between nodes hold the database.
          await node.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
        });
      }
      await removeStalePostgresTemplates(serverUrl, admin, name);
    }
    // The last use, so that stale templates can be told apart from those in use.
    await admin.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [BUILD_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

async function removeStalePostgresTemplates(
  serverUrl: string,
  admin: import('pg').Client,
  keep: string,
) {
  const { rows } = await admin.query<{ name: string; used: string | null }>(
    `SELECT d.datname AS name, shobj_description(d.oid, 'pg_database') AS used
       FROM pg_database d WHERE d.datname LIKE 'test\\_template\\_%' AND d.datname <> $1`,
    [keep],
  );
  for (const { name, used } of rows) {
    if (used && Date.now() - Date.parse(used) < STALE_MS) continue;
    await dropDatabase(serverUrl, name);
  }
}
