import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCategory } from '@store/contract/catalog/products';
import { api } from '../../../api/client';
import { catalogKeys } from '../../../api/query-keys/catalog';
import type { QueryConfig } from '../../../lib/react-query';

/** `GET v7/places/{uid}/product-categories/`. */
export function getPlaceCategories(
  placeUid: string,
  signal?: AbortSignal,
): Promise<ProductCategory[]> {
  return api.get<ProductCategory[]>(`v7/places/${placeUid}/product-categories/`, { signal });
}

export const placeCategoriesQuery = (placeUid: string) =>
  queryOptions({
    queryKey: catalogKeys.placeCategories(placeUid),
    queryFn: ({ signal }) => getPlaceCategories(placeUid, signal),
    staleTime: 5 * 60_000,
  });

export function usePlaceCategories(
  placeUid: string,
  config?: QueryConfig<typeof placeCategoriesQuery>,
) {
  return useQuery({ ...placeCategoriesQuery(placeUid), ...config });
}
