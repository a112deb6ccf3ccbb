import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/client';
import { serveBackups } from './db/backup/socket';
import { seedDemoTenants, readDemoTenantFiles } from './tenants/demo-seed';
import { logRedaction } from './lib/log-redaction';
import { welcomeBanner } from './welcome';

const config = configFromEnv();
const { db, kind, close, dump } = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
});
// `npm run backup` asks this process for a consistent copy of its embedded database.
if (dump && !config.dataDir.startsWith('memory://'))
  await serveBackups(config.dataDir, dump, console);
if (config.seedDemo) {
  const seeded = await seedDemoTenants(db);
  for (const s of seeded) {
    console.log(`demo tenant ${s.created ? 'created' : 'updated'}: ${s.domain}`);
    for (const warning of s.warnings) console.warn(`demo tenant ${s.domain}: warning: ${warning}`);
  }
}

const app = await buildApp({
  db,
  dbKind: kind,
  webDist: config.webDist,
  logger: { level: config.logLevel, redact: logRedaction },
  accounts: config.accounts,
  trustProxy: config.trustProxy,
  publicUrl: config.publicUrl,
  imgSrc: config.imgSrc,
  media: config.media,
  analytics: config.analytics,
  mercadoPagoSdk: config.mercadoPagoSdk,
  timeouts: config.timeouts,
  publicCacheSeconds: config.publicCacheSeconds,
  tenantCacheSeconds: config.tenantCacheSeconds,
  subscriptionRunSeconds: config.subscriptionRunSeconds,
  pointsExpiryRunSeconds: config.pointsExpiryRunSeconds,
  orderExpiryRunSeconds: config.orderExpiryRunSeconds,
  paymentReconcileRunSeconds: config.paymentReconcileRunSeconds,
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
  const demoFiles = (await readDemoTenantFiles()).map((f) => f.data as never);
  console.log(welcomeBanner({ kind, config, demoFiles }));
}
