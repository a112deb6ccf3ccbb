import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlace } from '@store/contract/admin/places';
import { api } from '../../../../api/client';
import { adminPlaceKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/places/{uid}/`: one place with its version, for the editor. */
export function getPlace(uid: string, signal?: AbortSignal) {
  return api.get<AdminPlace>(`v5/admin/places/${uid}/`, { signal });
}

export const placeQuery = (uid: string) =>
  queryOptions({
    queryKey: adminPlaceKeys.place(uid),
    queryFn: ({ signal }) => getPlace(uid, signal),
  });

export function usePlace(uid: string) {
  return useQuery(placeQuery(uid));
}
