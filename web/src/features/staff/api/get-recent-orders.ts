import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RecentOrders } from '@store/contract/admin/orders';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';
import { ORDERS_REFRESH_MS } from './get-staff-orders';

/** `GET v5/staff/orders/recent/`: the orders that reached the board in the last minutes. */
export function getRecentOrders(signal?: AbortSignal) {
  return api.get<RecentOrders>('v5/staff/orders/recent/', { signal });
}

/** Asked every few seconds, in a background tab too (that is when an alert matters most). */
export const recentOrdersQuery = () =>
  queryOptions({
    queryKey: staffKeys.recentOrders(),
    queryFn: ({ signal }) => getRecentOrders(signal),
    refetchInterval: ORDERS_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });

export function useRecentOrders() {
  return useQuery(recentOrdersQuery());
}

/** A new order arrived: the board is read again at once rather than at its next turn. */
export function useRefreshBoard() {
  const client = useQueryClient();
  return useCallback(
    () => void client.invalidateQueries({ queryKey: staffKeys.orderLists() }),
    [client],
  );
}
