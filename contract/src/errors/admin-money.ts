import type { CatalogueEntries } from './entry';

/** The back office's money settings: payment methods, card credentials, tax rule, coupons. */
export const adminMoneyErrors = {
  'admin.payment_method_not_found': {
    es: 'No se encontró el medio de pago.',
    en: 'The payment method was not found.',
  },
  'admin.card_credentials_missing': {
    es: 'Configure la clave pública y el access token antes de activar el pago con tarjeta.',
    en: 'Set the public key and the access token before turning card payments on.',
  },
  'admin.yape_exists': {
    es: 'Tu tienda ya tiene Yape: actívalo o desactívalo en su tarjeta.',
    en: 'Your store already has Yape: switch it on or off on its card.',
  },
  'admin.receipt_url_invalid': {
    es: 'Pega la RUTA de tu cuenta de Nubefact (menú API - Integración); empieza con https://api.nubefact.com/api/v1/.',
    en: 'Paste the ROUTE of your Nubefact account (API - Integration menu); it starts with https://api.nubefact.com/api/v1/.',
  },
  'admin.receipt_token_required': {
    es: 'Escribe el TOKEN de tu cuenta de Nubefact junto con su RUTA.',
    en: 'Type the TOKEN of your Nubefact account along with its ROUTE.',
  },
  'admin.coupon_not_found': {
    es: 'No se encontró el cupón.',
    en: 'The coupon was not found.',
  },
  'admin.coupon_code_taken': {
    es: 'Ya existe un cupón con este código.',
    en: 'A coupon with this code already exists.',
  },
  'admin.coupon_code_format': {
    es: 'Usa de 3 a 30 letras, números, guiones o guiones bajos.',
    en: 'Use 3 to 30 letters, digits, hyphens or underscores.',
  },
  'admin.coupon_percent_range': {
    es: 'El porcentaje debe estar entre 0.01 y 100.00.',
    en: 'The percentage must be between 0.01 and 100.00.',
  },
  'admin.coupon_amount_positive': {
    es: 'El monto debe ser mayor que cero.',
    en: 'The amount must be greater than zero.',
  },
  'admin.coupon_dates_order': {
    es: 'La fecha de fin debe ser posterior a la de inicio.',
    en: 'The end date must be after the start date.',
  },
  'admin.coupon_max_below_uses': {
    es: 'El límite no puede ser menor que los usos que ya tiene el cupón ({uses}).',
    en: 'The limit cannot be lower than the uses the coupon already has ({uses}).',
  },
  'admin.tax_rate_range': {
    es: 'La tasa debe estar entre 0.00 y 100.00.',
    en: 'The rate must be between 0.00 and 100.00.',
  },
  'admin.discount_not_found': {
    es: 'No se encontró el descuento.',
    en: 'The discount was not found.',
  },
  'admin.discount_products_required': {
    es: 'Elige al menos un producto.',
    en: 'Choose at least one product.',
  },
  'admin.discount_categories_required': {
    es: 'Elige al menos una categoría.',
    en: 'Choose at least one category.',
  },
  'admin.discount_combo_products': {
    es: 'Un combo lleva al menos dos productos.',
    en: 'A combo needs at least two products.',
  },
  'admin.discount_buy_pay': {
    es: 'Indica cuántos lleva (2 o más) y cuántos paga (menos de los que lleva).',
    en: 'Say how many are taken (2 or more) and how many are paid (fewer than taken).',
  },
  'admin.discount_hours_pair': {
    es: 'Indica la hora de inicio y la de fin, o ninguna.',
    en: 'Give both the start and the end time, or neither.',
  },
  'admin.discount_unknown_ref': {
    es: 'Hay elementos que no pertenecen a tu tienda.',
    en: 'Some of these do not belong to your store.',
  },
  'admin.discount_max_below_uses': {
    es: 'El límite no puede ser menor que los usos que ya tiene el descuento ({uses}).',
    en: 'The limit cannot be lower than the uses the discount already has ({uses}).',
  },
} as const satisfies CatalogueEntries;
