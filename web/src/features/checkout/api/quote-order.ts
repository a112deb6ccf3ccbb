import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartInput } from '@store/contract/catalog/cart';
import type { OrderQuote, OrderQuoteInput } from '@store/contract/orders/schemas';
import { api } from '../../../api/client';
import { checkoutKeys } from '../../../api/query-keys/checkout';
import { shippingPart, type CheckoutValues } from '../../../lib/checkout-logic';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** `POST v5/places/{uid}/orders/quote/`: what the order costs now, priced by the server; writes nothing. */
export function quoteOrder(
  placeUid: string,
  body: OrderQuoteInput,
  signal?: AbortSignal,
): Promise<OrderQuote> {
  return api.post<OrderQuote>(`v5/places/${placeUid}/orders/quote/`, body, { signal });
}

/** Read as a query keyed by the whole body: the same order is priced once until it goes stale. */
export const orderQuoteQuery = (
  placeUid: string | null | undefined,
  body: OrderQuoteInput | null,
) =>
  queryOptions({
    queryKey: checkoutKeys.quote(placeUid, body),
    queryFn: ({ signal }) => quoteOrder(placeUid!, body!, signal),
  });

type QuoteInputs = {
  placeUid: string | null | undefined;
  products: CartInput['products'];
  values: CheckoutValues;
  couponCode: string | null;
  /** No quote while the delivery point is refused (out of range, fare service down). */
  fareFailed: boolean;
};

/**
 * The server's price of the order as filled so far, asked again once typing pauses; the last
 * answer stays on screen while the next one loads. `priceNow` prices a body at once (the
 * submit), `replaceShown` shows the price the server answered an order with instead.
 */
export function useOrderQuote({ placeUid, products, values, couponCode, fareFailed }: QuoteInputs) {
  const queryClient = useQueryClient();
  // One object per change of a shipping field, not per render: debouncing a fresh object each
  // render restarted the timer on every render and, once it fired, rendered the whole checkout
  // again every 400 ms for as long as the page was open.
  const {
    shipping_type,
    area,
    address,
    reference,
    latitude,
    longitude,
    pickup_date,
    pickup_start,
  } = values;
  const typed = useMemo(
    () => ({
      shipping_type,
      area,
      address,
      reference,
      latitude,
      longitude,
      pickup_date,
      pickup_start,
    }),
    [shipping_type, area, address, reference, latitude, longitude, pickup_date, pickup_start],
  );
  const shippingValues = useDebouncedValue(typed, 400);
  const shipping = shippingPart(shippingValues);
  const body =
    shipping && products.length > 0 ? { ...shipping, products, coupon: couponCode } : null;
  const refusedPoint = values.shipping_type === 'delivery' && fareFailed;
  const quote = useQuery({
    ...orderQuoteQuery(placeUid, body),
    enabled: !!placeUid && !!body && !refusedPoint,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const priceNow = (place: string, order: OrderQuoteInput) =>
    queryClient.fetchQuery(orderQuoteQuery(place, order));
  const replaceShown = (answer: OrderQuote) =>
    queryClient.setQueryData(checkoutKeys.quote(placeUid, body), answer);
  return {
    quote,
    body,
    // The kept answer priced an earlier point: never shown beside a refused one.
    shown: body && !quote.isError && !refusedPoint ? quote.data : undefined,
    priceNow,
    replaceShown,
  };
}
