import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCoupon } from '@store/contract/admin/money';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminMoneyKeys } from '../../../../api/query-keys/admin';

export type CouponFilters = { page: number; q?: string; sort: string };

/** `GET v5/admin/money/coupons/`: a page of the company's coupons with their uses. */
export function getCoupons(filters: CouponFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminCoupon>>('v5/admin/money/coupons/', { query: filters, signal });
}

export const couponsQuery = (filters: CouponFilters) =>
  queryOptions({
    queryKey: adminMoneyKeys.couponList(filters),
    queryFn: ({ signal }) => getCoupons(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useCoupons(filters: CouponFilters) {
  return useQuery(couponsQuery(filters));
}
