import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import { NotFoundError } from '../../lib/http-errors';
import { errorMessages } from '@store/contract';
import { areaAccess } from '../../plugins/route-access';

const NAME = /^[0-9a-f-]{36}-\d+\.webp$/;

/**
 * The public side of the uploads: `/api/v5/media/<uuid>-<width>.webp` of the tenant the host
 * names. The tenant is never part of the address, so a store cannot read through another's.
 * Names are never reused (a new upload is a new uuid), hence a year of immutable caching.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.get(
    '/v5/media/:name',
    {
      schema: {
        tags: ['media'],
        summary: "One of the store's uploaded images (WebP), cached for a year",
        description:
          'Images uploaded in the back office, in each width they were encoded to. Only the current store’s images: any other name is a 404.',
        params: z.object({ name: z.string() }),
        response: {
          200: {
            description: 'The image (image/webp)',
            content: { 'image/webp': { schema: z.string() } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const tenant = request.requireTenant();
      const { name } = request.params;
      const found = NAME.test(name) ? await server.mediaStorage.get(`${tenant.uid}/${name}`) : null;
      if (!found) throw new NotFoundError(errorMessages.notFound);
      return reply
        .type(found.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.body as unknown as string);
    },
  );
};
