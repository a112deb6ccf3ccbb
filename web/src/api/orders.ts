import { queryOptions } from '@tanstack/react-query';
import type { PickupSchedule } from '@store/contract/catalog/places';
import type {
  CheckoutOptions,
  Coupon,
  FareEstimate,
  Order,
  OrderInput,
  OrderQuote,
  OrderQuoteInput,
} from '@store/contract/orders/schemas';
import type { Subscription, SubscriptionInput } from '@store/contract/orders/subscriptions';
import { api } from './client';
import type { Paged } from './catalog';

/** `GET v5/places/{uid}/checkout-options/`: payment methods, delivery settings, tax, currency. */
export const checkoutOptionsQuery = (placeUid: string) =>
  queryOptions({
    queryKey: ['checkout-options', placeUid],
    queryFn: ({ signal }) =>
      api.get<CheckoutOptions>(`v5/places/${placeUid}/checkout-options/`, { signal }),
    staleTime: 60_000,
  });

/** `GET v7/places/{uid}/pickup-schedule/`: half-hour slots of the coming days. */
export const pickupScheduleQuery = (placeUid: string, days = 7) =>
  queryOptions({
    queryKey: ['pickup-schedule', placeUid, days],
    queryFn: ({ signal }) =>
      api.get<PickupSchedule>(`v7/places/${placeUid}/pickup-schedule/`, {
        query: { days },
        signal,
      }),
    staleTime: 60_000,
  });

/** `POST v7/deliveries/places/{uid}/fare-estimate/`: the delivery fare to a point. */
export function estimateFare(
  placeUid: string,
  point: { latitude: number; longitude: number },
  signal?: AbortSignal,
): Promise<FareEstimate> {
  return api.post<FareEstimate>(`v7/deliveries/places/${placeUid}/fare-estimate/`, point, {
    signal,
  });
}

/** `POST v5/places/{uid}/orders/quote/`: what the order costs now, priced by the server; writes nothing. */
export function quoteOrder(
  placeUid: string,
  body: OrderQuoteInput,
  signal?: AbortSignal,
): Promise<OrderQuote> {
  return api.post<OrderQuote>(`v5/places/${placeUid}/orders/quote/`, body, { signal });
}

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

/** `GET v5/me/orders/`: the member's orders, newest first, optionally by payment method. */
export const myOrdersQuery = (filters: { payment_method?: string; page?: number }) =>
  queryOptions({
    queryKey: ['my-orders', filters],
    queryFn: ({ signal }) =>
      api.get<Paged<Order>>('v5/me/orders/', {
        query: { payment_method: filters.payment_method, page: filters.page },
        signal,
      }),
  });

/** `GET v5/me/orders/{uid}/`. */
export const myOrderQuery = (orderUid: string) =>
  queryOptions({
    queryKey: ['my-order', orderUid],
    queryFn: ({ signal }) => api.get<Order>(`v5/me/orders/${orderUid}/`, { signal }),
  });

/** `POST v5/me/orders/{uid}/cancel/`: the member cancels while the store has not accepted. */
export function cancelMyOrder(orderUid: string): Promise<Order> {
  return api.post<Order>(`v5/me/orders/${orderUid}/cancel/`);
}

/** `GET v5/companies/{uid}/validate-code/{code}/`: 404 'Este código no existe'. */
export function validateCode(companyOrPlaceUid: string, code: string): Promise<Coupon> {
  return api.get<Coupon>(
    `v5/companies/${companyOrPlaceUid}/validate-code/${encodeURIComponent(code)}/`,
  );
}

/** `GET v5/subscriptions/`: the member's subscriptions. */
export const mySubscriptionsQuery = (page = 1) =>
  queryOptions({
    queryKey: ['my-subscriptions', page],
    queryFn: ({ signal }) =>
      api.get<Paged<Subscription>>('v5/subscriptions/', { query: { page }, signal }),
  });

/** `PATCH v5/subscriptions/{uid}/` with status canceled_by_user. */
export function cancelSubscription(uid: string): Promise<Subscription> {
  return api.patch<Subscription>(`v5/subscriptions/${uid}/`, { status: 'canceled_by_user' });
}

/** `POST v5/places/{uid}/subscriptions/`: the place's subscription cart on chosen weekdays, in one slot. */
export function createSubscription(
  placeUid: string,
  body: SubscriptionInput,
): Promise<Subscription> {
  return api.post<Subscription>(`v5/places/${placeUid}/subscriptions/`, body);
}
