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
};
