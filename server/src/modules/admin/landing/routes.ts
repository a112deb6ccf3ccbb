import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLanding, adminLandingInput, versionConflictBody } from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { adminOnly, requireAdmin } from '../guard';
import { getLandingForAdmin, saveLanding } from './service';
import { tags } from '../route-docs';

const errors = errorResponses(400, 401, 403);
const access =
  "Back office, marketing: OWNER or MANAGER of the store's main company (another company of a multisite: 403 admin.landing_main_company_only).";

/** `v5/admin/landing/`: the store's landing page, its type and its MODEL_2 sections. */
export const adminLandingRoutes: FastifyPluginAsyncZod = async (server) => {
  server.addHook('preValidation', adminOnly('marketing'));

  server.get(
    '/v5/admin/landing/',
    {
      schema: {
        tags,
        summary:
          "The store's landing: on or off, its type, every section (inactive ones too), version",
        description: access,
        response: { 200: adminLanding, ...errors },
      },
    },
    async (request) => getLandingForAdmin(requireAdmin(request)),
  );

  server.put(
    '/v5/admin/landing/',
    {
      schema: {
        tags,
        summary:
          'Saves the whole landing: on or off, type, sections in order (optimistic concurrency)',
        description: `${access} The sections are saved in the order sent; a section, card, button or image without \`uid\` is new; sections left out are deleted. Each type takes its own parts (400 on \`sections.N.cards\` / \`images\` otherwise); a carousel needs an image, a form an https or store link, a welcome a title; one header at most. Rich text is cleaned with the store's HTML rules before it is stored. \`default_texts\` (the default landing's own texts: plain text on one line, each within its limit; '' the built-in translation) replaces the saved texts when sent and leaves them when left out. Send the \`version\` read; when someone else saved since: 409 {code: 'admin.version_conflict', detail, current} and nothing written. The store shows the change within its cache lifetime (TENANT_CACHE_SECONDS for the type and the default texts, which travel in the app answer). Each save is one audit line.`,
        body: adminLandingInput,
        response: { 200: adminLanding, ...errors, 409: versionConflictBody(adminLanding) },
      },
    },
    async (request) => saveLanding(requireAdmin(request), request.body),
  );
};
