import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { errorMessages, NON_FIELD_ERRORS } from '@store/contract';
import { HttpError } from '../lib/http-errors';

/**
 * One place that turns every failure into the documented bodies: 400 with
 * field errors, `{detail}` otherwise, and never a stack trace to the client.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError)
        return reply.status(error.statusCode).headers(error.headers).send(error.body);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
          (fields[key] ??= []).push(issue.message ?? errorMessages.generic);
        }
        return reply.status(400).send(fields);
      }
      if (error.validation) {
        return reply.status(400).send({ [NON_FIELD_ERRORS]: [error.message] });
      }
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: error, issues: error.cause?.issues },
          'response does not match its schema',
        );
        return reply.status(500).send({ detail: errorMessages.generic });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ detail: errorMessages.generic });
      }
      if (status === 429) return reply.status(429).send({ detail: error.message });
      // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their status.
      if (status === 400)
        return reply.status(400).send({ [NON_FIELD_ERRORS]: [badRequestText(error)] });
      return reply.status(status).send({ detail: error.message });
    });
  },
  { name: 'errors' },
);

function badRequestText(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return 'El cuerpo de la solicitud no es un JSON válido.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'El cuerpo de la solicitud está vacío.';
  return error.message;
}
