import type { CatalogueEntries } from './entry';

/** Catalogue and cart lines. */
export const catalogErrors = {
  'catalog.place_not_found': {
    es: 'El local no existe.',
    en: 'The place does not exist.',
  },
  'catalog.product_not_sold': {
    es: 'Este producto no se vende en este local.',
    en: 'This product is not sold at this place.',
  },
  'catalog.option_group_not_in_product': {
    es: 'Este grupo de opciones no pertenece al producto.',
    en: 'This option group does not belong to the product.',
  },
  'catalog.option_not_in_group': {
    es: 'Esta opción no pertenece a su grupo.',
    en: 'This option does not belong to its group.',
  },
  'catalog.too_few_options': {
    es: 'Elige al menos {min} opciones de {group}.',
    en: 'Choose at least {min} options of {group}.',
  },
  'catalog.too_many_options': {
    es: 'Elige como máximo {max} opciones de {group}.',
    en: 'Choose at most {max} options of {group}.',
  },
  'catalog.repeated_option': {
    es: 'Esta opción está repetida.',
    en: 'This option is repeated.',
  },
  'catalog.not_enough_stock': {
    es: 'Solo quedan {stock} unidades de {product}.',
    en: 'Only {stock} units of {product} are left.',
  },
  'catalog.product_out_of_stock': {
    es: 'El producto está agotado',
    en: 'The product is out of stock',
    spec: 'en',
  },
  'catalog.removed_from_cart': {
    es: 'Se ha eliminado el producto de tu carrito',
    en: 'The product was removed from your cart',
  },
  'catalog.no_results': {
    es: 'No se encuentran resultados para esta búsqueda',
    en: 'No results found for this search',
  },
  'catalog.no_places': {
    es: 'No se encontraron locales',
    en: 'No places found',
    spec: 'en',
  },
} as const satisfies CatalogueEntries;
