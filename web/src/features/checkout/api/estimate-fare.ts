import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FareEstimate } from '@store/contract/orders/schemas';
import { api } from '../../../api/client';
import { checkoutKeys } from '../../../api/query-keys/checkout';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * `POST v7/deliveries/places/{uid}/fare-estimate/`: the delivery fare to a point; writes nothing.
 * With the chosen area, a point outside its known outline is refused at once, as the order would.
 */
export function estimateFare(
  placeUid: string,
  point: { latitude: number; longitude: number; area?: string },
  signal?: AbortSignal,
): Promise<FareEstimate> {
  return api.post<FareEstimate>(`v7/deliveries/places/${placeUid}/fare-estimate/`, point, {
    signal,
  });
}

/** Read as a query: the same point is not asked twice. */
export const fareEstimateQuery = (
  placeUid: string | null | undefined,
  latitude: string,
  longitude: string,
  area = '',
) =>
  queryOptions({
    queryKey: checkoutKeys.fareEstimate(placeUid, latitude, longitude, area),
    queryFn: ({ signal }) =>
      estimateFare(
        placeUid!,
        { latitude: Number(latitude), longitude: Number(longitude), ...(area ? { area } : {}) },
        signal,
      ),
  });

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/**
 * The delivery fare from the place to the typed point, asked once typing pauses; the chosen
 * area goes with it, so a point outside that district is refused before paying.
 */
export function useDeliveryFare(
  placeUid: string | null | undefined,
  shippingType: string,
  latitude: string,
  longitude: string,
  area = '',
) {
  const lat = useDebouncedValue(latitude, 400);
  const lng = useDebouncedValue(longitude, 400);
  const query = useQuery({
    ...fareEstimateQuery(placeUid, lat, lng, area),
    enabled: !!placeUid && shippingType === 'delivery' && isNumber(lat) && isNumber(lng),
    retry: false,
  });
  // A point typed and not asked about yet counts as being asked: until the pause the answer is
  // the last point's, and the fare box showed it as this one's (a browser test read the total
  // of the store's point after typing another, issue 38).
  const typing =
    (lat !== latitude || lng !== longitude) && isNumber(latitude) && isNumber(longitude);
  return typing && shippingType === 'delivery' ? { ...query, isFetching: true } : query;
}

export type DeliveryFareQuery = ReturnType<typeof useDeliveryFare>;
