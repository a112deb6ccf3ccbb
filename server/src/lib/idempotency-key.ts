import type { FastifyRequest } from 'fastify';
import { orderMessages } from '@store/contract';
import { ValidationError } from './http-errors';

/** `Idempotency-Key`: 1 to 200 visible ASCII characters, or absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(raw))
    throw new ValidationError({ 'Idempotency-Key': [orderMessages.idempotencyKey] });
  return raw;
}
