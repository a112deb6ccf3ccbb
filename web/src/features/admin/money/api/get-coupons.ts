import type { AdminCoupon } from '@store/contract/admin/money';
import { adminMoneyKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type CouponFilters = { page: number; q?: string; sort: string };

/** `GET v5/admin/money/coupons/`: a page of the company's coupons with their uses. */
export function useCoupons(filters: CouponFilters) {
  return usePagedList<AdminCoupon>(
    'v5/admin/money/coupons/',
    adminMoneyKeys.couponList(filters),
    filters,
  );
}
