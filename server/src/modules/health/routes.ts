import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import { areaAccess } from '../../plugins/route-access';

export const healthRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        description:
          'Cheap enough for a liveness probe every few seconds: one `select 1`. A 503 means the database does not answer. Load balancers should route by `GET /api/ready` instead.',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
          // Like every API call: an API-KEY that names no app (or another app than the host's).
          ...errorResponses(403),
        },
      },
    },
    async (_request, reply) => {
      try {
        await server.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: server.dbKind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: server.dbKind });
      }
    },
  );

  server.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: whether this process should be sent requests',
        description:
          "200 when the database answers and holds every migration this version ships. 503 with a `reason`: `shutting_down` (a SIGTERM arrived: it fails first, before the process stops taking connections), `database_unreachable` or `migrations_pending`. For the load balancer's or Kubernetes' readiness probe; `GET /api/health` is the liveness probe.",
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({
            status: z.literal('not_ready'),
            reason: z.enum(['shutting_down', 'database_unreachable', 'migrations_pending']),
          }),
          ...errorResponses(403),
        },
      },
    },
    async (_request, reply) => {
      const answer = await server.readiness.check();
      if (answer.ready) return { status: 'ready' as const };
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ status: 'not_ready' as const, reason: answer.reason });
    },
  );
};
