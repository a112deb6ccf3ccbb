import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rucLookup, rucLookupParams } from '@store/contract';
import { detailErrorBody, errorResponses } from '../../../lib/route-errors';
import { areaAccess } from '../../../plugins/route-access';
import type { RucLookupOptions } from './provider';
import { RucLookupService } from './service';

export type { RucLookupOptions } from './provider';

/** `GET /api/v5/ruc/{ruc}/`: the factura step's look-up of razón social and fiscal address. */
export const rucLookupRoutes: FastifyPluginAsyncZod<RucLookupOptions> = async (server, options) => {
  areaAccess(server, 'member');
  const service = new RucLookupService(options.provider, server.accounts.rateLimits.rucLookup);
  server.get(
    '/v5/ruc/:ruc/',
    {
      schema: {
        tags: ['orders'],
        summary: "A RUC's razón social and fiscal address in SUNAT's register (the factura step)",
        description:
          "For a signed-in member at checkout. A RUC without its check digit: 400 {ruc: ['receipts.ruc_invalid']}. Not in the register: 404 'receipts.ruc_not_found'. No look-up provider configured (RUC_LOOKUP_URL, RUC_LOOKUP_TOKEN) or the provider not answering: 503 'receipts.ruc_lookup_unavailable' (the shopper types them). Answers are kept a day. Rate limited per client address and per member: over the limit, 429 with Retry-After.",
        params: rucLookupParams,
        response: { 200: rucLookup, ...errorResponses(400, 401, 404, 429), 503: detailErrorBody },
      },
    },
    async (request) =>
      service.lookup(
        server.db,
        request.requireTenant().uid,
        { ip: request.ip, memberUid: request.user!.uid },
        request.params.ruc,
        server.clock(),
      ),
  );
};
