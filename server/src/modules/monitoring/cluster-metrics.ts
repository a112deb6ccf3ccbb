import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, register } from 'prom-client';
import type { MetricsText } from './metrics-route';

/**
 * In a cluster every worker counts its own requests; Prometheus must see the sum. The primary
 * asks every worker (prom-client's AggregatorRegistry, over the cluster's IPC channel) and
 * answers METRICS_PORT itself; a worker that receives GET /metrics (METRICS_TOKEN) asks the
 * primary for the same answer, whichever worker the connection landed on.
 */
const REQUEST = 'store:metrics-request';
const ANSWER = 'store:metrics-answer';

type Request = { type: typeof REQUEST; id: string };
type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string };

/** The primary's side: every worker's figures, aggregated; workers' requests answered. */
export function primaryMetrics(): MetricsText {
  const aggregator = new AggregatorRegistry();
  const metricsText: MetricsText = async () => ({
    contentType: aggregator.contentType,
    text: await aggregator.clusterMetrics(),
  });
  cluster.on('message', (worker, message: Request) => {
    if (message?.type !== REQUEST) return;
    metricsText().then(
      ({ text }) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (err: Error) =>
        worker.send({ type: ANSWER, id: message.id, error: err.message } satisfies Answer),
    );
  });
  return metricsText;
}

/** A worker's side: answers the primary's requests for this process's figures (prom-client's listener). */
export function answerPrimaryMetrics(): void {
  new AggregatorRegistry();
}

/** A worker's side: asks the primary, waits at most 10 s. */
export const workerMetricsText: MetricsText = () =>
  new Promise((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('the cluster primary did not answer the metrics request'));
    }, 10_000);
    const listen = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve({ contentType: register.contentType, text: message.text! });
    };
    process.on('message', listen);
    process.send!({ type: REQUEST, id } satisfies Request);
  });
