import { timingSafeEqual, createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../../lib/http-errors';
import { metricsRegistry } from './metrics';

export type MetricsText = () => Promise<{ contentType: string; text: string }>;

/** This process's figures, in Prometheus' text format. */
export const localMetricsText: MetricsText = async () => ({
  contentType: metricsRegistry.contentType,
  text: await metricsRegistry.metrics(),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics on the public port only when METRICS_TOKEN is set, and only for
 * `Authorization: Bearer <token>`: operations figures are not the store's API (not in the
 * OpenAPI document) and never public by default. METRICS_PORT serves them on a port of its own
 * instead (metrics-server.ts).
 */
export const metricsRoutePlugin = fp<{ token?: string; metricsText?: MetricsText }>(
  async (app, { token, metricsText = localMetricsText }) => {
    if (!token) return;
    const expected = digest(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Hashes first: equal lengths for timingSafeEqual, and no timing hint of the token's length.
      if (!timingSafeEqual(digest(given), expected)) throw new UnauthorizedError();
      const { contentType, text } = await metricsText();
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
  { name: 'metrics-route' },
);
