import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@store/contract/catalog/places';
import type { QueryConfig } from '../lib/react-query';
import { allPages } from './paging';
import { catalogKeys } from './query-keys/catalog';

/** `GET v7/places/` filtered by company and, when chosen, area; sorted by name by the server. */
export function getPlaces(
  company: string,
  area?: string | null,
  signal?: AbortSignal,
): Promise<Place[]> {
  return allPages<Place>('v7/places/', { company, area: area ?? undefined }, signal);
}

export const placesQuery = (company: string, area?: string | null) =>
  queryOptions({
    queryKey: catalogKeys.places(company, area),
    queryFn: ({ signal }) => getPlaces(company, area, signal),
    staleTime: 5 * 60_000,
  });

export function usePlaces(
  company: string,
  area?: string | null,
  config?: QueryConfig<typeof placesQuery>,
) {
  return useQuery({ ...placesQuery(company, area), ...config });
}

/**
 * The places of a city (or of the company, without one). While a city's own list loads, the
 * company's places in that city, when already loaded, stand in for it: the store's page keeps
 * its place instead of going back to its spinner, and that place's products start loading
 * without waiting for the list.
 */
export function useCityPlaces(company: string, area: string | null) {
  const client = useQueryClient();
  return usePlaces(company, area, {
    placeholderData: () => {
      if (!area) return undefined;
      const inCity = client
        .getQueryData(placesQuery(company, null).queryKey)
        ?.filter((place) => place.locality.area.uid === area);
      return inCity?.length ? inCity : undefined;
    },
  });
}
