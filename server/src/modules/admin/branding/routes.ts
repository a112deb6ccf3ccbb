import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBranding, adminBrandingInput, versionConflictBody } from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { adminOnly, requireAdmin } from '../guard';
import { getBranding, updateBranding } from './service';
import { tags } from '../route-docs';

const errors = errorResponses(400, 401, 403);
const access =
  "Back office: OWNER or MANAGER of the store's main company (another company of a multisite: 403 admin.branding_main_company_only).";

/** `v5/admin/branding/`: logo, favicon, colours and the legal texts of the whole store. */
export const adminBrandingRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/branding/',
    {
      preValidation: adminOnly('branding'),
      schema: {
        tags,
        summary: "The store's logo, favicon, colours and legal texts, with their version",
        description: access,
        response: { 200: adminBranding, ...errors },
      },
    },
    async (request) => getBranding(requireAdmin(request)),
  );

  server.patch(
    '/v5/admin/branding/',
    {
      preValidation: adminOnly('branding'),
      schema: {
        tags,
        summary: "Changes the store's look and legal texts (optimistic concurrency on `version`)",
        description: `${access} Colours are #RRGGBB; logo and favicon are upload URLs (v5/admin/media/) or https addresses; the legal texts are HTML cleaned with the store's own rules before they are stored (scripts, handlers, forms, styles removed). 409 admin.version_conflict with the current values when someone else saved first. The store shows the change within the tenant cache's lifetime (TENANT_CACHE_SECONDS).`,
        body: adminBrandingInput,
        response: { 200: adminBranding, ...errors, 409: versionConflictBody(adminBranding) },
      },
    },
    async (request) => updateBranding(requireAdmin(request), request.body),
  );
};
