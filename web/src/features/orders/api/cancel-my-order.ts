import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@store/contract/orders/schemas';
import { api } from '../../../api/client';
import { orderKeys } from '../../../api/query-keys/orders';
import type { MutationConfig } from '../../../lib/react-query';

/** `POST v5/me/orders/{uid}/cancel/`: the member cancels while the store has not accepted. */
export function cancelMyOrder(orderUid: string): Promise<Order> {
  return api.post<Order>(`v5/me/orders/${orderUid}/cancel/`);
}

/** The order shows the server's answer at once; the orders list is asked again. */
export function useCancelMyOrder(
  orderUid: string,
  { onSuccess, ...config }: MutationConfig<Order> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => cancelMyOrder(orderUid),
    onSuccess: (updated, ...rest) => {
      queryClient.setQueryData(orderKeys.myOrder(orderUid), updated);
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
      return onSuccess?.(updated, ...rest);
    },
  });
}
