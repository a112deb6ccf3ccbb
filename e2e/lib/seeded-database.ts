import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDatabase, dropDatabase } from '../../server/test/support/database-copies';

/**
 * The migrated and seeded database every server of the run starts from. The server suite's
 * template code (server/test/support/database-templates.ts: the same migrations and demo import)
 * builds it; loading that code costs a process about 4 CPU-seconds, so `npm test -w e2e`
 * (scripts/run-tests.mjs) prepares the database once and hands it to every file through
 * E2E_SEEDED_FOLDER and E2E_SEEDED_TEMPLATE. A file run by hand prepares it itself.
 */

/**
 * The PostgreSQL server the browser suite's servers run on, when E2E_DATABASE_URL names one;
 * otherwise they run on the embedded PGlite, the database `npm start` runs on.
 */
export function postgresServerUrl(): string | undefined {
  return process.env.E2E_DATABASE_URL || undefined;
}

/**
 * The seeded database as a PGlite data folder, unpacked once from the server suite's template;
 * each server gets a copy, so it starts in a second or two instead of migrating and importing the
 * demo tenants and their weeks of orders.
 */
let seededFolder: Promise<string> | undefined;
export function seededDataFolder(): Promise<string> {
  const prepared = process.env.E2E_SEEDED_FOLDER;
  if (prepared && existsSync(prepared)) return Promise.resolve(prepared);
  return (seededFolder ??= (async () => {
    const { pgliteTemplate, templateName } =
      await import('../../server/test/support/database-templates');
    const { openDatabase } = await import('../../server/src/db/client');
    const root = path.join(tmpdir(), 'store-e2e-templates');
    const folder = path.join(root, `seeded-${await templateName('seeded')}`);
    if (existsSync(folder)) return folder;
    mkdirSync(root, { recursive: true });
    const partial = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const handle = await openDatabase({
      dataDir: partial,
      loadDataDir: await pgliteTemplate('seeded'),
    });
    await handle.close();
    // Renamed whole: a file running at the same time uses a complete folder or builds its own.
    try {
      renameSync(partial, folder);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
    return folder;
  })());
}

/** The seeded template database on the PostgreSQL server (the server suite's, shared with it). */
export async function seededPostgresTemplate(serverUrl: string): Promise<string> {
  if (process.env.E2E_SEEDED_TEMPLATE) return process.env.E2E_SEEDED_TEMPLATE;
  const { postgresTemplate } = await import('../../server/test/support/database-templates');
  return postgresTemplate(serverUrl, 'seeded');
}

export type PostgresCopy = { url: string; drop: () => Promise<void> };

/** A database of its own for one server, copied from the seeded template. */
export async function seededPostgresCopy(serverUrl: string): Promise<PostgresCopy> {
  const name = `e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await seededPostgresTemplate(serverUrl);
  await copyDatabase(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(serverUrl, name).catch(() => undefined),
  };
}
