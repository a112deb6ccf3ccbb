/** Query keys of the catalog area; why keys live here: see ./account.ts. */

export const catalogKeys = {
  areas: (company: string) => ['areas', company] as const,
  places: (company: string, area?: string | null) => ['places', company, area ?? null] as const,
  placeCategories: (placeUid: string) => ['place-categories', placeUid] as const,
  companyCategories: (companyUid: string) => ['company-categories', companyUid] as const,
  placeProducts: (placeUid: string, filters: object) =>
    ['place-products', placeUid, filters] as const,
  companyProducts: (company: string, filters: object) => ['products', company, filters] as const,
  product: (placeUid: string, productUid: string) => ['product', placeUid, productUid] as const,
};
