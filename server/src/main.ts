import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/client';
import { seedDemoTenants, readDemoTenantFiles } from './tenants/demo-seed';

const config = configFromEnv();
const { db, kind, close } = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
});
if (config.seedDemo) {
  const seeded = await seedDemoTenants(db);
  for (const s of seeded)
    console.log(`demo tenant ${s.created ? 'created' : 'updated'}: ${s.domain}`);
}

const app = await buildApp({
  db,
  dbKind: kind,
  webDist: config.webDist,
  logger: { level: config.logLevel },
  accounts: config.accounts,
  trustProxy: config.trustProxy,
  publicUrl: config.publicUrl,
  imgSrc: config.imgSrc,
  timeouts: config.timeouts,
  publicCacheSeconds: config.publicCacheSeconds,
  tenantCacheSeconds: config.tenantCacheSeconds,
  subscriptionRunSeconds: config.subscriptionRunSeconds,
  pointsExpiryRunSeconds: config.pointsExpiryRunSeconds,
});

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
  await close();
});

await app.listen({ port: config.port, host: config.host });

// In a cluster, the first worker alone tells the newcomer where things are.
const workerNumber = process.env.CLUSTER_WORKER;
if (!workerNumber || workerNumber === '1') await printWelcome();

async function printWelcome() {
  type DemoFile = { app: { domain: string }; users?: { email: string; password: string }[] };
  const demoFiles = (await readDemoTenantFiles()).map((f) => f.data as DemoFile);
  const demoHosts = demoFiles.map((f) => f.app.domain);
  const demoAccounts = demoFiles.flatMap((f) =>
    (f.users ?? []).map(
      (u) => `  ${u.email} / ${u.password} on http://${f.app.domain}:${config.port}/`,
    ),
  );
  console.log(
    [
      '',
      `Store and loyalty app on ${kind === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`,
      'Demo stores:',
      ...demoHosts.map((host) => `  http://${host}:${config.port}/`),
      'Demo accounts:',
      ...demoAccounts,
      config.accounts.smtpUrl
        ? 'Mails are sent through SMTP_URL.'
        : 'Mails (verification, recovery, deletion links) are printed in this log and kept in the mail_outbox table; set SMTP_URL to send them.',
      `API docs: http://localhost:${config.port}/api/docs`,
      '',
    ].join('\n'),
  );
}
