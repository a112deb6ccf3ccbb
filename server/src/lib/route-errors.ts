import { detailErrorBody, validationErrorBody } from '@store/contract';

export { detailErrorBody };

/** The documented error bodies, for route response schemas (and so for the OpenAPI document). */
export const fieldErrorsBody = validationErrorBody.describe(
  '{field: [messages], non_field_errors: [messages], codes: {field: [{code, params?}]}}',
);

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;
type ErrorSchemas<S extends ErrorStatus> = {
  [K in S]: K extends 400 ? typeof fieldErrorsBody : typeof detailErrorBody;
};

/** `errorResponses(400, 404)` gives the response schemas of those statuses: field errors for 400, `{code, detail}` otherwise. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): ErrorSchemas<S> {
  return Object.fromEntries(
    statuses.map((s) => [s, s === 400 ? fieldErrorsBody : detailErrorBody]),
  ) as ErrorSchemas<S>;
}
