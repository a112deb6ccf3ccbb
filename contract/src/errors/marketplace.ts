import type { CatalogueEntries } from './entry';

/**
 * Stores that create themselves on a marketplace, and the marketplace owner's review of them.
 * Few and short: the catalogue travels in the store front's first page.
 */
export const marketplaceErrors = {
  'marketplace.email_unverified': {
    es: 'Confirma tu correo antes de crear tu tienda.',
    en: 'Confirm your email before creating your store.',
  },
  'marketplace.already_staff': {
    es: 'Tu cuenta ya trabaja en una tienda de este sitio.',
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
  'marketplace.store_owner_only': {
    es: 'Solo el dueño de la tienda puede cambiar su nombre, logo y descripción, y pedir la revisión del mercado.',
    en: "Only the store's owner can change its name, logo and description, and ask the marketplace for a review.",
  },
} as const satisfies CatalogueEntries;
