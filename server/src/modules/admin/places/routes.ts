import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPlace, adminPlacePatch, adminPlaceQuery } from '@store/contract';
import { adminOnly } from '../guard';
import { resourceRoutes } from '../resource-routes';
import { getPlace, listPlaces, updatePlace } from './service';

const access =
  "Back office, places: 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant; a MANAGER limited to some places sees only those. A place of another company, or outside the user's places, is 404.";

/** `/api/v5/admin/places/...`: the company's places, their timetable, pickup, delivery and pause. */
export const adminPlaceRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('places'));
  const places = resourceRoutes(server, { path: '/v5/admin/places/', item: adminPlace, access });

  places.list(
    {
      summary: "The company's places, with whether each is open now and taking orders",
      description: `${access} \`q\`: part of the name; \`sort\`: name | -name. \`open_now\` reads the timetable on the store clock (America/Lima); \`taking_orders\` is false while the company does not sell online or the place is paused.`,
      query: adminPlaceQuery,
    },
    listPlaces,
  );
  places.get(
    { summary: 'One place with its timetable, pickup, delivery settings and version' },
    getPlace,
  );
  places.save(
    'patch',
    {
      summary:
        'Changes a place: address, map pin, phones, timetable, pickup, delivery fares and radius, pause orders',
      description: `${access} Send the fields to change and the \`version\` the place was read at; when someone else (or a tenant-file import) changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written. Delivery needs the map pin (400 {"delivery.enabled"}); a place must offer pickup or delivery (400 {pickup_enabled}). \`orders_paused\`: checkout refuses orders at the place until it is switched back. The store sees the change within its cache lifetime. Each change is in the audit log.`,
      body: adminPlacePatch,
    },
    updatePlace,
  );
};
