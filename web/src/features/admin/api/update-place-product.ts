import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlaceProductInput, AdminProduct } from '@store/contract/admin/catalogue';
import { api } from '../../../api/client';
import { adminKeys } from '../../../api/query-keys/admin';

/** `PATCH v5/admin/products/{uid}/places/{place}/`: offered at the place or not, and its stock. */
export function updatePlaceProduct({
  uid,
  place,
  ...body
}: AdminPlaceProductInput & { uid: string; place: string }) {
  return api.patch<AdminProduct>(`v5/admin/products/${uid}/places/${place}/`, body);
}

export function useUpdatePlaceProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlaceProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}
