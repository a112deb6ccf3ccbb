import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import { cart, cartInput } from '@store/contract';
import { getCart, saveCart } from './service';
import { areaAccess } from '../../plugins/route-access';

const tags = ['cart'];
const errors = errorResponses(400, 401, 404);

export const cartRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  server.get(
    '/v5/me/shopping-cart/',
    {
      config: { limitedSession: 'allowed' },
      schema: {
        tags,
        summary: "The member's server cart at a place, priced from the catalogue",
        querystring: z.object({ place_uid: z.string().min(1) }),
        response: { 200: cart, ...errors },
      },
    },
    async (request) => getCart(request.memberScope(), request.query.place_uid),
  );

  server.post(
    '/v5/me/shopping-cart/',
    {
      config: { limitedSession: 'allowed' },
      schema: {
        tags,
        summary: "Replaces the member's cart at a place",
        description:
          'Every line is checked: product sold at the place, option groups of the product, options of their group, minimum and maximum per group, stock. Prices always come from the catalogue.',
        body: cartInput,
        response: { 200: cart, ...errors },
      },
    },
    async (request) => saveCart(request.memberScope(), request.body),
  );
};
