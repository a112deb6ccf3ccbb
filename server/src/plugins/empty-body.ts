import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The body of a POST that carries no input (the spec's "empty body": a promotion's QR, a raffle's
 * register and dismiss, the member QR...). Clients send it three ways: nothing at all, `{}`, or
 * `Content-Type: application/json` with zero bytes. Fastify validates a missing body as `null`,
 * hence nullish rather than optional.
 */
export const emptyBody = z.object({}).nullish();

/**
 * Fastify refuses a zero-byte JSON body (FST_ERR_CTP_EMPTY_JSON_BODY) before any route sees it.
 * For a route that takes no input (no body schema, or one that accepts no body) that refusal
 * punishes a client for sending nothing, so there it is read as no body; a route that needs a
 * body still answers the documented 400 `common.empty_body`.
 */
export const emptyBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // parseAs 'string' hands a string; the type names Buffer too.
      const text = String(body);
      if (text === '' && takesNoInput(request)) return done(null, undefined);
      parseJson(request, text, done);
    });
  },
  { name: 'empty-body' },
);

function takesNoInput(request: FastifyRequest): boolean {
  const schema: unknown = request.routeOptions.schema?.body;
  if (schema === undefined) return true;
  return schema instanceof z.ZodType && schema.safeParse(null).success;
}
