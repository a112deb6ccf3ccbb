import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@store/contract/orders/subscriptions';
import { api } from '../../../api/client';
import { subscriptionKeys } from '../../../api/query-keys/subscriptions';
import type { MutationConfig } from '../../../lib/react-query';

/** `PATCH v5/subscriptions/{uid}/` with status canceled_by_user. */
export function cancelSubscription(uid: string): Promise<Subscription> {
  return api.patch<Subscription>(`v5/subscriptions/${uid}/`, { status: 'canceled_by_user' });
}

/** The member's subscriptions are asked again. */
export function useCancelSubscription(
  uid: string,
  { onSuccess, ...config }: MutationConfig<Subscription> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => cancelSubscription(uid),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine() });
      return onSuccess?.(...args);
    },
  });
}
