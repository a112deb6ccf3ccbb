import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@store/contract/admin/orders';
import { api } from '../../../../api/client';
import { adminOrderKeys, adminPaymentKeys } from '../../../../api/query-keys/admin';

/**
 * `POST v5/admin/orders/{uid}/remove-line/`: removes a line (all of it, or `quantity`) from an
 * order not prepared yet; the total goes down and a card payment is refunded by the difference.
 */
export function removeOrderLine(uid: string, position: number, quantity?: number) {
  return api.post<AdminOrder>(`v5/admin/orders/${uid}/remove-line/`, {
    position,
    ...(quantity ? { quantity } : {}),
  });
}

export function useRemoveOrderLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { uid: string; position: number; quantity?: number }) =>
      removeOrderLine(v.uid, v.position, v.quantity),
    onSuccess: (order) => client.setQueryData(adminOrderKeys.detail(order.uid), order),
    // A refund queues a credit note: the order's receipts are read again too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminOrderKeys.all() }),
        client.invalidateQueries({ queryKey: adminPaymentKeys.receipts() }),
      ]),
  });
}
