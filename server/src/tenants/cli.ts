/**
 * `npm run tenant -- import FILE.json [FILE.json...]` creates or updates tenants
 * from their files on the database the environment names (DATABASE_URL or ./data).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { hashSource, importTenant, TenantFileError } from './importer';

async function main(argv: string[]) {
  const [command, ...files] = argv;
  if (command !== 'import' || files.length === 0) {
    console.error('usage: npm run tenant -- import FILE.json [FILE.json...]');
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

main(process.argv.slice(2)).then((code) => process.exit(code));
