import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '@store/contract/admin/orders';
import { api } from '../../../../api/client';
import { adminOrderKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/orders/{uid}/`: one order with its lines, client, payment and refunds. */
export function getOrder(uid: string, signal?: AbortSignal) {
  return api.get<AdminOrder>(`v5/admin/orders/${uid}/`, { signal });
}

export const orderQuery = (uid: string) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(uid),
    queryFn: ({ signal }) => getOrder(uid, signal),
    // A refund asked of the provider settles in seconds: look again while one is pending.
    refetchInterval: (query) =>
      query.state.data?.refunds.some((r) => r.status === 'PENDING') ? 5_000 : false,
  });

export function useOrder(uid: string) {
  return useQuery(orderQuery(uid));
}
