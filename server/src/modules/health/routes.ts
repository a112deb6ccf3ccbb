import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
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
