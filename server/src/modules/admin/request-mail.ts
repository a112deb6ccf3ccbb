import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../lib/public-url';
import type { Mailer } from '../mail/mailer';

/**
 * What a back-office write that mails someone needs from its request: the outbox, and the origin
 * of the links it mails (the store's configured domain, never the request's Host).
 */
export function requestMail(request: FastifyRequest): { mailer: Mailer; origin: string } {
  return {
    mailer: request.server.mailer,
    origin: publicOrigin(request.requireTenant().domain, request.server.publicUrl),
  };
}
