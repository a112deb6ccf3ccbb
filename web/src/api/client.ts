import { storageKeys } from '@store/contract/constants';
import { storage } from '../lib/storage';

const API_BASE = '/api/';

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

  /** 400 bodies are {field: [messages], non_field_errors: [...]}; others {detail}. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || !this.body || typeof this.body !== 'object') return {};
    const out: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(this.body as Record<string, unknown>)) {
      if (Array.isArray(value)) out[key] = value.map(String);
    }
    return out;
  }

  private static describe(status: number, body: unknown): string {
    if (body && typeof body === 'object' && 'detail' in body)
      return String((body as { detail: unknown }).detail);
    return `Request failed with status ${status}`;
  }
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
};

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(API_BASE + path.replace(/^\//, ''), window.location.origin);
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
 * a 403 removes the stored app key (spec); any non-2xx answer throws an ApiError.
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
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }

  if (response.status === 403 && !options.keepApiKeyOn403) storage.remove(storageKeys.apiKey);
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
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

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
