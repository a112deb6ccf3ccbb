import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { errorMessages, formatMessage, NON_FIELD_ERRORS } from '@store/contract';
import { detailBody, HttpError, ValidationError } from '../lib/http-errors';

/**
 * One place that turns every failure into the documented bodies: 400 with
 * field errors (and their codes), `{code, detail}` otherwise, and never a
 * stack trace to the client.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError)
        return reply.status(error.statusCode).headers(error.headers).send(error.body);

      if (hasZodFastifySchemaValidationErrors(error)) {
        // The schemas' messages are codes (the contract's, or zod's own through its customError).
        const fields: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
          (fields[key] ??= []).push(issue.message ?? errorMessages.generic);
        }
        return reply.status(400).send(new ValidationError(fields).body);
      }
      if (error.validation) {
        return reply
          .status(400)
          .send(
            new ValidationError(formatMessage('common.request_refused', { text: error.message }))
              .body,
          );
      }
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: error, issues: error.cause?.issues },
          'response does not match its schema',
        );
        return reply.status(500).send(detailBody(errorMessages.generic));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send(detailBody(errorMessages.generic));
      }
      // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their
      // status, with a code: ours where we word them, `common.request_refused` carrying its text.
      if (status === 400)
        return reply.status(400).send(new ValidationError(badRequestMessage(error)).body);
      return reply
        .status(status)
        .send(detailBody(formatMessage('common.request_refused', { text: error.message })));
    });
  },
  { name: 'errors' },
);

function badRequestMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return errorMessages.invalidJson;
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return errorMessages.emptyBody;
  return formatMessage('common.request_refused', { text: error.message });
}
