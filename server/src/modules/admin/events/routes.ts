import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEvent,
  adminEventCreate,
  adminEventInput,
  adminEventPublish,
  adminEventQuery,
  adminVersionQuery,
  paged,
  versionConflictBody,
} from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  publishEvent,
  updateEvent,
} from './service';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);
const uidParams = z.object({ uid: z.string() });
const access =
  "Back office, events (area `engagement`): 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant; 404 on apps without events (events_enabled). Events belong to the company: a MANAGER limited to places sees and edits only events at one of their places; another company's event is 404.";
const rules =
  "`name` required; `place` one of the company's places (a limited MANAGER: one of theirs, else 400 {place}) or null with `location` written (400 {location} when neither); `start_date` YYYY-MM-DD and optional `start_time` HH:MM (store time); optional `end_date` (null: the start day) and `end_time` (needs `start_time`), never before the start (400 {end_date} or {end_time}); `link` an http(s) address or null (400 {link}: `javascript:` and the like are refused); `image` an upload path or http(s) address. Nothing is written on a 400.";
const conflict =
  "Send the `version` read; when someone else changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written.";

/** `/api/v5/admin/events/...`: the company's events, drafts and published ones. */
export const adminEventRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('engagement'));

  server.get(
    '/v5/admin/events/',
    {
      schema: {
        tags,
        summary: "The company's events: coming ones soonest first, or past ones latest first",
        description: `${access} \`when\`: upcoming (default: not ended on the store's clock) | past; \`published\`: true | false (drafts); \`q\`: part of the name.`,
        querystring: adminEventQuery,
        response: { 200: paged(adminEvent), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listEvents(requireAdmin(request), request.query, window),
      ),
  );

  server.post(
    '/v5/admin/events/',
    {
      schema: {
        tags,
        summary: 'Creates an event, a draft unless `published` is true',
        description: `${access} ${rules} 201 with the event. Audited.`,
        body: adminEventCreate,
        response: { 201: adminEvent, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEvent(requireAdmin(request), request.body)),
  );

  server.get(
    '/v5/admin/events/:uid/',
    {
      schema: {
        tags,
        summary: 'One event with its version',
        description: access,
        params: uidParams,
        response: { 200: adminEvent, ...errors },
      },
    },
    async (request) => getEvent(requireAdmin(request), request.params.uid),
  );

  server.put(
    '/v5/admin/events/:uid/',
    {
      schema: {
        tags,
        summary: 'Saves the whole event (optimistic concurrency on `version`)',
        description: `${access} ${rules} \`published\` left out: unchanged. ${conflict} Audited.`,
        params: uidParams,
        body: adminEventInput,
        response: { 200: adminEvent, ...errors, 409: versionConflictBody(adminEvent) },
      },
    },
    async (request) => updateEvent(requireAdmin(request), request.params.uid, request.body),
  );

  server.patch(
    '/v5/admin/events/:uid/',
    {
      schema: {
        tags,
        summary: 'Publishes an event or takes it back to draft',
        description: `${access} The store's event answers are never kept in the public cache, so \`v5/companies/{uid}/events/\` and \`v5/events/{uid}/\` show (or stop showing) it on their next read. ${conflict} Audited.`,
        params: uidParams,
        body: adminEventPublish,
        response: { 200: adminEvent, ...errors, 409: versionConflictBody(adminEvent) },
      },
    },
    async (request) => publishEvent(requireAdmin(request), request.params.uid, request.body),
  );

  server.delete(
    '/v5/admin/events/:uid/',
    {
      schema: {
        tags,
        summary: 'Deletes an event',
        description: `${access} \`version\`: the one it was read at. ${conflict} 204. Audited.`,
        params: uidParams,
        querystring: adminVersionQuery,
        response: { 204: z.null(), ...errors, 409: versionConflictBody(adminEvent) },
      },
    },
    async (request, reply) => {
      await deleteEvent(requireAdmin(request), request.params.uid, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
