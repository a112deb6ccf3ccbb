import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '@store/contract/catalog/products';
import type { QueryConfig } from '../lib/react-query';
import { api } from './client';
import { pathFromNext, type Paged } from './paging';
import { catalogKeys } from './query-keys/catalog';

export type ProductFilters = {
  product_category?: string;
  search?: string;
  is_redeemable?: boolean;
};

/** `GET v7/places/{uid}/products/`: 24 a page; `next` is the server's link to the next page. */
export function getPlaceProducts(
  placeUid: string,
  filters: ProductFilters,
  next: string | null,
  signal?: AbortSignal,
): Promise<Paged<Product>> {
  return next
    ? api.get<Paged<Product>>(pathFromNext(next), { signal })
    : api.get<Paged<Product>>(`v7/places/${placeUid}/products/`, {
        query: {
          product_category: filters.product_category,
          search: filters.search,
          is_redeemable: filters.is_redeemable,
        },
        signal,
      });
}

export const placeProductsQuery = (placeUid: string, filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.placeProducts(placeUid, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getPlaceProducts(placeUid, filters, pageParam, signal),
    getNextPageParam: (last) => last.next,
  });

export function usePlaceProducts(
  placeUid: string,
  filters: ProductFilters,
  config?: QueryConfig<typeof placeProductsQuery>,
) {
  return useInfiniteQuery({ ...placeProductsQuery(placeUid, filters), ...config });
}
