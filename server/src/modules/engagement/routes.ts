import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyEvent, eventsQuery, pageQuery, paged } from '@store/contract';
import { errorResponses } from '../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { getEvent, listCompanyEvents } from './events';
import { areaAccess } from '../../plugins/route-access';

const tags = ['engagement'];

export const engagementRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.get(
    '/v5/companies/:uid/events/',
    {
      schema: {
        tags,
        summary: "A company's events",
        description:
          'Ordered by start_date,start_time by default (`ordering=-start_date,-start_time` reverses); `upcoming=true` leaves out events that have ended. Only on apps with events switched on (events_enabled); elsewhere 404.',
        params: z.object({ uid: z.string() }),
        querystring: pageQuery.extend(eventsQuery.shape),
        response: { 200: paged(companyEvent), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      return pagedAnswer(request, pageWindow({ page, page_size }), (window) =>
        listCompanyEvents(request.scope(), request.params.uid, filters, window),
      );
    },
  );

  server.get(
    '/v5/events/:uid/',
    {
      schema: {
        tags,
        summary: 'An event',
        params: z.object({ uid: z.string() }),
        response: { 200: companyEvent, ...errorResponses(404) },
      },
    },
    async (request) => getEvent(request.scope(), request.params.uid),
  );
};
