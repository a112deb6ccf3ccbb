import { storageKeys } from '@store/contract/constants';
import type { CodedMessage } from '@store/contract/errors/refs';
import { FIELD_CODES } from '@store/contract/errors/ref-parts';
import type { ErrorCode } from '@store/contract/errors/catalogue';
import { storage } from '../lib/storage';

const API_BASE = '/api/';

/**
 * How calls reach the server: the browser's fetch, or, in the server's own render of a first page
 * (web/src/entry-server.tsx), a call into the same process for the request's tenant.
 */
let send: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(transport: typeof fetch): void {
  send = transport;
}

/** A failed call: the HTTP status (0 for network failures) and the parsed body, as the server sent it. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? ApiError.describe(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The code of a `{code, detail, params?}` answer. */
  get code(): ErrorCode | undefined {
    const body = this.record;
    return typeof body?.detail === 'string' && typeof body.code === 'string'
      ? (body.code as ErrorCode)
      : undefined;
  }

  get params(): Record<string, string> | undefined {
    return this.code ? (this.record?.params as Record<string, string> | undefined) : undefined;
  }

  /** The codes of a 400's field messages (`codes` of the body), by field. */
  get fieldCodes(): Record<string, CodedMessage[]> {
    if (this.status !== 400) return {};
    const codes = this.record?.[FIELD_CODES];
    return codes && typeof codes === 'object' ? (codes as Record<string, CodedMessage[]>) : {};
  }

  /**
   * A 400's messages by field, as message refs (code and parameters, see `errorText`) where the
   * answer names codes, else the texts as they came.
   */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || !this.record) return {};
    const codes = this.fieldCodes;
    const out: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(this.record)) {
      if (key === FIELD_CODES || !Array.isArray(value)) continue;
      out[key] = value.map((text, i) => (codes[key]?.[i] ? refOf(codes[key][i]) : String(text)));
    }
    return out;
  }

  /** The message of a `{detail}` answer: its ref when it names a code, else the text. */
  get detailMessage(): string | undefined {
    const detail = this.record?.detail;
    if (typeof detail !== 'string') return undefined;
    const code = this.code;
    return code ? refOf({ code, params: this.params }) : detail;
  }

  private get record(): Record<string, unknown> | undefined {
    return this.body && typeof this.body === 'object' && !Array.isArray(this.body)
      ? (this.body as Record<string, unknown>)
      : undefined;
  }

  private static describe(status: number, body: unknown): string {
    if (body && typeof body === 'object' && 'detail' in body)
      return String((body as { detail: unknown }).detail);
    return `Request failed with status ${status}`;
  }
}

/** A coded message as one ref string (`code?param=value`), the form services and forms carry. */
function refOf({ code, params }: CodedMessage): string {
  return params && Object.keys(params).length ? `${code}?${new URLSearchParams(params)}` : code;
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key` of an order). */
  headers?: Record<string, string>;
  /**
   * A 403 here means "not allowed", not a bad app key (the staff role probe asked for every
   * member): the stored key stays.
   */
  keepApiKeyOn403?: boolean;
  /** The request outlives the page (an error report sent as the page goes away). */
  keepalive?: boolean;
  /**
   * false: a 403 `auth.step_up_required` fails at once instead of asking the member to confirm
   * who they are (probes asked for every member, like the staff role's).
   */
  stepUp?: boolean;
};

/** The server's answer to a limited session (a document number alone) on anything but its basics. */
export const STEP_UP_REQUIRED = 'auth.step_up_required';

/** Asks the member to confirm who they are; resolves true once the session stepped up. */
export type StepUpHandler = () => Promise<boolean>;

let stepUpHandler: StepUpHandler | null = null;
let stepUpPending: Promise<boolean> | null = null;

/** The step-up prompt registers itself here (app/step-up-prompt.tsx); null removes it. */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/**
 * Opens the step-up prompt (one at a time: calls refused together wait for the same prompt) and
 * resolves whether the member confirmed. Screens call it too, to offer the step-up before a call.
 */
export function requestStepUp(): Promise<boolean> {
  if (!stepUpHandler) return Promise.resolve(false);
  stepUpPending ??= stepUpHandler().finally(() => {
    stepUpPending = null;
  });
  return stepUpPending;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  // Only the path and query are kept, so any origin does on the server.
  const origin = typeof window === 'undefined' ? 'http://server.invalid' : window.location.origin;
  const url = new URL(API_BASE + path.replace(/^\//, ''), origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one way the web app talks to the server. Sends the stored app key and session token;
 * a 403 removes the stored app key (spec); any non-2xx answer throws an ApiError. A 403
 * `auth.step_up_required` is no bad key: the member is asked to confirm who they are (the step-up
 * prompt), and the call is made again once they have; refused before anything ran, it is safe
 * to repeat.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const apiKey = storage.get(storageKeys.apiKey);
  const token = storage.get(storageKeys.token);
  if (apiKey) headers['API-KEY'] = apiKey;
  if (token) headers.Authorization = `Token ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await send(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }

  const body = await readBody(response);
  const error = response.ok ? null : new ApiError(response.status, body);
  if (error?.status === 403 && error.code === STEP_UP_REQUIRED) {
    if (options.stepUp !== false && (await requestStepUp()))
      return apiRequest<T>(method, path, { ...options, stepUp: false });
    throw error;
  }
  if (response.status === 403 && !options.keepApiKeyOn403) storage.remove(storageKeys.apiKey);
  if (error) throw error;
  return body as T;
}

/**
 * A file the server sends (e.g. a CSV report): fetched with the same headers as every call, so
 * the session goes along, and handed back as a Blob with the name the server suggested.
 */
export async function apiDownload(
  path: string,
  query?: Record<string, QueryValue>,
): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = {};
  const apiKey = storage.get(storageKeys.apiKey);
  const token = storage.get(storageKeys.token);
  if (apiKey) headers['API-KEY'] = apiKey;
  if (token) headers.Authorization = `Token ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch (error) {
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }
  if (response.status === 403) storage.remove(storageKeys.apiKey);
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : null };
}

/**
 * A file sent as multipart/form-data (part `file`) with the same headers as every call; XHR
 * rather than fetch because only XHR reports upload progress (0 to 1) along the way.
 */
export function apiUpload<T>(
  path: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const apiKey = storage.get(storageKeys.apiKey);
    const token = storage.get(storageKeys.token);
    if (apiKey) xhr.setRequestHeader('API-KEY', apiKey);
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
