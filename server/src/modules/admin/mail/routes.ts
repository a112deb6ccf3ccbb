import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMailReport } from '@store/contract';
import { errorResponses } from '../../../lib/route-errors';
import { adminOnly, requireAdmin } from '../guard';
import { mailReport, retryFailedMail } from './service';

/** `v5/admin/mail/`: mails the store could not send, and their retry (registered inside `adminRoutes`). */
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

  server.post(
    '/v5/admin/mail/:uid/retry/',
    {
      preValidation: adminOnly('settings'),
      schema: {
        tags: ['admin'],
        summary: 'Sends a mail the store gave up on again',
        description:
          "Back office, owner of the store's main company only (401, 403 as `GET v5/admin/mail/`). The mail goes back to the outbox with its attempts reset and is sent at once; the retry is audited (recipient and subject only). 404 when the mail is not a failed mail of this store. Answers the report as `GET v5/admin/mail/` does.",
        params: z.object({ uid: z.uuid() }),
        response: { 200: adminMailReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      await retryFailedMail(admin, request.params.uid);
      server.mailer.wake();
      reply.header('cache-control', 'no-store');
      return mailReport(admin);
    },
  );
};
