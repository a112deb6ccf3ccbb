import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type QueryValue } from './client';
import type { Paged } from './paging';

/**
 * One page of a list as query options: `GET path` with the list's filters as its query string,
 * cached under `queryKey`. The page on screen stays while the next one loads (another page, new
 * filters), so the list does not flash "loading" at each change.
 */
export function pagedQuery<Row, Key extends QueryKey = QueryKey>(
  path: string,
  queryKey: Key,
  filters: Record<string, QueryValue>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<Paged<Row>>(path, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
