import { z } from 'zod';

/** The documented error bodies, for route response schemas (and so for the OpenAPI document). */
export const fieldErrorsBody = z
  .record(z.string(), z.array(z.string()))
  .describe('{field: [messages], non_field_errors: [messages]}');
export const detailErrorBody = z.object({ detail: z.string() });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;
type ErrorSchemas<S extends ErrorStatus> = {
  [K in S]: K extends 400 ? typeof fieldErrorsBody : typeof detailErrorBody;
};

/** `errorResponses(400, 404)` gives the response schemas of those statuses: field errors for 400, `{detail}` otherwise. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): ErrorSchemas<S> {
  return Object.fromEntries(
    statuses.map((s) => [s, s === 400 ? fieldErrorsBody : detailErrorBody]),
  ) as ErrorSchemas<S>;
}
