import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductInput } from '@store/contract/admin/catalogue';
import { api } from '../../../api/client';
import { adminKeys } from '../../../api/query-keys/admin';

/** `PATCH v5/admin/products/{uid}/`: the changed fields and the version the form read. */
export function updateProduct({ uid, ...body }: AdminProductInput & { uid: string }) {
  return api.patch<AdminProduct>(`v5/admin/products/${uid}/`, body);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}

/**
 * Hides or shows several products in the store: one PATCH each with the version the list read,
 * so a product someone else changed meanwhile is counted as failed, not overwritten.
 */
export function useSetProductsActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      products,
      isActive,
    }: {
      products: readonly { uid: string; version: number }[];
      isActive: boolean;
    }) => {
      let failed = 0;
      for (const p of products) {
        try {
          await updateProduct({ uid: p.uid, is_active: isActive, version: p.version });
        } catch {
          failed += 1;
        }
      }
      return { done: products.length - failed, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}
