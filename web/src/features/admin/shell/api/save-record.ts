import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../../api/client';

/**
 * The save of a back-office record: `POST {path}` for a new one (no `uid`), else `put` or
 * `patch` of `{path}{uid}/` with the version read. Whatever the answer (a 409 carries the record
 * as it is now), the area's queries under `key` are asked again.
 */
export function useSaveRecord<T, New extends object, Changed extends object>(
  path: string,
  method: 'put' | 'patch',
  key: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: (New | Changed) & { uid?: string }) =>
      uid ? api[method]<T>(`${path}${uid}/`, body) : api.post<T>(path, body),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** `DELETE {path}{uid}/?version=`: the record at the version read; the area's queries again. */
export function useDeleteRecord(path: string, key: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, version }: { uid: string; version: number }) =>
      api.delete<null>(`${path}${uid}/`, { query: { version } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
