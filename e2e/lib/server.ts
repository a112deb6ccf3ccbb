import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  postgresServerUrl,
  seededDataFolder,
  seededPostgresCopy,
  type PostgresCopy,
} from './seeded-database';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app; E2E_WEB_DIST lets several people test their own builds side by side. */
export const webDist = process.env.E2E_WEB_DIST || path.join(repoRoot, 'web', 'dist');
/** Where the server source is taken from; E2E_SERVER_ROOT points at another checkout (e.g. a clean export). */
const serverRoot = process.env.E2E_SERVER_ROOT || repoRoot;

export type RunningServer = {
  port: number;
  /** http://{host}:{port} - host names under .localhost reach this server from Chromium. */
  url: (host?: string, pathname?: string) => string;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  port: number,
  child: ChildProcess,
  output: () => string,
  // A loaded machine (two browser files at a time, or several suites) can take minutes to start
  // the server; a server that exits fails at once, so waiting long costs nothing when it works.
  timeoutMs = Number(process.env.E2E_SERVER_START_MS ?? 180_000),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * How the server runs: its production build (`npm run build -w server`, which `test:e2e` runs
 * first) when that is newer than every source file, else the TypeScript sources through tsx (a
 * file run by hand after an edit). The build starts in a fraction of tsx's time, forty times a run.
 */
function serverCommand(): string[] {
  const built = path.join(serverRoot, 'server', 'dist', 'main.js');
  if (existsSync(built)) {
    const builtAt = statSync(built).mtimeMs;
    const sources = ['server/src', 'contract/src'].flatMap((dir) =>
      readdirSync(path.join(serverRoot, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name)),
    );
    if (sources.every((file) => statSync(file).mtimeMs <= builtAt))
      return ['--enable-source-maps', built];
  }
  return ['--import', 'tsx', 'server/src/main.ts'];
}

/**
 * A fresh copy of the seeded database folder, for a test file that changes the data before its
 * server starts: pass it as DATA_DIR (the server then keeps it) and remove it after the file.
 */
export async function seededDataCopy(): Promise<string> {
  const copy = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  cpSync(await seededDataFolder(), copy, { recursive: true });
  return copy;
}

/**
 * Imports the demo tenant file `name` (server/src/tenants/demo) as `change` edits it into the
 * database folder `dataDir`, recorded under the unchanged file's hash: the server's demo seeding
 * at start sees the file as imported already and keeps the change (areas and places are upserted,
 * never deleted).
 */
export async function importChangedDemoTenant(
  dataDir: string,
  name: string,
  change: (data: Record<string, unknown>) => void,
): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const { openDatabase } = await import('../../server/src/db/client');
  const { importTenant, hashSource } = await import('../../server/src/tenants/importer');
  const text = await readFile(
    path.join(serverRoot, 'server', 'src', 'tenants', 'demo', name),
    'utf8',
  );
  const data = JSON.parse(text) as Record<string, unknown>;
  change(data);
  const handle = await openDatabase({ dataDir });
  try {
    await importTenant(handle.db, data, hashSource(text));
  } finally {
    await handle.close();
  }
}

/** Starts the real server (a copy of the seeded database, demo tenants, built web app). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no web build at ${webDist}: run "npm run build -w web" first`);
  }
  const port = await freePort();
  // A test that prepared its own folder (a tenant imported by the CLI first) keeps it; the others
  // get a copy of the seeded database, on the PostgreSQL server when there is one.
  let ownCopy: string | undefined;
  let ownDatabase: PostgresCopy | undefined;
  if (!extraEnv.DATA_DIR && !extraEnv.DATABASE_URL) {
    const postgres = postgresServerUrl();
    if (postgres) ownDatabase = await seededPostgresCopy(postgres);
    else ownCopy = await seededDataCopy();
  }
  const child = spawn(process.execPath, serverCommand(), {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: ownCopy ?? 'memory://',
      ...(ownDatabase
        ? {
            DATABASE_URL: ownDatabase.url,
            // The database is thrown away after the file: its commits need not wait for the disk.
            PGOPTIONS: process.env.PGOPTIONS ?? '-c synchronous_commit=off',
          }
        : {}),
      // The browser tests play on the demo tenants (a PostgreSQL DATABASE_URL seeds them only when asked).
      SEED_DEMO: '1',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  try {
    await waitForHealth(port, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    if (ownCopy) rmSync(ownCopy, { recursive: true, force: true });
    await ownDatabase?.drop();
    throw error;
  }
  return {
    port,
    url: (host = 'localhost', pathname = '/') => `http://${host}:${port}${pathname}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
      if (ownCopy) rmSync(ownCopy, { recursive: true, force: true });
      await ownDatabase?.drop();
    },
  };
}
