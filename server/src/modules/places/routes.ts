import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import { areaSummary, pageQuery, paged, pickupSchedule, place } from '@store/contract';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { findPlace, listAreas, listPlaces, pickupScheduleOf } from './service';
import { areaAccess } from '../../plugins/route-access';

const tags = ['places'];
const errors = errorResponses(400, 404);

export const placesRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.get(
    '/v7/places/',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Places (branches) of the store, sorted by name',
        querystring: pageQuery.extend({
          company: z.string().trim().optional(),
          area: z.string().trim().optional(),
          search: z.string().trim().max(100).optional(),
          subscription_enabled: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: paged(place), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return pagedAnswer(request, pageWindow(q, 50), (window) =>
        listPlaces(
          request.scope(),
          {
            company: q.company || undefined,
            area: q.area || undefined,
            search: q.search || undefined,
            subscriptionEnabled:
              q.subscription_enabled === undefined ? undefined : q.subscription_enabled === 'true',
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v7/areas/',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Areas (cities) of the store; with company, only those where it has places',
        querystring: pageQuery.extend({
          company: z.string().trim().optional(),
          country: z.string().trim().max(2).optional(),
        }),
        response: { 200: paged(areaSummary), ...errors },
      },
    },
    async (request) => {
      return pagedAnswer(request, pageWindow(request.query, 50), (window) =>
        listAreas(
          request.scope(),
          {
            company: request.query.company || undefined,
            country: request.query.country || undefined,
          },
          window,
        ),
      );
    },
  );

  server.get(
    '/v7/places/:uid/pickup-schedule/',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Pickup slots of the coming days',
        description:
          'Half-hour slots from the place timetable, starting 30 minutes from now. `days` (1 to 14, default 7).',
        params: z.object({ uid: z.string() }),
        querystring: z.object({ days: z.coerce.number().int().min(1).max(14).default(7) }),
        response: { 200: pickupSchedule, ...errors },
      },
    },
    async (request) => {
      const row = await findPlace(server.db, request.requireTenant(), request.params.uid);
      return pickupScheduleOf(row, new Date(), request.query.days);
    },
  );
};
