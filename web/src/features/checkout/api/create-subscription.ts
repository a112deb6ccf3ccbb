import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionInput } from '@store/contract/orders/subscriptions';
import { api } from '../../../api/client';
import { subscriptionKeys } from '../../../api/query-keys/subscriptions';

/** `POST v5/places/{uid}/subscriptions/`: the place's subscription cart on chosen weekdays, in one slot. */
export function createSubscription(
  placeUid: string,
  body: SubscriptionInput,
): Promise<Subscription> {
  return api.post<Subscription>(`v5/places/${placeUid}/subscriptions/`, body);
}

/** The member's subscriptions are asked again. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ placeUid, body }: { placeUid: string; body: SubscriptionInput }) =>
      createSubscription(placeUid, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine() }),
  });
}
