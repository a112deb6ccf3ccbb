import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, AdminCouponPatch } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminMoneyKeys } from '../../../../api/query-keys/admin';

/** `PATCH v5/admin/money/coupons/{uid}/` with the version the row was read at. */
export function updateCoupon({ uid, ...body }: AdminCouponPatch & { uid: string }) {
  return api.patch<AdminCoupon>(`v5/admin/money/coupons/${uid}/`, body);
}

export function useUpdateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSettled: () => client.invalidateQueries({ queryKey: adminMoneyKeys.coupons() }),
  });
}
