import type { CatalogueEntries } from './entry';

/** The back office's landing editor (`v5/admin/landing/`). */
export const adminLandingErrors = {
  'admin.landing_link_invalid': {
    es: 'Usa una dirección http(s) o una ruta de la tienda que empiece con /.',
    en: 'Use an http(s) address or a store path starting with /.',
  },
  'admin.landing_form_link': {
    es: 'Indica la dirección del formulario: https o una ruta de la tienda.',
    en: "Give the form's address: https or a store path.",
  },
  'admin.landing_carousel_empty': {
    es: 'Agrega al menos una imagen al carrusel.',
    en: 'Add at least one image to the carousel.',
  },
  'admin.landing_one_header': {
    es: 'La página solo puede tener un encabezado.',
    en: 'The page can have only one header.',
  },
  'admin.landing_main_company_only': {
    es: 'Solo la empresa principal de la tienda puede cambiar su página de inicio.',
    en: "Only the store's main company can change its landing page.",
  },
} as const satisfies CatalogueEntries;
