import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PAGE_SIZE,
  pageCount,
  pageOffset,
  type PageQuery,
  type Paged,
  errorMessages,
} from '@store/contract';
import { NotFoundError } from './http-errors';
import { publicOrigin } from './public-url';

export type PageWindow = { limit: number; offset: number; page: number; pageSize: number };

export function pageWindow(query: PageQuery, defaultSize = DEFAULT_PAGE_SIZE): PageWindow {
  const pageSize = query.page_size ?? defaultSize;
  return {
    page: query.page,
    pageSize,
    limit: pageSize,
    offset: pageOffset(query.page, pageSize),
  };
}

/**
 * The absolute URL of this request with `page` set, as DRF writes next/previous. Its origin is the
 * tenant's public one, not the request's Host or X-Forwarded-Proto: a cached answer (the catalogue
 * micro-cache, a shared cache in front) must not carry links another client forged.
 */
function pageUrl(request: FastifyRequest, page: number): string {
  const origin = request.tenant
    ? publicOrigin(request.tenant.domain, request.server.publicUrl)
    : `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** Wraps one page of rows; a page past the end is a 404 as in DRF, except the first. */
export function toPaged<T>(
  request: FastifyRequest,
  window: PageWindow,
  count: number,
  results: T[],
): Paged<T> {
  const pages = pageCount(count, window.pageSize);
  if (window.page > pages) throw new NotFoundError(errorMessages.invalidPage);
  return {
    count,
    next: window.page < pages ? pageUrl(request, window.page + 1) : null,
    previous: window.page > 1 ? pageUrl(request, window.page - 1) : null,
    results,
  };
}

/** A list route's answer: one page of rows from `load`, in the DRF envelope. */
export async function pagedAnswer<T>(
  request: FastifyRequest,
  window: PageWindow,
  load: (window: PageWindow) => Promise<{ count: number; results: T[] }>,
): Promise<Paged<T>> {
  const page = await load(window);
  return toPaged(request, window, page.count, page.results);
}
