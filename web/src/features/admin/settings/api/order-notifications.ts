import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OrderNotificationSettings,
  OrderNotificationSettingsInput,
} from '@store/contract/admin/orders';
import { api } from '../../../../api/client';
import { adminOrderKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/order-notifications/`: who hears about the company's orders. */
export function getOrderNotifications(signal?: AbortSignal) {
  return api.get<OrderNotificationSettings>('v5/admin/order-notifications/', { signal });
}

/** `PUT v5/admin/order-notifications/`: versioned; a 409 carries the settings as they are now. */
export function saveOrderNotifications(body: OrderNotificationSettingsInput) {
  return api.put<OrderNotificationSettings>('v5/admin/order-notifications/', body);
}

export function useOrderNotifications() {
  return useQuery({
    queryKey: adminOrderKeys.notifications(),
    queryFn: ({ signal }) => getOrderNotifications(signal),
  });
}

export function useSaveOrderNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOrderNotifications,
    onSuccess: (saved) => client.setQueryData(adminOrderKeys.notifications(), saved),
  });
}
