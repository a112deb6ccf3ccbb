import type { AdminProduct } from '@store/contract/admin/catalogue';
import { MAX_PAGE_SIZE } from '@store/contract/http/pages';
import { adminKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type BulkFilters = { place: string; q?: string; page: number };

/** `GET v5/admin/products/?place=`: a grid's page of the products listed at the place. */
export function useBulkProducts(filters: BulkFilters) {
  return usePagedList<AdminProduct>(
    'v5/admin/products/',
    adminKeys.bulkProducts(filters),
    { ...filters, page_size: MAX_PAGE_SIZE, ordering: 'title' },
    { enabled: Boolean(filters.place) },
  );
}
