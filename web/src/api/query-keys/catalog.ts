/** Query keys of the catalog area; why keys live here: see ./account.ts. */

export const catalogKeys = {
  areas: (company: string) => ['areas', company] as const,
  places: (company: string, area?: string | null) => ['places', company, area ?? null] as const,
  placeCategories: (placeUid: string) => ['place-categories', placeUid] as const,
  companyCategories: (companyUid: string) => ['company-categories', companyUid] as const,
  placeProducts: (placeUid: string, filters: object) =>
    ['place-products', placeUid, filters] as const,
  /** Every list of a place's products, whatever its filters (a prefix of placeProducts). */
  allPlaceProducts: (placeUid: string) => ['place-products', placeUid] as const,
  companyProducts: (company: string, filters: object) => ['products', company, filters] as const,
  product: (placeUid: string, productUid: string) => ['product', placeUid, productUid] as const,
};
