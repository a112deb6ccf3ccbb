import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffOrder, StaffOrderAction } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';

export type OrderTransition = { uid: string; action: StaffOrderAction };

/** `POST v5/staff/orders/{uid}/transition/`: accept, prepare, send, deliver or cancel an order. */
export function transitionOrder({ uid, action }: OrderTransition): Promise<StaffOrder> {
  return api.post<StaffOrder>(`v5/staff/orders/${uid}/transition/`, { action });
}

/** Done or refused (another cashier moved it first), the board is read again. */
export function useOrderTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.orderLists() }),
  });
}
