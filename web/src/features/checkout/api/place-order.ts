import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderInput } from '@store/contract/orders/schemas';
import { api } from '../../../api/client';
import { orderKeys } from '../../../api/query-keys/orders';

/**
 * `POST v5/places/{uid}/orders/` with an `Idempotency-Key`: the same key answers the first
 * order again instead of placing a second one.
 */
export function placeOrder(
  placeUid: string,
  body: OrderInput,
  idempotencyKey: string,
): Promise<Order> {
  return api.post<Order>(`v5/places/${placeUid}/orders/`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export type PlaceOrderVariables = { placeUid: string; body: OrderInput; idempotencyKey: string };

/** The new order opens without a round trip; the member's orders list is asked again. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ placeUid, body, idempotencyKey }: PlaceOrderVariables) =>
      placeOrder(placeUid, body, idempotencyKey),
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
      queryClient.setQueryData(orderKeys.myOrder(order.uid), order);
    },
  });
}
