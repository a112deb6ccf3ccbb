import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/src/app';
import { defaultAccountsConfig, scaledMailQuotas, scaledRateLimits } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { seedDemoTenants } from '../../server/src/tenants/demo-seed';

/** The real server in this process, on a free port, on PGlite in memory or DATABASE_URL. */
export async function startBenchServer(
  options: {
    prepare?: (db: import('../../server/src/db/client').Database) => Promise<unknown>;
  } = {},
) {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: 'memory://',
    // As the server reads it: DATABASE_PREPARED_STATEMENTS=0 measures the statements unprepared.
    preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== '0',
  });
  await seedDemoTenants(database.db);
  const prepared = options.prepare ? await options.prepare(database.db) : undefined;
  const publicCacheSeconds = Number(process.env.CATALOG_CACHE_SECONDS ?? 5);
  // The tenant look-up is remembered as in production (TENANT_CACHE_SECONDS, default 5); CATALOG_CACHE_SECONDS=0 still sends every catalogue call to the database.
  const tenantCacheSeconds = Number(process.env.TENANT_CACHE_SECONDS ?? 5);
  // A place's search answers, remembered as in production (SEARCH_CACHE_SECONDS, default 5).
  const searchCacheSeconds = Number(process.env.SEARCH_CACHE_SECONDS ?? 5);
  // The built web app, when there is one: its pages, rendered by React here (`npm run build`).
  const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({
    searchCacheSeconds,
    db: database.db,
    dbKind: database.kind,
    publicCacheSeconds,
    ...(existsSync(webDist) ? { webDist } : {}),
    tenantCacheSeconds,
    // The benches sign up their clients from one address, far past a real sign-up limit.
    accounts: defaultAccountsConfig({
      rateLimits: scaledRateLimits(1000),
      mailQuotas: scaledMailQuotas(1000),
    }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    port,
    prepared,
    publicCacheSeconds,
    searchCacheSeconds,
    kind: database.kind,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
