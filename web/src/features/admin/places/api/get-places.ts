import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlace } from '@store/contract/admin/places';
import type { Paged } from '@store/contract/http/paged';
import { api } from '../../../../api/client';
import { adminPlaceKeys } from '../../../../api/query-keys/admin';

export type PlaceFilters = { page: number; page_size?: number; q?: string; sort: 'name' | '-name' };

/** `GET v5/admin/places/`: the company's places (those the user may see), open now or not. */
export function getPlaces(filters: PlaceFilters, signal?: AbortSignal) {
  return api.get<Paged<AdminPlace>>('v5/admin/places/', { query: filters, signal });
}

export const placesQuery = (filters: PlaceFilters) =>
  queryOptions({
    queryKey: adminPlaceKeys.placeList(filters),
    queryFn: ({ signal }) => getPlaces(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePlaces(filters: PlaceFilters) {
  return useQuery(placesQuery(filters));
}
