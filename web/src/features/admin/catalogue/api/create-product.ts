import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductCreate } from '@store/contract/admin/catalogue';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/products/`: the whole product, option groups and places included. */
export function createProduct(body: AdminProductCreate) {
  return api.post<AdminProduct>('v5/admin/products/', body);
}

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}
