import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminMoneyKeys } from '../../../../api/query-keys/admin';

export type NewCoupon = {
  code: string;
  kind: 'PERCENT' | 'AMOUNT';
  value: string;
  min_subtotal?: string;
  valid_until?: string | null;
  max_uses?: number | null;
  max_uses_per_member?: number | null;
};

/** `POST v5/admin/money/coupons/`. */
export function createCoupon(body: NewCoupon) {
  return api.post<AdminCoupon>('v5/admin/money/coupons/', body);
}

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: adminMoneyKeys.coupons() }),
  });
}
