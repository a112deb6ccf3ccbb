import type { CatalogueEntries } from './entry';

/** Coupon codes at checkout. */
export const couponsErrors = {
  'coupons.not_found': {
    es: 'Este código no existe',
    en: 'This code does not exist',
  },
  'coupons.expired': {
    es: 'Este código ha vencido.',
    en: 'This code has expired.',
  },
  'coupons.not_started': {
    es: 'Este código aún no está vigente.',
    en: 'This code is not valid yet.',
  },
  'coupons.exhausted': {
    es: 'Este código ya no tiene usos disponibles.',
    en: 'This code has no uses left.',
  },
  'coupons.member_limit': {
    es: 'Ya usó este código el máximo de veces permitido.',
    en: 'You already used this code the maximum number of times.',
  },
  'coupons.min_subtotal': {
    es: 'El pedido debe sumar al menos {min} para usar este código.',
    en: 'The order must add up to at least {min} to use this code.',
  },
} as const satisfies CatalogueEntries;
