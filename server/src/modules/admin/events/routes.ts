import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEvent,
  adminEventCreate,
  adminEventInput,
  adminEventPublish,
  adminEventQuery,
} from '@store/contract';
import { adminOnly } from '../guard';
import { resourceRoutes } from '../resource-routes';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  publishEvent,
  updateEvent,
} from './service';

const access =
  "Back office, events (area `engagement`): 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant; 404 on apps without events (events_enabled). Events belong to the company: a MANAGER limited to places sees and edits only events at one of their places; another company's event is 404.";
const rules =
  "`name` required; `place` one of the company's places (a limited MANAGER: one of theirs, else 400 {place}) or null with `location` written (400 {location} when neither); `start_date` YYYY-MM-DD and optional `start_time` HH:MM (store time); optional `end_date` (null: the start day) and `end_time` (needs `start_time`), never before the start (400 {end_date} or {end_time}); `link` an http(s) address or null (400 {link}: `javascript:` and the like are refused); `image` an upload path or http(s) address. Nothing is written on a 400.";
const conflict =
  "Send the `version` read; when someone else changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written.";

/** `/api/v5/admin/events/...`: the company's events, drafts and published ones. */
export const adminEventRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('engagement'));
  const events = resourceRoutes(server, { path: '/v5/admin/events/', item: adminEvent, access });

  events.list(
    {
      summary: "The company's events: coming ones soonest first, or past ones latest first",
      description: `${access} \`when\`: upcoming (default: not ended on the store's clock) | past; \`published\`: true | false (drafts); \`q\`: part of the name.`,
      query: adminEventQuery,
    },
    listEvents,
  );
  events.create(
    {
      summary: 'Creates an event, a draft unless `published` is true',
      description: `${access} ${rules} 201 with the event. Audited.`,
      body: adminEventCreate,
    },
    createEvent,
  );
  events.get({ summary: 'One event with its version' }, getEvent);
  events.save(
    'put',
    {
      summary: 'Saves the whole event (optimistic concurrency on `version`)',
      description: `${access} ${rules} \`published\` left out: unchanged. ${conflict} Audited.`,
      body: adminEventInput,
    },
    updateEvent,
  );
  events.save(
    'patch',
    {
      summary: 'Publishes an event or takes it back to draft',
      description: `${access} The store's event answers are never kept in the public cache, so \`v5/companies/{uid}/events/\` and \`v5/events/{uid}/\` show (or stop showing) it on their next read. ${conflict} Audited.`,
      body: adminEventPublish,
    },
    publishEvent,
  );
  events.remove(
    {
      summary: 'Deletes an event',
      description: `${access} \`version\`: the one it was read at. ${conflict} 204. Audited.`,
    },
    deleteEvent,
  );
};
