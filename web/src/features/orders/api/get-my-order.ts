import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@store/contract/orders/schemas';
import { api } from '../../../api/client';
import { orderKeys } from '../../../api/query-keys/orders';
import type { QueryConfig } from '../../../lib/react-query';

/** `GET v5/me/orders/{uid}/`. */
export function getMyOrder(orderUid: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`v5/me/orders/${orderUid}/`, { signal });
}

export const myOrderQuery = (orderUid: string) =>
  queryOptions({
    queryKey: orderKeys.myOrder(orderUid),
    queryFn: ({ signal }) => getMyOrder(orderUid, signal),
  });

export function useMyOrder(orderUid: string, config?: QueryConfig<typeof myOrderQuery>) {
  return useQuery({ ...myOrderQuery(orderUid), ...config });
}
