import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { configFromEnv, paths } from '../../config';
import { openDatabase } from '../client';
import { requestBackup } from './socket';

/**
 * `npm run backup [-- file]` and `npm run restore -- file` for the embedded (PGlite) database of
 * DATA_DIR. A running server hands its backup over its local socket (socket.ts), taken while no
 * query runs; with no server running the folder is opened here. PostgreSQL is backed up with its
 * own tools (README, "Backups").
 */

// npm runs workspace scripts in server/; a file named on the command line is relative to where it was typed.
const cwd = process.env.INIT_CWD ?? process.cwd();

const usage = `usage: npm run backup [-- <file.tar.gz>]    copy the embedded database of DATA_DIR (the server may run)
       npm run restore -- <file.tar.gz>     make DATA_DIR (a missing or empty folder) from a backup`;

async function backup(file: string | undefined, dataDir: string): Promise<number> {
  const target = path.resolve(
    cwd,
    file ??
      path.join(
        paths.repoRoot,
        'backups',
        `store-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
      ),
  );
  let tarball = await requestBackup(dataDir);
  const from = tarball ? 'the running server' : 'the folder (no server running)';
  if (!tarball) {
    if (!(await hasDatabase(dataDir))) {
      console.error(`no database in ${dataDir} (DATA_DIR) and no server serving it`);
      return 1;
    }
    const handle = await openDatabase({ dataDir });
    try {
      tarball = Buffer.from(await (await handle.dump!()).arrayBuffer());
    } finally {
      await handle.close();
    }
  }
  await mkdir(path.dirname(target), { recursive: true });
  // Written aside and renamed: a backup file that exists is a whole one.
  await writeFile(`${target}.partial`, tarball, { mode: 0o600 });
  await rename(`${target}.partial`, target);
  console.log(`backup of ${dataDir} from ${from}: ${target} (${tarball.length} bytes)`);
  return 0;
}

async function restore(file: string | undefined, dataDir: string): Promise<number> {
  if (!file) {
    console.error(usage);
    return 2;
  }
  // Never over a database: whoever restores moves the old folder away first, on purpose.
  const existing = await readdir(dataDir).catch(() => []);
  if (existing.length) {
    console.error(
      `${dataDir} (DATA_DIR) is not empty: stop the server, move the folder away, then restore`,
    );
    return 1;
  }
  const tarball = await readFile(path.resolve(cwd, file));
  // Loading runs the migrations too: an older backup comes back on this version's schema.
  const handle = await openDatabase({ dataDir, loadDataDir: new Blob([tarball]) });
  await handle.close();
  console.log(`restored ${file} into ${dataDir}`);
  return 0;
}

async function hasDatabase(dataDir: string): Promise<boolean> {
  return stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  const config = configFromEnv();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump or point-in-time recovery (README, "Backups")',
    );
    return 2;
  }
  if (rest.length || (command !== 'backup' && command !== 'restore')) {
    console.error(usage);
    return 2;
  }
  return command === 'backup' ? backup(file, config.dataDir) : restore(file, config.dataDir);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
