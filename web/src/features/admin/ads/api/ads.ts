import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAd, AdminAdFields, AdminAdInput } from '@store/contract/admin/programs';
import { api } from '../../../../api/client';
import { adminAdKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type AdFilters = { page: number; page_size?: number; q?: string; active?: string };

/** `GET v5/admin/ads/`: the company's ads in the store's order. */
export function useAds(filters: AdFilters) {
  return usePagedList<AdminAd>('v5/admin/ads/', adminAdKeys.list(filters), filters);
}

/** `POST v5/admin/ads/` or `PATCH v5/admin/ads/{uid}/` (with the version read). */
export function useSaveAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: (AdminAdFields | AdminAdInput) & { uid?: string }) =>
      uid
        ? api.patch<AdminAd>(`v5/admin/ads/${uid}/`, body)
        : api.post<AdminAd>('v5/admin/ads/', body),
    onSettled: () => client.invalidateQueries({ queryKey: adminAdKeys.all() }),
  });
}

/** `DELETE v5/admin/ads/{uid}/?version=`. */
export function useDeleteAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, version }: { uid: string; version: number }) =>
      api.delete<null>(`v5/admin/ads/${uid}/`, { query: { version } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminAdKeys.all() }),
  });
}
