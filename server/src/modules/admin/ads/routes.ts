import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAd,
  adminAdFields,
  adminAdInput,
  adminAdQuery,
  adminVersionQuery,
  paged,
  versionConflictBody,
} from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import { createAd, deleteAd, getAd, listAds, updateAd } from './service';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);
const uidParams = z.object({ uid: z.string() });
const access =
  "Back office, company ads: 401 without a session, 403 {code, detail} unless the user is OWNER or MANAGER of a company of this tenant. Another company's ad is 404.";
const rules =
  '`title` required; `image` an upload path or http(s) address; `link` an http(s) address, a store path starting with / or a #anchor (400 {link} otherwise); `position`: lower first. The store (`v5/companies/{uid}/ads`) shows the active ones on its next read. Audited.';

/** `/api/v5/admin/ads/...`: the company's ads the store shows on its pages. */
export const adminAdRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('marketing'));

  server.get(
    '/v5/admin/ads/',
    {
      schema: {
        tags,
        summary: "The company's ads in the store's order",
        description: `${access} \`q\`: part of the title; \`active\`: true | false.`,
        querystring: adminAdQuery,
        response: { 200: paged(adminAd), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listAds(requireAdmin(request), request.query, window),
      ),
  );

  server.get(
    '/v5/admin/ads/:uid/',
    {
      schema: {
        tags,
        summary: 'One ad with its version',
        description: access,
        params: uidParams,
        response: { 200: adminAd, ...errors },
      },
    },
    async (request) => getAd(requireAdmin(request), request.params.uid),
  );

  server.post(
    '/v5/admin/ads/',
    {
      schema: {
        tags,
        summary: 'Creates an ad',
        description: `${access} ${rules} 201 with the ad.`,
        body: adminAdFields,
        response: { 201: adminAd, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAd(requireAdmin(request), request.body)),
  );

  server.patch(
    '/v5/admin/ads/:uid/',
    {
      schema: {
        tags,
        summary: 'Saves an ad (optimistic concurrency on `version`)',
        description: `${access} ${rules} When someone else (or a tenant-file import) changed it since the \`version\` sent: 409 {code: 'admin.version_conflict', detail, current} and nothing written.`,
        params: uidParams,
        body: adminAdInput,
        response: { 200: adminAd, ...errors, 409: versionConflictBody(adminAd) },
      },
    },
    async (request) => updateAd(requireAdmin(request), request.params.uid, request.body),
  );

  server.delete(
    '/v5/admin/ads/:uid/',
    {
      schema: {
        tags,
        summary: 'Deletes an ad',
        description: `${access} \`version\`: the one it was read at (409 admin.version_conflict with \`current\` otherwise). 204.`,
        params: uidParams,
        querystring: adminVersionQuery,
        response: { 204: z.null(), ...errors, 409: versionConflictBody(adminAd) },
      },
    },
    async (request, reply) => {
      await deleteAd(requireAdmin(request), request.params.uid, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
