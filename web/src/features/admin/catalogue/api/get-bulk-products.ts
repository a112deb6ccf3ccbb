import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@store/contract/admin/catalogue';
import { MAX_PAGE_SIZE } from '@store/contract/http/pages';
import type { Paged } from '../../../../api/paging';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

export type BulkFilters = { place: string; q?: string; page: number };

/** `GET v5/admin/products/?place=`: a grid's page of the products listed at the place. */
export function getBulkProducts(filters: BulkFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminProduct>>('v5/admin/products/', {
    query: { ...filters, page_size: MAX_PAGE_SIZE, ordering: 'title' },
    signal,
  });
}

export function useBulkProducts(filters: BulkFilters) {
  return useQuery({
    queryKey: adminKeys.bulkProducts(filters),
    queryFn: ({ signal }) => getBulkProducts(filters, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(filters.place),
  });
}
