/** The message codes of an error answer, as `ErrorView` takes them out of its body. */
export type ErrorCodes = {
  /** `code` of a `{code, detail}` body. */
  code?: string;
  params?: Record<string, string>;
  /** `codes` of a 400 body: each field's `{code, params?}`. */
  codes?: Record<string, { code: string; params?: Record<string, string> }[]>;
};

/**
 * A test's view of an answer: `data` is what a spec (DRF) client reads, and on an error answer
 * the codes the server adds beside the texts (`code`, `params`, `codes`) move to `errorCodes`.
 * So the many assertions on the spec's bodies keep saying exactly that, and the codes are
 * asserted where a test is about them (errors-codes.test.ts); `body` stays the raw text.
 */
export function errorView(
  statusCode: number,
  parsed: unknown,
): { data: unknown; errorCodes?: ErrorCodes } {
  if (statusCode < 400 || !parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { data: parsed };
  const body = parsed as Record<string, unknown>;
  if (typeof body.detail === 'string') {
    // `{code, detail, params?}` (a 400 body's `code` would be a field of that name).
    const { code, params, ...data } = body;
    return { data, errorCodes: { code, params } as ErrorCodes };
  }
  if (!('codes' in body)) return { data: parsed };
  const { codes, ...data } = body;
  return { data, errorCodes: { codes } as ErrorCodes };
}
