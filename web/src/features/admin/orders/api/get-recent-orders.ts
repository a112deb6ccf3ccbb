import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RecentOrders } from '@store/contract/admin/orders';
import { api } from '../../../../api/client';
import { adminKeys, adminOrderKeys } from '../../../../api/query-keys/admin';

/** How often an open back office asks for new orders. */
export const RECENT_ORDERS_MS = 5_000;

/** `GET v5/admin/orders/recent/`: the orders placed in the last minutes. */
export function getRecentOrders(signal?: AbortSignal) {
  return api.get<RecentOrders>('v5/admin/orders/recent/', { signal });
}

/** Asked every few seconds, in a background tab too (that is when an alert matters most). */
export const recentOrdersQuery = () =>
  queryOptions({
    queryKey: adminOrderKeys.recent(),
    queryFn: ({ signal }) => getRecentOrders(signal),
    refetchInterval: RECENT_ORDERS_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });

export function useRecentOrders(enabled: boolean) {
  return useQuery({ ...recentOrdersQuery(), enabled });
}

/** A new order arrived: the order lists and the dashboard's figures are read again at once. */
export function useRefreshAfterNewOrders() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: adminOrderKeys.all() });
    void client.invalidateQueries({ queryKey: adminKeys.dashboards() });
  }, [client]);
}
