import type { CatalogueEntries } from './entry';

/** Orders of redeemable products paid with coins. */
export const coinOrdersErrors = {
  'coin_orders.mixed_cart': {
    es: 'Los productos canjeables se piden solos y se pagan con monedas: haz otro pedido para los demás productos.',
    en: 'Redeemable products are ordered alone and paid with coins: place another order for the other products.',
  },
  'coin_orders.coins_required': {
    es: 'Los productos canjeables se pagan con monedas.',
    en: 'Redeemable products are paid with coins.',
  },
  'coin_orders.only_redeemable': {
    es: 'Solo los productos canjeables se pagan con monedas.',
    en: 'Only redeemable products are paid with coins.',
  },
  'coin_orders.pickup_only': {
    es: 'Los canjes con monedas se recogen en el local.',
    en: 'Coin redemptions are picked up at the place.',
  },
  'coin_orders.no_coupon': {
    es: 'Los cupones no se aplican a los canjes con monedas.',
    en: 'Coupons do not apply to coin redemptions.',
  },
  'coin_orders.priced_options': {
    es: 'Las opciones con precio no se pueden canjear con monedas.',
    en: 'Options with a price cannot be redeemed with coins.',
  },
  'coin_orders.no_coins_program': {
    es: 'Esta tienda no tiene un programa de beneficios con monedas.',
    en: 'This store has no benefits program with coins.',
  },
  'coin_orders.not_member': {
    es: 'Únete al programa de beneficios para canjear productos con monedas.',
    en: 'Join the benefits program to redeem products with coins.',
  },
} as const satisfies CatalogueEntries;
