import type { AdminAd, AdminAdFields, AdminAdInput } from '@store/contract/admin/programs';
import { adminAdKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';
import { useDeleteRecord, useSaveRecord } from '../../shell/api/save-record';

export type AdFilters = { page: number; page_size?: number; q?: string; active?: string };

/** `GET v5/admin/ads/`: the company's ads in the store's order. */
export function useAds(filters: AdFilters) {
  return usePagedList<AdminAd>('v5/admin/ads/', adminAdKeys.list(filters), filters);
}

/** `POST v5/admin/ads/` or `PATCH v5/admin/ads/{uid}/` (with the version read). */
export const useSaveAd = () =>
  useSaveRecord<AdminAd, AdminAdFields, AdminAdInput>('v5/admin/ads/', 'patch', adminAdKeys.all());

/** `DELETE v5/admin/ads/{uid}/?version=`. */
export const useDeleteAd = () => useDeleteRecord('v5/admin/ads/', adminAdKeys.all());
