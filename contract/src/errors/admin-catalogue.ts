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
  'admin.option_min_above_max': {
    es: 'El mínimo no puede ser mayor que el máximo.',
    en: 'The minimum cannot be greater than the maximum.',
  },
  'admin.option_min_above_options': {
    es: 'El mínimo no puede superar la cantidad de opciones.',
    en: 'The minimum cannot exceed the number of options.',
  },
  'admin.option_not_of_product': {
    es: 'Esa opción no es de este producto.',
    en: 'That option does not belong to this product.',
  },
  'admin.place_repeated': {
    es: 'Ese local ya está en la lista.',
    en: 'That place is already on the list.',
  },
} as const satisfies CatalogueEntries;
