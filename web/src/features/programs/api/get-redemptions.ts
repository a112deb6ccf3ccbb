import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Redemption } from '@store/contract/loyalty/promotions';
import { api } from '../../../api/client';
import { pathFromNext, type Paged } from '../../../api/paging';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';
import type { QueryConfig } from '../../../lib/react-query';

export type RedemptionFilters = { status?: Redemption['status']; promotion?: string };

/** `GET v5/me/programs/{uid}/redemptions/`: newest first; `next` is the server's link to the next page. */
export function getRedemptions(
  programUid: string,
  filters: RedemptionFilters & { page_size?: number },
  next: string | null,
  signal?: AbortSignal,
): Promise<Paged<Redemption>> {
  return next
    ? api.get<Paged<Redemption>>(pathFromNext(next), { signal })
    : api.get<Paged<Redemption>>(`v5/me/programs/${programUid}/redemptions/`, {
        query: filters,
        signal,
      });
}

export const redemptionsQuery = (programUid: string, filters: RedemptionFilters = {}) =>
  infiniteQueryOptions({
    queryKey: loyaltyKeys.redemptions(programUid, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getRedemptions(
        programUid,
        { status: filters.status, promotion: filters.promotion },
        pageParam,
        signal,
      ),
    getNextPageParam: (last) => last.next,
  });

export function useRedemptions(
  programUid: string,
  filters: RedemptionFilters = {},
  config?: QueryConfig<typeof redemptionsQuery>,
) {
  return useInfiniteQuery({ ...redemptionsQuery(programUid, filters), ...config });
}

/**
 * How many units of a promotion the member has used, and the latest: the activation steps
 * watch it to see the establishment redeem the shown QR.
 */
export const usedRedemptionsQuery = (programUid: string, promotionUid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.usedRedemptions(programUid, promotionUid),
    queryFn: ({ signal }) =>
      getRedemptions(
        programUid,
        { promotion: promotionUid, status: 'USED', page_size: 1 },
        null,
        signal,
      ),
  });

export function useUsedRedemptions(
  programUid: string,
  promotionUid: string,
  config?: QueryConfig<typeof usedRedemptionsQuery>,
) {
  return useQuery({ ...usedRedemptionsQuery(programUid, promotionUid), ...config });
}
