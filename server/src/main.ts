import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { configFromEnv } from './config';

const config = configFromEnv();
// Before anything else is loaded, so the http and pg modules are instrumented; without an
// endpoint nothing of OpenTelemetry is imported at all.
const tracing = config.otlpEndpoint
  ? await (await import('./modules/monitoring/tracing')).startTracing(config.otlpEndpoint)
  : undefined;

const { buildApp } = await import('./app');
const { openDatabase } = await import('./db/client');
const { serveBackups } = await import('./db/backup/socket');
const { seedDemoTenants, readDemoTenantFiles } = await import('./tenants/demo-seed');
const { logRedaction } = await import('./lib/log-redaction');
const { welcomeBanner } = await import('./welcome');
const { collectProcessMetrics } = await import('./modules/monitoring/metrics');
const { localMetricsText } = await import('./modules/monitoring/metrics-route');
const { answerPrimaryMetrics, workerMetricsText } =
  await import('./modules/monitoring/cluster-metrics');
const { startMetricsServer } = await import('./modules/monitoring/metrics-server');

collectProcessMetrics();
const { db, kind, close, dump } = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
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

// In a cluster the primary holds every worker's figures (cluster-metrics.ts).
if (cluster.isWorker) answerPrimaryMetrics();
const metricsText = cluster.isWorker ? workerMetricsText : localMetricsText;
const app = await buildApp({
  db,
  dbKind: kind,
  webDist: config.webDist,
  logger: { level: config.logLevel, redact: logRedaction },
  accessLogLevel: config.accessLogLevel,
  metricsToken: config.metrics.token,
  metricsText,
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
  searchCacheSeconds: config.searchCacheSeconds,
  subscriptionRunSeconds: config.subscriptionRunSeconds,
  pointsExpiryRunSeconds: config.pointsExpiryRunSeconds,
  mailPruneRunSeconds: config.mailPruneRunSeconds,
  orderExpiryRunSeconds: config.orderExpiryRunSeconds,
  lowStockMailRunSeconds: config.lowStockMailRunSeconds,
  paymentReconcileRunSeconds: config.paymentReconcileRunSeconds,
  receipts: config.receipts,
  rucLookup: config.rucLookup,
});

const metricsServer =
  config.metrics.port && !cluster.isWorker
    ? await startMetricsServer({
        port: config.metrics.port,
        host: config.metrics.host,
        metricsText,
        onError: (err) => app.log.error({ err }, 'metrics failed'),
      })
    : undefined;

/**
 * SIGTERM (or SIGINT): readiness fails first and the server keeps answering while the load
 * balancer notices (SHUTDOWN_DRAIN_SECONDS); then app.close() stops taking connections, waits
 * for the requests in flight (an order's transaction commits and is answered), stops the
 * schedulers (each waits for its run) and the mailer; the database closes last.
 */
closeWithGrace(
  { delay: (config.shutdown.drainSeconds + config.shutdown.timeoutSeconds) * 1000 },
  async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    app.readiness.drain();
    if (!err && config.shutdown.drainSeconds)
      await new Promise((resolve) => setTimeout(resolve, config.shutdown.drainSeconds * 1000));
    await app.close();
    await metricsServer?.close();
    await close();
    app.log.info('closed');
    // The last spans, if the collector answers soon: an unreachable one must not hold the exit.
    await Promise.race([tracing?.shutdown(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  },
);

await app.listen({ port: config.port, host: config.host });

// In a cluster, the first worker alone tells the newcomer where things are.
const workerNumber = process.env.CLUSTER_WORKER;
if (!workerNumber || workerNumber === '1') await printWelcome();

async function printWelcome() {
  const demoFiles = (await readDemoTenantFiles()).map((f) => f.data as never);
  console.log(welcomeBanner({ kind, config, demoFiles }));
}
