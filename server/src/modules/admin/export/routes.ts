import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTenantExport } from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { adminOnly, requireAdmin } from '../guard';
import { exportFileName, exportStore } from './service';

/** `GET v5/admin/export/`: the tenant file as a download (registered inside `adminRoutes`). */
export const adminExportRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/export/',
    {
      preValidation: adminOnly('settings'),
      schema: {
        tags: ['admin'],
        summary: 'The whole store as its tenant file (the JSON `npm run tenant -- import` reads)',
        description:
          "Back office, owner only: 401 without a session, 403 {code, detail} for anyone but the OWNER of the store's main company. Answered as a download (Content-Disposition: attachment). Secrets are left out: passwords, the app's api_key, and Mercado Pago's access token and webhook secret (an import of the file keeps the stored ones).",
        response: { 200: adminTenantExport, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const file = await exportStore(admin);
      reply
        .header('content-disposition', `attachment; filename="${exportFileName(admin.app.key)}"`)
        .header('cache-control', 'no-store');
      return file;
    },
  );
};
