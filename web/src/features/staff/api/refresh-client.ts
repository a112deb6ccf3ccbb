import type { QueryClient } from '@tanstack/react-query';
import { staffKeys } from '../../../api/query-keys/staff';

/** Balances change after every counter action: the card, its promotions and its products are read again. */
export function refreshClient(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: staffKeys.clients() });
  void queryClient.invalidateQueries({ queryKey: staffKeys.clientPromotionLists() });
  void queryClient.invalidateQueries({ queryKey: staffKeys.clientProductLists() });
}
