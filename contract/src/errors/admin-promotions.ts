import type { CatalogueEntries } from './entry';

/**
 * The back office's promotions. Texts the coupons already have (percent range, amount above
 * zero, dates order) are reused: this catalogue travels in the store front's first page.
 */
export const adminPromotionsErrors = {
  'admin.promotion_not_found': {
    es: 'No se encontró la promoción.',
    en: 'The promotion was not found.',
  },
  'admin.promotion_program_not_found': {
    es: 'Elige un programa de tu empresa.',
    en: 'Choose a program of your company.',
  },
  'admin.promotion_program_fixed': {
    es: 'Una promoción no cambia de programa.',
    en: 'A promotion does not change programs.',
  },
  'admin.promotion_one_price': {
    es: 'Una promoción se vende con monedas o con dinero, no con ambos.',
    en: 'A promotion is sold for coins or for money, not both.',
  },
  'admin.promotion_stock_below_taken': {
    es: 'El stock no puede ser menor que las unidades ya entregadas ({taken}).',
    en: 'The stock cannot be lower than the units already taken ({taken}).',
  },
  'admin.promotion_place_not_allowed': {
    es: 'Elige locales que administras.',
    en: 'Choose places you manage.',
  },
  'admin.promotion_places_required': {
    es: 'Elige al menos uno de tus locales.',
    en: 'Choose at least one of your places.',
  },
  'admin.promotion_redeemed': {
    es: 'Esta promoción ya fue usada: apáguela en lugar de eliminarla.',
    en: 'This promotion has been used: switch it off instead of deleting it.',
  },
} as const satisfies CatalogueEntries;
