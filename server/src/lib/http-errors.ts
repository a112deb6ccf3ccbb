import {
  codedMessage,
  errorMessages,
  formatMessage,
  messageText,
  NON_FIELD_ERRORS,
  FIELD_CODES,
  type CodedMessage,
  type ErrorCode,
} from '@store/contract';

/**
 * Errors a service throws to end a request with a documented body. Services
 * speak in message codes (the contract's message objects, `formatMessage` for
 * those with parameters); the bodies carry the code and its text.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    /** Extra response headers (Retry-After and the like). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

/**
 * `{code, detail, params?}` of a message ref: `detail` is its text for the API (Spanish, or the
 * spec's English words where the spec quotes them), `params` its parameters when it has any.
 */
export function detailBody(ref: string): {
  code: ErrorCode;
  detail: string;
  params?: Record<string, string>;
} {
  const { code, params } = codedMessage(ref);
  return params ? { code, detail: messageText(ref), params } : { code, detail: messageText(ref) };
}

/** An error answered as `{code, detail, params?}`; `code` is what callers branch on. */
export class DetailError extends HttpError {
  readonly code: ErrorCode;
  constructor(statusCode: number, ref: string, headers: Record<string, string> = {}) {
    const body = detailBody(ref);
    super(statusCode, body, headers);
    this.code = body.code;
  }
}

/**
 * 400 with `{field: [texts]}` (a string alone is a non-field error), as DRF answers it, plus
 * the codes of the same messages under `codes` (`{field: [{code, params?}]}`).
 */
export class ValidationError extends HttpError {
  /** Each field's messages as codes, in the order of the texts. */
  readonly codes: Record<string, CodedMessage[]>;
  /** Each field's messages as the refs they were thrown with (to gather them into another error). */
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]> | string) {
    const refs = typeof fields === 'string' ? { [NON_FIELD_ERRORS]: [fields] } : fields;
    const texts: Record<string, string[]> = {};
    const codes: Record<string, CodedMessage[]> = {};
    for (const [field, messages] of Object.entries(refs)) {
      texts[field] = messages.map((m) => messageText(m));
      codes[field] = messages.map(codedMessage);
    }
    super(400, { ...texts, [FIELD_CODES]: codes });
    this.codes = codes;
    this.fields = refs;
  }

  /** The code of the first message of a field (non-field errors by default). */
  firstCode(field: string = NON_FIELD_ERRORS): ErrorCode | undefined {
    return this.codes[field]?.[0]?.code;
  }
}

export class NotFoundError extends DetailError {
  constructor(ref: string = errorMessages.notFound) {
    super(404, ref);
  }
}

export class ForbiddenError extends DetailError {
  constructor(ref: string = errorMessages.permissionDenied) {
    super(403, ref);
  }
}

export class UnauthorizedError extends DetailError {
  constructor(ref: string = errorMessages.notAuthenticated) {
    super(401, ref);
  }
}

export class ConflictError extends DetailError {
  constructor(ref: string) {
    super(409, ref);
  }
}

/** 429 with the contract's message and a Retry-After header, in whole seconds. */
export class TooManyRequestsError extends DetailError {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, formatMessage(errorMessages.tooManyRequests, { seconds }), {
      'retry-after': String(seconds),
    });
  }
}

/** 503: the store is switched to maintenance (writes wait until it is back). */
export class ServiceUnavailableError extends DetailError {
  constructor(ref: string = errorMessages.maintenance, retryAfterSeconds = 600) {
    super(503, ref, { 'retry-after': String(retryAfterSeconds) });
  }
}
