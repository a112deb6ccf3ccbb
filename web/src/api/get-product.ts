import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@store/contract/catalog/products';
import type { QueryConfig } from '../lib/react-query';
import { api } from './client';
import { catalogKeys } from './query-keys/catalog';

/** `GET v7/places/{p}/products/{uid}/`. */
export function getProduct(
  placeUid: string,
  productUid: string,
  signal?: AbortSignal,
): Promise<Product> {
  return api.get<Product>(`v7/places/${placeUid}/products/${productUid}/`, { signal });
}

export const productQuery = (placeUid: string, productUid: string) =>
  queryOptions({
    queryKey: catalogKeys.product(placeUid, productUid),
    queryFn: ({ signal }) => getProduct(placeUid, productUid, signal),
  });

export function useProduct(
  placeUid: string,
  productUid: string,
  config?: QueryConfig<typeof productQuery>,
) {
  return useQuery({ ...productQuery(placeUid, productUid), ...config });
}

/**
 * Reads a place's product lists and categories again: a product the place no longer sells
 * (its answer was a 404) leaves the lists the shopper has open.
 */
export function useRefreshPlaceCatalog(placeUid: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: catalogKeys.allPlaceProducts(placeUid) });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.placeCategories(placeUid) });
  }, [queryClient, placeUid]);
}
