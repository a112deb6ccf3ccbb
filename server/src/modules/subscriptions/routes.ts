import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paged,
  subscription,
  subscriptionInput,
  subscriptionPatch,
  subscriptionsQuery,
} from '@store/contract';
import { requireUserHook } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { cancelSubscription, createSubscription, listSubscriptions } from './service';
import { areaAccess } from '../../plugins/route-access';

const tags = ['subscriptions'];
const errors = errorResponses(400, 401, 404);

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'member');
  server.post(
    '/v5/places/:uid/subscriptions/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Subscribes to products of a place on chosen weekdays',
        description:
          'Body: `products` (the subscription cart: uid, quantity, option_groups), `weekdays` (at least one of monday..sunday), `time_slot` {start, end} (a half-hour slot within the place hours of every chosen day), `payment_method` (CASH or CARD_ON_DELIVERY method uid: subscriptions are paid on each delivery), `shipping_type` pickup (default) or delivery with `delivery` {area, address, reference, latitude, longitude}, `comments`. The place and its company must have subscriptions enabled.',
        params: z.object({ uid: z.string() }),
        body: subscriptionInput,
        response: { 201: subscription, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createSubscription(request.memberScope(), request.params.uid, request.body)),
  );

  server.get(
    '/v5/subscriptions/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: "The member's subscriptions, newest first",
        description:
          'Filters `status` (active, canceled_by_user) and `place` (uid); paged by `page`.',
        querystring: subscriptionsQuery,
        response: { 200: paged(subscription), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listSubscriptions(
          request.memberScope(),
          { status: q.status, place: q.place || undefined },
          window,
        ),
      );
    },
  );

  server.patch(
    '/v5/subscriptions/:uid/',
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        summary: 'Cancels a subscription',
        description:
          "Body `{status: 'canceled_by_user'}`, the only change a member can make; another member's subscription is a 404.",
        params: z.object({ uid: z.string() }),
        body: subscriptionPatch,
        response: { 200: subscription, ...errors },
      },
    },
    async (request) => cancelSubscription(request.memberScope(), request.params.uid),
  );
};
