import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Redemption } from '@store/contract/loyalty/promotions';
import { allPagesOf100 } from '../../../api/paging';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';
import type { QueryConfig } from '../../../lib/react-query';

/** `GET v5/me/programs/{uid}/redemptions/`: every unit the member took in the program, newest first. */
export function getCoinRedemptions(
  programUid: string,
  signal?: AbortSignal,
): Promise<Redemption[]> {
  return allPagesOf100<Redemption>(`v5/me/programs/${programUid}/redemptions/`, {}, signal).then(
    (page) => page.results,
  );
}

export const coinRedemptionsQuery = (programUid: string) =>
  queryOptions({
    queryKey: loyaltyKeys.coinRedemptions(programUid),
    queryFn: ({ signal }) => getCoinRedemptions(programUid, signal),
  });

export function useCoinRedemptions(
  programUid: string,
  config?: QueryConfig<typeof coinRedemptionsQuery>,
) {
  return useQuery({ ...coinRedemptionsQuery(programUid), ...config });
}
