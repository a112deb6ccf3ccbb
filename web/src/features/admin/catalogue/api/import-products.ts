import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProductImportInput,
  AdminProductImportResult,
} from '@store/contract/admin/catalogue-csv';
import { api } from '../../../../api/client';
import { adminKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/products/import/`: the file's text, previewed (`dry_run`) or imported. */
export function importProducts(body: AdminProductImportInput) {
  return api.post<AdminProductImportResult>('v5/admin/products/import/', body);
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (result) => {
      if (!result.dry_run) void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    },
  });
}
