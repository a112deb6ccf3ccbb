import fastJsonStringify from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/**
 * `anyOf: [X, null]` (zod's `.nullable()` of a number or an object) becomes `type: [X, 'null']`:
 * fast-json-stringify writes that directly, where an `anyOf` makes it validate the value
 * against each branch first.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema))
    if (key !== '$schema') out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    if (other && anyOf.some((b) => b.type === 'null') && typeof other.type === 'string') {
      delete out.anyOf;
      Object.assign(out, other, { type: [other.type, 'null'] });
    }
  }
  return out;
}

/**
 * A route's answer written by fast-json-stringify from its zod schema (made JSON Schema by zod
 * itself), for the large public answers read most (the catalogue's products): it writes only the
 * schema's properties, in its order, as the zod serializer does, without zod's pass over every
 * value first (a product page spent about as long in that pass as in JSON.stringify). What it
 * gives up is that pass's check: a wrong value is written as it is instead of failing the
 * request, which the route's tests, comparing answers with the contract, are there to catch.
 * Error answers, and any schema JSON Schema cannot express (a transform), keep the zod
 * serializer.
 */
export function schemaSerializerCompiler(
  input: FastifyRouteSchemaDef<unknown>,
): (data: unknown) => string {
  const fallback = zodSerializerCompiler(input as CompilerInput);
  if (input.httpStatus !== '200' || !(input.schema instanceof z.ZodType)) return fallback;
  try {
    const json = z.toJSONSchema(input.schema, { io: 'output', unrepresentable: 'throw' });
    return fastJsonStringify(simplify(json) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return fallback;
  }
}
