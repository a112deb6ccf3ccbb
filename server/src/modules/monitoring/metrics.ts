import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * Every figure the server exposes to Prometheus, on prom-client's global registry: the one a
 * cluster's primary collects from each worker (AggregatorRegistry). Labels are bounded on
 * purpose: a route is its pattern (`/api/v5/places/:uid/orders/`), never the URL, and no figure
 * names a tenant, so the endpoint tells nothing about one store to whoever reads it.
 */

let defaultsOn = false;
/** Process figures: CPU, memory, heap, GC, handles and the event-loop lag (`nodejs_eventloop_lag_*`). */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
}

export const httpRequests = new Counter({
  name: 'store_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpDuration = new Histogram({
  name: 'store_http_request_duration_seconds',
  help: 'Time from receiving a request to the end of its answer, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const httpErrors = new Counter({
  name: 'store_http_errors_total',
  help: 'Answers 500 and above (the server failed), by method and route pattern.',
  labelNames: ['method', 'route'] as const,
});

export const ordersPlaced = new Counter({
  name: 'store_orders_placed_total',
  help: 'Orders placed at checkout, by the payment status they started with (PAID, IN_PROCESS, PENDING...).',
  labelNames: ['payment_status'] as const,
});

export const ordersFailed = new Counter({
  name: 'store_orders_failed_total',
  help: 'Checkouts that placed no order, by the HTTP status they ended with (400 refused, 409 price changed, 500 failure).',
  labelNames: ['status'] as const,
});

export const paymentUpdates = new Counter({
  name: 'store_payment_updates_total',
  help: 'Card payment decisions read from the provider after checkout (notifications and reconciliation), by outcome.',
  labelNames: ['outcome'] as const,
});

export const dbQueryDuration = new Histogram({
  name: 'store_db_query_duration_seconds',
  help: 'Time of each database statement, by its first SQL word (select, insert, update, delete, other).',
  labelNames: ['statement'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});

export const dbQueryErrors = new Counter({
  name: 'store_db_query_errors_total',
  help: 'Database statements that failed (constraint violations included), by first SQL word.',
  labelNames: ['statement'] as const,
});

export const schedulerRuns = new Counter({
  name: 'store_scheduler_runs_total',
  help: 'Runs of the in-server schedulers, by job and outcome (ok, failed).',
  labelNames: ['job', 'outcome'] as const,
});

export const schedulerDuration = new Histogram({
  name: 'store_scheduler_run_duration_seconds',
  help: 'Time of each in-server scheduler run, by job.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
});

/** The first SQL word of a statement, for a label with five values at most. */
export function statementOf(text: unknown): string {
  const word = /^\s*(\w+)/.exec(typeof text === 'string' ? text : '')?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete'
    ? word
    : 'other';
}

/** Times `run` as one database statement. */
export async function timedStatement<T>(text: unknown, run: () => Promise<T>): Promise<T> {
  const statement = statementOf(text);
  const end = dbQueryDuration.startTimer({ statement });
  try {
    return await run();
  } catch (err) {
    dbQueryErrors.inc({ statement });
    throw err;
  } finally {
    end();
  }
}

/**
 * Figures read when Prometheus scrapes (the pool's connections, the mail outbox's backlog):
 * each open database registers a source and takes it away when it closes. Several sources
 * (tests build many apps in one process) answer the newest one.
 */
type Sources = {
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  outboxBacklog?: () => Promise<number>;
};
const poolSources: NonNullable<Sources['pool']>[] = [];
const backlogSources: NonNullable<Sources['outboxBacklog']>[] = [];

export function addPoolSource(source: NonNullable<Sources['pool']>): () => void {
  poolSources.push(source);
  return () => void poolSources.splice(poolSources.indexOf(source), 1);
}

export function addOutboxBacklogSource(source: NonNullable<Sources['outboxBacklog']>): () => void {
  backlogSources.push(source);
  return () => void backlogSources.splice(backlogSources.indexOf(source), 1);
}

const poolGauge = (
  name: string,
  help: string,
  pick: (s: ReturnType<NonNullable<Sources['pool']>>) => number,
) =>
  new Gauge({
    name,
    help,
    collect() {
      const source = poolSources.at(-1);
      if (source) this.set(pick(source()));
    },
  });

poolGauge(
  'store_db_pool_connections',
  'PostgreSQL connections the pool holds (busy and idle).',
  (s) => s.total,
);
poolGauge(
  'store_db_pool_idle_connections',
  'PostgreSQL connections idle in the pool.',
  (s) => s.idle,
);
poolGauge(
  'store_db_pool_waiting_requests',
  'Queries waiting for a free PostgreSQL connection (above 0 for long: the pool is too small).',
  (s) => s.waiting,
);
poolGauge(
  'store_db_pool_max_connections',
  "The pools' size: DATABASE_POOL_SIZE, and half as many for the product lists (generic plans).",
  (s) => s.max,
);

new Gauge({
  name: 'store_mail_outbox_backlog',
  help: 'Mails in the outbox not sent yet (every tenant). The same figure in every process: a cluster reports the largest.',
  // Every worker reads the same table: summing them would multiply the backlog.
  aggregator: 'max',
  async collect() {
    const source = backlogSources.at(-1);
    if (source) this.set(await source());
  },
});

export { register as metricsRegistry };
