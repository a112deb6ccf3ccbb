import fp from 'fastify-plugin';
import type { AccessLogLevel } from '../../config';

/**
 * One line per answered request (Fastify's own two lines are turned off in app.ts), at
 * ACCESS_LOG_LEVEL: the request id, the tenant and the member by their uids (never an email),
 * the route pattern and the path without its query string (a link's query may carry a token).
 */
export const accessLogPlugin = fp<{ level: AccessLogLevel }>(
  async (app, { level }) => {
    if (level === 'silent') return;
    app.addHook('onResponse', async (request, reply) => {
      request.log[level](
        {
          method: request.method,
          path: request.url.split('?', 1)[0],
          route: request.routeOptions.url ?? null,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          tenant: request.tenant?.uid ?? null,
          user: request.user?.uid ?? null,
        },
        'request',
      );
    });
  },
  { name: 'access-log' },
);
