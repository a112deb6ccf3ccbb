/**
 * Page arithmetic of every paged list (`?page=&page_size=`, `{count, next, previous, results}`),
 * shared by the server's envelope and the web's pagination controls. Zod-free so the web's
 * first page can use it; the query schema is in ./paged.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Number of pages of a list of `count` rows: an empty list still has its (empty) first page. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Rows skipped before a page (pages count from 1). */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
