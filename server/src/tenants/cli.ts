/**
 * `npm run tenant -- import FILE.json [FILE.json...]` creates or updates tenants
 * from their files on the database the environment names (DATABASE_URL or ./data);
 * `npm run tenant -- export <app key or domain> [FILE.json]` writes one tenant's file
 * (to standard output without FILE).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { hashSource, importTenant, TenantFileError } from './importer';
import { exportTenant, findTenantUid } from './exporter';

const usage = `usage: npm run tenant -- import FILE.json [FILE.json...]
       npm run tenant -- export <app key or domain> [FILE.json]`;

async function main(argv: string[]) {
  const [command, ...files] = argv;
  if (command === 'export' && (files.length === 1 || files.length === 2)) {
    return exportCommand(files[0], files[1]);
  }
  if (command !== 'import' || files.length === 0) {
    console.error(usage);
    return 2;
  }
  const config = configFromEnv();
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  let failed = 0;
  try {
    for (const file of files) {
      const full = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
      try {
        const text = await readFile(full, 'utf8');
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch (error) {
          throw new TenantFileError([
            { path: '', message: `not JSON: ${(error as Error).message}` },
          ]);
        }
        const result = await importTenant(db, data, hashSource(text));
        console.log(
          `${result.created ? 'created' : 'updated'} ${result.domain} (app ${result.appUid}) from ${file}`,
        );
        for (const warning of result.warnings) console.warn(`${file}: warning: ${warning}`);
      } catch (error) {
        failed++;
        console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await close();
  }
  return failed ? 1 : 0;
}

async function exportCommand(name: string, file: string | undefined) {
  const config = configFromEnv();
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    const appUid = await findTenantUid(db, name);
    if (!appUid) {
      console.error(`no tenant with app key or domain "${name}"`);
      return 1;
    }
    const text = `${JSON.stringify(await exportTenant(db, appUid), null, 2)}\n`;
    if (!file) {
      process.stdout.write(text);
      return 0;
    }
    await writeFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), text);
    console.error(`exported ${name} to ${file}`);
    return 0;
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
