import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { loyaltyKeys } from '../../../api/query-keys/loyalty';

/** Everything the use of a promotion changes: its state, the lists, the balances and the redemptions. */
export function refreshAfterTake(queryClient: QueryClient, programUid: string) {
  for (const queryKey of [
    loyaltyKeys.promotionDetails(programUid),
    loyaltyKeys.promotionLists(programUid),
    loyaltyKeys.memberProgram(programUid),
    loyaltyKeys.redemptionReads(programUid),
    loyaltyKeys.relatedPromotionLists(programUid),
    loyaltyKeys.coinRedemptions(programUid),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** For a take the member did not make here: the staff redeemed the promotion QR on screen. */
export function useRefreshAfterTake(programUid: string) {
  const queryClient = useQueryClient();
  return () => refreshAfterTake(queryClient, programUid);
}
