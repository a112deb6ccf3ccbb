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
