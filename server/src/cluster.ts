/**
 * `npm run start:cluster`: several server processes on one PostgreSQL
 * database, sharing the port (node:cluster hands connections round-robin).
 * The server keeps nothing in memory that another process needs (sessions,
 * carts, rate limits and stock live in the database), so any worker can
 * answer any request. WORKERS sets how many (default: one per core).
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { configFromEnv } from './config';
import { openDatabase } from './db/client';
import { seedDemoTenants } from './tenants/demo-seed';
import { primaryMetrics } from './modules/monitoring/cluster-metrics';
import { startMetricsServer } from './modules/monitoring/metrics-server';
import { isPublicCacheMessage } from './plugins/public-cache';

const config = configFromEnv();

if (cluster.isPrimary) {
  if (!config.databaseUrl) {
    console.error(
      'start:cluster needs DATABASE_URL=postgres://...: the embedded PGlite database belongs to one process.',
    );
    process.exit(2);
  }
  // Migrate and seed once, before any worker starts serving.
  const { db, close } = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 2,
    preparedStatements: config.databasePreparedStatements,
  });
  if (config.seedDemo) await seedDemoTenants(db);
  await close();

  // Member QRs are signed by one worker and checked by another: they must share the key.
  // Several machines must set QR_SECRET themselves; one machine's workers get a shared random one.
  process.env.QR_SECRET ||= randomBytes(32).toString('base64url');

  // Every worker's figures, summed: on METRICS_PORT here, or through a worker's GET /metrics.
  const metricsText = primaryMetrics();
  const metricsServer = config.metrics.port
    ? await startMetricsServer({
        port: config.metrics.port,
        host: config.metrics.host,
        metricsText,
        onError: (err) => console.error('metrics failed:', err),
      })
    : undefined;

  const workers = Number(process.env.WORKERS) || availableParallelism();
  console.log(`starting ${workers} server processes on port ${config.port}`);
  for (let i = 0; i < workers; i++) cluster.fork({ SEED_DEMO: '0', CLUSTER_WORKER: String(i + 1) });
  // A worker whose staff or back office changed a store tells the others to drop their cached
  // copies of its public answers (plugins/public-cache.ts).
  cluster.on('message', (from, message) => {
    if (!isPublicCacheMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker !== from) worker.send(message);
  });
  let stopping = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void metricsServer?.close();
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork({ SEED_DEMO: '0' });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
} else {
  await import('./main');
}
