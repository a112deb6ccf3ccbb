import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@store/contract/admin/orders';
import type { StaffTransitionInput } from '@store/contract/staff/schemas';
import { api } from '../../../../api/client';
import { adminOrderKeys, adminPaymentKeys } from '../../../../api/query-keys/admin';

export type AdminOrderMove = { uid: string } & StaffTransitionInput;

/**
 * `POST v5/admin/orders/{uid}/transition/`: accept, mark ready, ship, deliver or cancel (with a
 * reason), the staff console's own moves.
 */
export function transitionOrder({ uid, ...body }: AdminOrderMove) {
  return api.post<AdminOrder>(`v5/admin/orders/${uid}/transition/`, body);
}

/** Done or refused (someone moved it first), the order, its history and the lists are read again. */
export function useTransitionOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transitionOrder,
    onSuccess: (order) => client.setQueryData(adminOrderKeys.detail(order.uid), order),
    // A refund queues a credit note: the order's receipts are read again too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminOrderKeys.all() }),
        client.invalidateQueries({ queryKey: adminPaymentKeys.receipts() }),
      ]),
  });
}
