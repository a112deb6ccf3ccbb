import { errorMessages, formatMessage, NON_FIELD_ERRORS } from '@store/contract';

/**
 * Errors a service throws to end a request with a documented body. Services
 * speak in these; the error handler turns them into HTTP.
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

/** 400 with `{field: [messages]}`; a string becomes a non-field error. */
export class ValidationError extends HttpError {
  constructor(fields: Record<string, string[]> | string) {
    super(400, typeof fields === 'string' ? { [NON_FIELD_ERRORS]: [fields] } : fields);
  }
}

export class NotFoundError extends HttpError {
  constructor(detail: string = errorMessages.notFound) {
    super(404, { detail });
  }
}

export class ForbiddenError extends HttpError {
  constructor(detail: string = errorMessages.permissionDenied) {
    super(403, { detail });
  }
}

export class UnauthorizedError extends HttpError {
  constructor(detail: string = errorMessages.notAuthenticated) {
    super(401, { detail });
  }
}

export class ConflictError extends HttpError {
  constructor(detail: string) {
    super(409, { detail });
  }
}

/** 429 with the contract's message and a Retry-After header, in whole seconds. */
export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      429,
      { detail: formatMessage(errorMessages.tooManyRequests, { seconds }) },
      { 'retry-after': String(seconds) },
    );
  }
}

/** 503: the store is switched to maintenance (writes wait until it is back). */
export class ServiceUnavailableError extends HttpError {
  constructor(detail: string = errorMessages.maintenance, retryAfterSeconds = 600) {
    super(503, { detail }, { 'retry-after': String(retryAfterSeconds) });
  }
}
