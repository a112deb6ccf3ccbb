import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffOrder } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

export type OrderLineRemoval = { uid: string; position: number; quantity: number };

/**
 * `POST v5/staff/orders/{uid}/remove-line/`: takes `quantity` units of a line off an order not
 * prepared yet; the total is computed again and a card payment is refunded by the difference.
 */
export function removeOrderLine({ uid, position, quantity }: OrderLineRemoval) {
  return api.post<StaffOrder>(`v5/staff/orders/${uid}/remove-line/`, { position, quantity });
}

/** Done or refused, the board is read again (another cashier may have moved the order). */
export function useRemoveOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrderLine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.orderLists() }),
  });
}
