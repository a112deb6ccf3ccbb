import type { CatalogueEntries } from './entry';

/**
 * Stores that create themselves on a marketplace, and the marketplace owner's review of them.
 * Few and short: the catalogue travels in the store front's first page.
 */
export const marketplaceErrors = {
  'marketplace.email_unverified': {
    es: 'Confirme su correo antes de crear su tienda.',
    en: 'Confirm your email before creating your store.',
  },
  'marketplace.already_staff': {
    es: 'Su cuenta ya trabaja en una tienda de este sitio.',
    en: 'Your account already works at a store here.',
  },
  'marketplace.name_taken': {
    es: 'Ya existe una tienda con ese nombre.',
    en: 'A store with that name exists.',
  },
  'marketplace.owner_only': {
    es: 'Solo el dueño del mercado revisa tiendas.',
    en: 'Only the marketplace owner reviews stores.',
  },
} as const satisfies CatalogueEntries;
