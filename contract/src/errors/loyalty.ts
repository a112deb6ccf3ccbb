import type { CatalogueEntries } from './entry';

/** Programs, promotions and redemptions. */
export const loyaltyErrors = {
  'loyalty.limit_exceeded': {
    es: 'Superaste el límite de canjes de esta promoción',
    en: 'You have exceeded the redemption limit for this promotion',
    spec: 'en',
  },
  'loyalty.stock_exhausted': {
    es: 'Se agotó el stock de esta promoción',
    en: 'The stock for this promotion is exhausted',
    spec: 'en',
  },
  'loyalty.already_used': {
    es: 'Ya usaste esta promoción',
    en: 'The promotion has already been used',
    spec: 'en',
  },
  'loyalty.no_longer_usable': {
    es: 'Esta promoción ya no se puede usar',
    en: 'The promotion can no longer be used',
    spec: 'en',
  },
  'loyalty.not_enough_coins': {
    es: 'No tienes suficientes monedas',
    en: 'You do not have enough coins',
    spec: 'en',
  },
  'loyalty.amount_exceeds_maximum': {
    es: 'El monto supera el máximo',
    en: 'The amount exceeds the maximum',
    spec: 'en',
  },
  'loyalty.feature_disabled': {
    es: 'El programa de beneficios no tiene esta función habilitada',
    en: 'The benefits program does not have this functionality enabled',
    spec: 'en',
  },
  'loyalty.not_enough_stamps': {
    es: 'No tienes suficientes sellos para esta promoción.',
    en: 'You do not have enough stamps for this promotion.',
  },
  'loyalty.not_member': {
    es: 'Únete al programa para usar sus promociones.',
    en: 'Join the program to use its promotions.',
  },
  'loyalty.already_member': {
    es: 'Ya es miembro de este programa.',
    en: 'You are already a member of this program.',
  },
  'loyalty.program_not_found': {
    es: 'Este programa no existe.',
    en: 'This program does not exist.',
  },
  'loyalty.join_closed': {
    es: 'Este programa no admite inscripciones en línea.',
    en: 'This program cannot be joined online.',
  },
  'loyalty.promotion_not_found': {
    es: 'Esta promoción no existe.',
    en: 'This promotion does not exist.',
  },
  'loyalty.not_for_sale': {
    es: 'Esta promoción no se compra con monedas.',
    en: 'This promotion is not bought with coins.',
  },
  'loyalty.buy_by_card_first': {
    es: 'Esta promoción se compra con tarjeta antes de usarla.',
    en: 'This promotion is bought by card before it is used.',
  },
  'loyalty.staff_confirms_redemption': {
    es: 'Aquí el personal confirma el canje: muéstrale el QR o el código de tu pantalla. Tu beneficio sigue disponible hasta entonces.',
    en: 'Here the staff confirm the redemption: show them the QR or the code on your screen. Your benefit stays available until then.',
  },
  'loyalty.place_not_usable': {
    es: 'Esta promoción no se puede usar en este local.',
    en: 'This promotion cannot be used at this place.',
  },
} as const satisfies CatalogueEntries;
