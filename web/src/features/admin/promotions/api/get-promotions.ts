import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPromotion, AdminPromotionStatus } from '@store/contract/admin/promotions';
import type { PromotionKind } from '@store/contract/loyalty/promotions';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminPromotionKeys } from '../../../../api/query-keys/admin';

export type PromotionFilters = {
  page: number;
  page_size: number;
  program?: string;
  kind?: PromotionKind;
  status?: AdminPromotionStatus;
  q?: string;
};

/** `GET v5/admin/promotions/`: a page of the company's promotions with their usage. */
export function getPromotions(filters: PromotionFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminPromotion>>('v5/admin/promotions/', { query: filters, signal });
}

export const promotionsQuery = (filters: PromotionFilters) =>
  queryOptions({
    queryKey: adminPromotionKeys.list(filters),
    queryFn: ({ signal }) => getPromotions(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePromotions(filters: PromotionFilters) {
  return useQuery(promotionsQuery(filters));
}
