import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProductBulkInput,
  AdminProductBulkResult,
} from '@store/contract/admin/catalogue-csv';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/products/bulk/`: the grid's changed rows, each with the version it was read at. */
export function saveBulk(body: AdminProductBulkInput) {
  return api.post<AdminProductBulkResult>('v5/admin/products/bulk/', body);
}

export function useSaveBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBulk,
    // A 409 too: the grid reloads the versions someone else wrote.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
  });
}
