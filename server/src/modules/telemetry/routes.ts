import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ERROR_LIMITS, clientErrorReport } from '@store/contract';
import { errorResponses } from '../../lib/route-errors';
import { areaAccess } from '../../plugins/route-access';
import { recordClientError } from './service';

export const telemetryRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.post(
    '/v5/client-errors/',
    {
      // A report is a few kilobytes; anything much larger is no report.
      bodyLimit: CLIENT_ERROR_LIMITS.bodyBytes,
      schema: {
        tags: ['telemetry'],
        summary: 'Reports an error the web app met in the browser',
        description:
          "Stored with the host's tenant, the signed-in member (if any), the User-Agent header and the time; message, stacks and page are cut to their stored lengths, path segments that look like link tokens are replaced by ':token'. Nothing is answered back (204). Anonymous calls are welcome. Rate-limited per client address and per tenant: 429 with Retry-After. Bodies over 32 KB are refused (413).",
        body: clientErrorReport,
        response: { 204: z.null(), ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await recordClientError(request.scope(), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        limits: server.accounts.clientErrorLimits,
      });
      return reply.status(204).send(null);
    },
  );
};
