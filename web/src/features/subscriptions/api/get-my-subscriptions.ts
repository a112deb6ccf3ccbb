import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@store/contract/orders/subscriptions';
import { api } from '../../../api/client';
import type { Paged } from '../../../api/paging';
import { subscriptionKeys } from '../../../api/query-keys/subscriptions';

/** `GET v5/subscriptions/`: the member's subscriptions. */
export function getMySubscriptions(page: number, signal?: AbortSignal) {
  return api.get<Paged<Subscription>>('v5/subscriptions/', { query: { page }, signal });
}

export const mySubscriptionsQuery = (page = 1) =>
  queryOptions({
    queryKey: subscriptionKeys.myPage(page),
    queryFn: ({ signal }) => getMySubscriptions(page, signal),
  });

export function useMySubscriptions(page = 1) {
  return useQuery(mySubscriptionsQuery(page));
}
