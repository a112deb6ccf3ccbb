import fp from 'fastify-plugin';
import { httpDuration, httpErrors, httpRequests } from './metrics';

/**
 * Rate, latency and errors of every answer, per route pattern. A request no route matched
 * (a scanner's guesses) counts as `unmatched`, so made-up URLs cannot grow the label set.
 */
export const requestMetricsPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const method = request.method;
      const status = reply.statusCode;
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe(
        { method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      if (status >= 500) httpErrors.inc({ method, route });
    });
  },
  { name: 'request-metrics' },
);
