import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Promotion, PromotionKind } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import { pathFromNext, type Paged } from '../../../api/paging';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

/** Promotions page size (spec: 24). */
export const PROMOTIONS_PAGE_SIZE = 24;

/** Server filters of the promotions list; `tagged` are the promotions featured for the member. */
export type PromotionFilters = {
  kind?: PromotionKind;
  search?: string;
  tagged?: boolean;
  place?: string;
};

/**
 * `GET v5/me/programs/{id}/promotions/`: 24 a page, ordering -rate_discount as the spec sends it;
 * `next` is the server's link to the next page.
 */
export function getPromotions(
  programUid: string,
  filters: PromotionFilters,
  next: string | null,
  signal?: AbortSignal,
): Promise<Paged<Promotion>> {
  return next
    ? api.get<Paged<Promotion>>(pathFromNext(next), { signal })
    : api.get<Paged<Promotion>>(`v5/me/programs/${programUid}/promotions/`, {
        query: {
          page_size: PROMOTIONS_PAGE_SIZE,
          ordering: '-rate_discount',
          kind: filters.kind,
          search: filters.search,
          place: filters.place,
          tagged: filters.tagged ? 'true' : undefined,
        },
        signal,
      });
}

export const promotionsQuery = (programUid: string, filters: PromotionFilters) =>
  infiniteQueryOptions({
    queryKey: loyaltyKeys.promotions(programUid, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getPromotions(programUid, filters, pageParam, signal),
    getNextPageParam: (last) => last.next,
  });

export function usePromotions(programUid: string, filters: PromotionFilters) {
  return useInfiniteQuery(promotionsQuery(programUid, filters));
}
