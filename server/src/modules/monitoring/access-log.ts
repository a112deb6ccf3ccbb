import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessLogLevel } from '../../config';
import { loggedPath } from '../../lib/log-path';

/** pino's `isLevelEnabled` (Fastify's logger type does not name it; its no-op logger lacks it). */
const levelCheck = (log: FastifyBaseLogger) =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;

/**
 * One line per answered request (Fastify's own two lines are turned off in app.ts), at
 * ACCESS_LOG_LEVEL: the request id, the tenant and the member by their uids (never an email),
 * the route pattern and the path without its query string, its link tokens and coupon codes
 * (lib/log-path.ts): a log reader must not hold a working reset, deletion or invitation link.
 */
export const accessLogPlugin = fp<{ level: AccessLogLevel }>(
  async (app, { level }) => {
    // Without a logger (Fastify's `logger: false` has no levels) the line would go nowhere.
    if (level === 'silent' || typeof levelCheck(app.log) !== 'function') return;
    app.addHook('onResponse', async (request, reply) => {
      // The path's cleaning is a fiftieth of a micro-cached answer's CPU: not for a line not written.
      if (!levelCheck(request.log)!.call(request.log, level)) return;
      const route = request.routeOptions.url ?? null;
      request.log[level](
        {
          method: request.method,
          path: loggedPath(request.url, route),
          route,
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
