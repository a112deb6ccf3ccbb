import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AreaSummary, Place } from '@store/contract/catalog/places';
import type { Product, ProductCategory } from '@store/contract/catalog/products';
import type { Cart, CartInput } from '@store/contract/catalog/cart';
import { api } from './client';

export type Paged<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/**
 * The server's `next` links are absolute URLs; they are followed as given, through this client
 * (so the API key and token go along): only the part after /api/ is kept.
 */
export function pathFromNext(next: string): string {
  const url = new URL(next, window.location.origin);
  return url.pathname.replace(/^\/api\//, '') + url.search;
}

/** Every page of a paged list (places and areas are a handful per company). */
async function allPages<T>(
  path: string,
  query: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<T[]> {
  const out: T[] = [];
  let page = await api.get<Paged<T>>(path, { query, signal });
  out.push(...page.results);
  while (page.next) {
    page = await api.get<Paged<T>>(pathFromNext(page.next), { signal });
    out.push(...page.results);
  }
  return out;
}

/** `GET v7/areas/`: the company's cities. */
export const areasQuery = (company: string) =>
  queryOptions({
    queryKey: ['areas', company],
    queryFn: ({ signal }) => allPages<AreaSummary>('v7/areas/', { company }, signal),
    staleTime: 5 * 60_000,
  });

/** `GET v7/places/` filtered by company and, when chosen, area; sorted by name by the server. */
export const placesQuery = (company: string, area?: string | null) =>
  queryOptions({
    queryKey: ['places', company, area ?? null],
    queryFn: ({ signal }) =>
      allPages<Place>('v7/places/', { company, area: area ?? undefined }, signal),
    staleTime: 5 * 60_000,
  });

/** `GET v7/places/{uid}/product-categories/`. */
export const placeCategoriesQuery = (placeUid: string) =>
  queryOptions({
    queryKey: ['place-categories', placeUid],
    queryFn: ({ signal }) =>
      api.get<ProductCategory[]>(`v7/places/${placeUid}/product-categories/`, { signal }),
    staleTime: 5 * 60_000,
  });

/** `GET v7/company/{uid}/product-categories/` (the menu page, which has no place). */
export const companyCategoriesQuery = (companyUid: string) =>
  queryOptions({
    queryKey: ['company-categories', companyUid],
    queryFn: ({ signal }) =>
      api.get<ProductCategory[]>(`v7/company/${companyUid}/product-categories/`, { signal }),
    staleTime: 5 * 60_000,
  });

export type ProductFilters = {
  product_category?: string;
  search?: string;
  is_redeemable?: boolean;
};

/** `GET v7/places/{uid}/products/`: 24 a page, next page by the server's `next` link. */
export const placeProductsQuery = (placeUid: string, filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['place-products', placeUid, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api.get<Paged<Product>>(pathFromNext(pageParam), { signal })
        : api.get<Paged<Product>>(`v7/places/${placeUid}/products/`, {
            query: {
              product_category: filters.product_category,
              search: filters.search,
              is_redeemable: filters.is_redeemable,
            },
            signal,
          }),
    getNextPageParam: (last) => last.next,
  });

/** `GET v7/products/` for the menu page: product_category becomes category, no is_redeemable. */
export const companyProductsQuery = (
  company: string,
  filters: { category?: string; search?: string },
) =>
  infiniteQueryOptions({
    queryKey: ['products', company, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api.get<Paged<Product>>(pathFromNext(pageParam), { signal })
        : api.get<Paged<Product>>('v7/products/', {
            query: { company, category: filters.category, search: filters.search },
            signal,
          }),
    getNextPageParam: (last) => last.next,
  });

/** `GET v7/places/{p}/products/{uid}/`. */
export const productQuery = (placeUid: string, productUid: string) =>
  queryOptions({
    queryKey: ['product', placeUid, productUid],
    queryFn: ({ signal }) =>
      api.get<Product>(`v7/places/${placeUid}/products/${productUid}/`, { signal }),
  });

/** `GET v5/me/shopping-cart/?place_uid=`: the member's server cart of a place (401 when anonymous). */
export function getShoppingCart(placeUid: string): Promise<Cart> {
  return api.get<Cart>('v5/me/shopping-cart/', { query: { place_uid: placeUid } });
}

/** `POST v5/me/shopping-cart/`: replaces the member's cart of the place; the server prices the lines. */
export function saveShoppingCart(body: CartInput): Promise<Cart> {
  return api.post<Cart>('v5/me/shopping-cart/', body, { query: { place_uid: body.place } });
}
