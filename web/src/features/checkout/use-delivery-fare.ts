import { useQuery } from '@tanstack/react-query';
import { estimateFare } from '../../api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/** The delivery fare from the place to the typed point, asked once typing pauses. */
export function useDeliveryFare(
  placeUid: string | null | undefined,
  shippingType: string,
  latitude: string,
  longitude: string,
) {
  const lat = useDebouncedValue(latitude, 400);
  const lng = useDebouncedValue(longitude, 400);
  return useQuery({
    queryKey: ['fare-estimate', placeUid, lat, lng],
    queryFn: ({ signal }) =>
      estimateFare(placeUid!, { latitude: Number(lat), longitude: Number(lng) }, signal),
    enabled: !!placeUid && shippingType === 'delivery' && isNumber(lat) && isNumber(lng),
    retry: false,
  });
}

export type DeliveryFareQuery = ReturnType<typeof useDeliveryFare>;
