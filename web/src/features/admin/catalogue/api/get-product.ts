import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@store/contract/admin/catalogue';
import { api } from '../../../../api/client';
import { adminCatalogueKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/products/{uid}/`: one product with its option groups, places and version. */
export function getProduct(uid: string, signal?: AbortSignal) {
  return api.get<AdminProduct>(`v5/admin/products/${uid}/`, { signal });
}

export const productQuery = (uid: string) =>
  queryOptions({
    queryKey: adminCatalogueKeys.product(uid),
    queryFn: ({ signal }) => getProduct(uid, signal),
  });

export function useAdminProduct(uid: string | undefined) {
  return useQuery({ ...productQuery(uid ?? ''), enabled: !!uid });
}
