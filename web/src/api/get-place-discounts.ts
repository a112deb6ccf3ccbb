import { useQuery } from '@tanstack/react-query';
import type { PlaceDiscount } from '@store/contract/orders/schemas';
import { api } from './client';
import { checkoutKeys } from './query-keys/checkout';

/** `GET v5/places/{uid}/discounts/`: the automatic discounts that may hold at the place. */
export function usePlaceDiscounts(placeUid: string | null | undefined) {
  return useQuery({
    queryKey: checkoutKeys.discounts(placeUid ?? ''),
    queryFn: ({ signal }) =>
      api.get<PlaceDiscount[]>(`v5/places/${placeUid}/discounts/`, { signal }),
    enabled: Boolean(placeUid),
    staleTime: 60_000,
  });
}
