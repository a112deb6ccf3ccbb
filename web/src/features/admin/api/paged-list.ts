import { useQuery, type QueryKey } from '@tanstack/react-query';
import { type QueryValue } from '../../../api/client';
import { pagedQuery } from '../../../api/paged-query';

/**
 * One page of a back-office list: `GET path` with the list's filters as its query string, cached
 * under `queryKey`. The page on screen stays while the next one loads (another page, a new search),
 * so the list does not flash "loading" at each key or click.
 */
export function usePagedList<Row>(
  path: string,
  queryKey: QueryKey,
  filters: Record<string, QueryValue>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...pagedQuery<Row>(path, queryKey, filters), enabled });
}
