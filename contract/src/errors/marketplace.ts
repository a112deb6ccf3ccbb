import type { CatalogueEntries } from './entry';

/** Stores that create themselves on a marketplace, and the marketplace owner's review of them. */
export const marketplaceErrors = {
  'marketplace.not_marketplace': {
    es: 'Este sitio no admite crear tiendas.',
    en: 'This site does not let merchants create stores.',
  },
  'marketplace.email_unverified': {
    es: 'Confirme su correo electrónico antes de crear su tienda: le enviamos un enlace.',
    en: 'Confirm your email address before creating your store: we sent you a link.',
  },
  'marketplace.email_already_verified': {
    es: 'Su correo electrónico ya está confirmado.',
    en: 'Your email address is already confirmed.',
  },
  'marketplace.already_staff': {
    es: 'Su cuenta ya administra o trabaja en una tienda de este sitio.',
    en: 'Your account already runs or works at a store of this site.',
  },
  'marketplace.name_taken': {
    es: 'Ya existe una tienda con ese nombre.',
    en: 'A store with that name already exists.',
  },
  'marketplace.category_unknown': {
    es: 'Elija una categoría de la lista.',
    en: 'Choose a category from the list.',
  },
  'marketplace.area_unknown': {
    es: 'Elija un distrito de la lista.',
    en: 'Choose a district from the list.',
  },
  'marketplace.accept_terms': {
    es: 'Debe aceptar los términos y condiciones.',
    en: 'You must accept the terms and conditions.',
  },
  'marketplace.owner_only': {
    es: 'Solo el dueño del mercado puede revisar las tiendas.',
    en: "Only the marketplace's owner can review the stores.",
  },
  'marketplace.store_not_found': {
    es: 'No se encontró la tienda.',
    en: 'The store was not found.',
  },
  'marketplace.reason_required': {
    es: 'Indique el motivo: se lo enviaremos al dueño de la tienda.',
    en: "Give the reason: we will send it to the store's owner.",
  },
  'marketplace.transition_invalid': {
    es: 'Esa acción no está disponible para una tienda en este estado.',
    en: 'That action is not available for a store in this state.',
  },
} as const satisfies CatalogueEntries;
