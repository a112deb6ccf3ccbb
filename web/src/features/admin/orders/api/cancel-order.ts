import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@store/contract/admin/orders';
import { api } from '../../../../api/client';
import { adminOrderKeys } from '../../../../api/query-keys/admin';

/** `POST v5/admin/orders/{uid}/cancel/`: cancels, and refunds a card-paid order. */
export function cancelOrder(uid: string) {
  return api.post<AdminOrder>(`v5/admin/orders/${uid}/cancel/`);
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => client.setQueryData(adminOrderKeys.detail(order.uid), order),
    onSettled: () => client.invalidateQueries({ queryKey: adminOrderKeys.all() }),
  });
}
