import type { AdminPromotion, AdminPromotionStatus } from '@store/contract/admin/promotions';
import type { PromotionKind } from '@store/contract/loyalty/promotions';
import { adminPromotionKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

export type PromotionFilters = {
  page: number;
  page_size: number;
  program?: string;
  kind?: PromotionKind;
  status?: AdminPromotionStatus;
  q?: string;
};

/** `GET v5/admin/promotions/`: a page of the company's promotions with their usage. */
export function usePromotions(filters: PromotionFilters) {
  return usePagedList<AdminPromotion>(
    'v5/admin/promotions/',
    adminPromotionKeys.list(filters),
    filters,
  );
}
