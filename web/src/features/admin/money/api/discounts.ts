import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDiscount,
  AdminDiscountCreateInput,
  AdminDiscountPatch,
} from '@store/contract/admin/discounts';
import { api } from '../../../../api/client';
import { adminMoneyKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type DiscountFilters = { page: number };

/** `GET v5/admin/money/discounts/`: a page of the company's automatic discounts, newest first. */
export function useDiscounts(filters: DiscountFilters) {
  return usePagedList<AdminDiscount>(
    'v5/admin/money/discounts/',
    adminMoneyKeys.discountList(filters),
    filters,
  );
}

/** `POST v5/admin/money/discounts/`. */
export function useCreateDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDiscountCreateInput) =>
      api.post<AdminDiscount>('v5/admin/money/discounts/', body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminMoneyKeys.discounts() }),
  });
}

/** `PATCH v5/admin/money/discounts/{uid}/` with the version the row was read at (pause: is_active false). */
export function useUpdateDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      uid,
      ...body
    }: Partial<AdminDiscountPatch> & { uid: string; version: number }) =>
      api.patch<AdminDiscount>(`v5/admin/money/discounts/${uid}/`, body),
    onSettled: () => client.invalidateQueries({ queryKey: adminMoneyKeys.discounts() }),
  });
}
