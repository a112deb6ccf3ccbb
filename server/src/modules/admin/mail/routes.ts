import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMailReport } from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { adminOnly, requireAdmin } from '../guard';
import { mailReport } from './service';

/** `GET v5/admin/mail/`: mails the store could not send (registered inside `adminRoutes`). */
export const adminMailRoutes: FastifyPluginAsyncZod = async (server) => {
  server.get(
    '/v5/admin/mail/',
    {
      preValidation: adminOnly('settings'),
      schema: {
        tags: ['admin'],
        summary: 'Mails waiting to be sent and mails the store gave up on',
        description:
          "Back office, owner only: 401 without a session, 403 {code, detail} for anyone but the OWNER of the store's main company. `pending` counts the mails the outbox still tries (retried with growing waits); `failed` lists the newest mails given up on (the SMTP server refused the address, or every retry failed), with the server's last answer. Bodies are never shown: their links carry tokens.",
        response: { 200: adminMailReport, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mailReport(requireAdmin(request));
    },
  );
};
