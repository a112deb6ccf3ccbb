import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/client';
import { seedDemoTenants, readDemoTenantFiles } from './tenants/demo-seed';

const config = configFromEnv();
const { db, kind, close } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.seedDemo) {
  const seeded = await seedDemoTenants(db);
  for (const s of seeded) console.log(`demo tenant ${s.created ? 'created' : 'updated'}: ${s.domain}`);
}

const app = await buildApp({
  db,
  dbKind: kind,
  webDist: config.webDist,
  logger: { level: config.logLevel },
});

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
  await close();
});

await app.listen({ port: config.port, host: config.host });

const demoHosts = (await readDemoTenantFiles()).map((f) => (f.data as { app: { domain: string } }).app.domain);
console.log(
  [
    '',
    `Store and loyalty app on ${kind === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`,
    'Demo stores:',
    ...demoHosts.map((host) => `  http://${host}:${config.port}/`),
    `API docs: http://localhost:${config.port}/api/docs`,
    '',
  ].join('\n'),
);
