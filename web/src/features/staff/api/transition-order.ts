import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffOrder, StaffTransitionInput } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

export type OrderTransition = { uid: string } & StaffTransitionInput;

/**
 * `POST v5/staff/orders/{uid}/transition/`: accept, mark ready for pickup, send, deliver or
 * cancel (with the reason the customer reads) an order.
 */
export function transitionOrder({ uid, ...body }: OrderTransition): Promise<StaffOrder> {
  return api.post<StaffOrder>(`v5/staff/orders/${uid}/transition/`, body);
}

/** Done or refused (another cashier moved it first), the board is read again. */
export function useOrderTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.orderLists() }),
  });
}
