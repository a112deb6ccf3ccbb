import fp from 'fastify-plugin';
import { formMessages } from '@store/contract';
import { ValidationError } from '../lib/http-errors';

/**
 * PostgreSQL text and jsonb cannot hold the NUL character (U+0000): a name
 * "a\u0000b" reached the database and failed there as a 500. JSON and
 * percent-encoding carry it happily, so every request is checked once,
 * before validation, and such a value is a 400 on its field like any other
 * invalid value. No legitimate text contains it.
 */
export const textInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const value of [request.body, request.query, request.params]) {
        const field = nulField(value, '');
        if (field !== undefined)
          throw new ValidationError({ [field || 'non_field_errors']: [formMessages.invalid] });
      }
    });
  },
  { name: 'text-input' },
);

/** The dotted path of the first string (or key) holding U+0000, '' for the top level; undefined when none does. */
function nulField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path || 'non_field_errors';
    const found = nulField(inner, here, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
