import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PickupSchedule } from '@store/contract/catalog/places';
import { api } from '../../../api/client';
import { checkoutKeys } from '../../../api/query-keys/checkout';
import type { QueryConfig } from '../../../lib/react-query';

/** `GET v7/places/{uid}/pickup-schedule/`: half-hour slots of the coming days. */
export function getPickupSchedule(placeUid: string, days: number, signal?: AbortSignal) {
  return api.get<PickupSchedule>(`v7/places/${placeUid}/pickup-schedule/`, {
    query: { days },
    signal,
  });
}

export const pickupScheduleQuery = (placeUid: string, days = 7) =>
  queryOptions({
    queryKey: checkoutKeys.pickupSchedule(placeUid, days),
    queryFn: ({ signal }) => getPickupSchedule(placeUid, days, signal),
    staleTime: 60_000,
  });

export function usePickupSchedule(
  placeUid: string,
  config?: QueryConfig<typeof pickupScheduleQuery>,
) {
  return useQuery({ ...pickupScheduleQuery(placeUid), ...config });
}
