import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategoryCreate } from '@store/contract/admin/catalogue';
import type { AdminCategory, AdminCategoryInput } from '@store/contract/admin/schemas';
import { api } from '../../../../api/client';
import { adminCatalogueKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/categories/`: the company's categories in the store's order. */
export function useAdminCategories() {
  return useQuery({
    queryKey: adminCatalogueKeys.categories(),
    queryFn: ({ signal }) => api.get<AdminCategory[]>('v5/admin/categories/', { signal }),
  });
}

/** `POST v5/admin/categories/`. */
export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCategoryCreate) =>
      api.post<AdminCategory>('v5/admin/categories/', body),
    onSettled: () => client.invalidateQueries({ queryKey: adminCatalogueKeys.categories() }),
  });
}

/** `PATCH v5/admin/categories/{uid}/` with the version the row was read at. */
export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: AdminCategoryInput & { uid: string }) =>
      api.patch<AdminCategory>(`v5/admin/categories/${uid}/`, body),
    onSettled: () => client.invalidateQueries({ queryKey: adminCatalogueKeys.categories() }),
  });
}
