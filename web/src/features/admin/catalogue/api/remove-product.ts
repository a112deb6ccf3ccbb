import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductRemoval } from '@store/contract/admin/catalogue';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

/** `DELETE v5/admin/products/{uid}/?version=`: deleted, or archived when orders name it. */
export function removeProduct({ uid, version }: { uid: string; version: number }) {
  return api.delete<AdminProductRemoval>(`v5/admin/products/${uid}/`, { query: { version } });
}

export function useRemoveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeProduct,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}
