import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureValidator } from 'mercadopago';
import { detailErrorBody, orderMessages } from '@store/contract';
import { and, eq } from 'drizzle-orm';
import { errorResponses } from '../../lib/route-errors';
import { NotFoundError, UnauthorizedError } from '../../lib/http-errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { isUid } from '../../lib/uid';
import { paymentMethods } from '../../db/schema';
import { ofTenant } from '../../scope/tenant-query';
import { areaAccess } from '../../plugins/route-access';
import { paymentProvider } from './provider';
import { applyPayment, orderOfPayment } from './updates';
import { applyUnitPayment, unitOfPayment } from '../promotions/card-payments';

const notificationQuery = z
  .object({ 'data.id': z.string().max(100).optional(), type: z.string().max(50).optional() })
  .loose();
const notificationBody = z
  .object({
    type: z.string().max(50).optional(),
    action: z.string().max(100).optional(),
    data: z.object({ id: z.union([z.string().max(100), z.number()]) }).optional(),
  })
  .loose();

/** Where Mercado Pago posts the notifications of a payment method (relative to /api). */
export const mercadoPagoNotificationPath = (methodUid: string) =>
  `/v5/payments/mercadopago/${methodUid}/notifications/`;

export const paymentsRoutes: FastifyPluginAsyncZod = async (server) => {
  areaAccess(server, 'public');
  server.post(
    '/v5/payments/mercadopago/:method/notifications/',
    {
      schema: {
        tags: ['payments'],
        summary: "Mercado Pago's payment notifications (webhook) for one payment method",
        description: [
          "Called by Mercado Pago, not by browsers. The `x-signature` header (`ts=...,v1=...`) must be the HMAC-SHA256, with the method's webhook secret, of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`; otherwise 401 and nothing is read.",
          "A signed notification is never trusted as such: the payment is read again from Mercado Pago with the store's access token and applied to its order or promotion purchase (approved: paid; rejected or expired: canceled and released; refunded or charged back: refunded).",
          'Repeated deliveries change nothing more. Answers 200 `{received: true}` (also for topics other than payments). Rate-limited per address: 429.',
        ].join(' '),
        params: z.object({ method: z.string() }),
        querystring: notificationQuery,
        headers: z
          .object({
            'x-signature': z.string().max(500).optional(),
            'x-request-id': z.string().max(200).optional(),
          })
          .loose(),
        body: notificationBody.optional(),
        response: {
          200: z.object({ received: z.boolean() }),
          ...errorResponses(400, 404),
          401: detailErrorBody,
          429: detailErrorBody,
        },
      },
    },
    async (request) => {
      const app = request.requireTenant();
      const limits = server.accounts.rateLimits.paymentNotification;
      await enforceRateLimits(
        server.db,
        app.uid,
        [{ bucket: 'payment-notification:address', key: request.ip, limit: limits.address }],
        server.clock(),
      );
      const methodUid = request.params.method;
      if (!isUid(methodUid)) throw new NotFoundError();
      const [method] = await server.db
        .select()
        .from(paymentMethods)
        .where(
          ofTenant(
            { app },
            paymentMethods,
            and(eq(paymentMethods.uid, methodUid), eq(paymentMethods.provider, 'mercadopago')),
          ),
        );
      if (!method?.webhookSecret || !method.accessToken) throw new NotFoundError();
      const dataId = request.query['data.id'] ?? String(request.body?.data?.id ?? '');
      try {
        WebhookSignatureValidator.validate({
          xSignature: request.headers['x-signature'],
          xRequestId: request.headers['x-request-id'],
          // Mercado Pago signs alphanumeric ids in lower case.
          dataId: dataId.toLowerCase(),
          secret: method.webhookSecret,
        });
      } catch {
        request.log.warn({ method: methodUid }, 'payment notification with a bad signature');
        throw new UnauthorizedError(orderMessages.paymentSignatureInvalid);
      }
      const topic = request.query.type ?? request.body?.type;
      if (topic !== 'payment' || !dataId) return { received: true };
      try {
        const payment = await paymentProvider(method).getPayment(dataId);
        const orderUid = await orderOfPayment(server.db, app.uid, method.uid, payment);
        if (orderUid)
          await applyPayment(server.db, app.uid, orderUid, payment, server.clock(), request.log, {
            mailer: server.mailer,
            publicUrl: server.publicUrl,
          });
        else {
          // Not an order's payment: a promotion bought by card (its unit uid is the reference).
          const unitUid = await unitOfPayment(server.db, app.uid, method.uid, payment);
          if (unitUid)
            await applyUnitPayment(
              server.db,
              app.uid,
              unitUid,
              payment,
              server.clock(),
              request.log,
            );
        }
      } catch (err) {
        // The reconciliation run re-reads every undecided payment: nothing is lost by answering.
        request.log.error({ err, method: methodUid }, 'payment notification not applied');
      }
      return { received: true };
    },
  );
};
