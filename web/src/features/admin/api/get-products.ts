import type { AdminProduct } from '@store/contract/admin/catalogue';
import { adminKeys } from '../../../api/query-keys/admin';
import { usePagedList } from './paged-list';

export type ProductFilters = { q?: string; active?: 'true' | 'false'; page: number };

/** `GET v5/admin/products/`: one page of the company's products. */
export function useAdminProducts(filters: ProductFilters) {
  return usePagedList<AdminProduct>('v5/admin/products/', adminKeys.productList(filters), {
    ...filters,
    page_size: 20,
  });
}
