import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutOptions } from '@store/contract/orders/schemas';
import type { QueryConfig } from '../lib/react-query';
import { api } from './client';
import { checkoutKeys } from './query-keys/checkout';

/** `GET v5/places/{uid}/checkout-options/`: payment methods, delivery settings, tax, currency. */
export function getCheckoutOptions(
  placeUid: string,
  signal?: AbortSignal,
): Promise<CheckoutOptions> {
  return api.get<CheckoutOptions>(`v5/places/${placeUid}/checkout-options/`, { signal });
}

export const checkoutOptionsQuery = (placeUid: string) =>
  queryOptions({
    queryKey: checkoutKeys.options(placeUid),
    queryFn: ({ signal }) => getCheckoutOptions(placeUid, signal),
    staleTime: 60_000,
  });

export function useCheckoutOptions(
  placeUid: string,
  config?: QueryConfig<typeof checkoutOptionsQuery>,
) {
  return useQuery({ ...checkoutOptionsQuery(placeUid), ...config });
}
