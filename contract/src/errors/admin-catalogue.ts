import type { CatalogueEntries } from './entry';

/** The back office's catalogue (`/admin/catalogue`, `v5/admin/products/...`). */
export const adminCatalogueErrors = {
  'admin.product_not_found': {
    es: 'No se encontró el producto.',
    en: 'The product was not found.',
  },
  'admin.product_place_not_found': {
    es: 'El producto no se ofrece en ese local.',
    en: 'The product is not offered at that place.',
  },
} as const satisfies CatalogueEntries;
