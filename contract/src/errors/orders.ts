import type { CatalogueEntries } from './entry';

/** Checkout and orders. */
export const ordersErrors = {
  'orders.out_of_stock': {
    es: 'Sin stock: {product}',
    en: 'Out of stock: {product}',
    spec: 'en',
  },
  'orders.delivery_error': {
    es: 'Error en el servicio de delivery',
    en: 'Error in the delivery service',
    spec: 'en',
  },
  'orders.out_of_delivery_range': {
    es: 'Fuera de la zona de reparto, hasta {km} km',
    en: 'Outside the delivery area, up to {km} km',
  },
  'orders.no_shipping_methods': {
    es: 'La tienda no tiene métodos de envío',
    en: 'The store does not have shipping methods',
    spec: 'en',
  },
  'orders.card_declined': {
    es: 'Su tarjeta no pudo ser procesada correctamente',
    en: 'Your card could not be processed correctly',
    spec: 'en',
  },
  'orders.no_card_payments': {
    es: 'El negocio no acepta pagos con tarjeta de crédito / débito',
    en: 'The business does not accept payments by credit card / debit card',
    spec: 'en',
  },
  'orders.no_orders': {
    es: 'No se encontraron pedidos',
    en: 'No orders found',
    spec: 'en',
  },
  'orders.price_changed': {
    es: 'Los precios cambiaron desde que llenó su carrito. Revise el nuevo total antes de confirmar.',
    en: 'Prices changed since you filled your cart. Check the new total before confirming.',
  },
  'orders.payment_method_not_found': {
    es: 'Este método de pago no está disponible.',
    en: 'This payment method is not available.',
  },
  'orders.card_required': {
    es: 'Ingrese los datos de su tarjeta.',
    en: 'Enter your card details.',
  },
  'orders.card_not_expected': {
    es: 'Este método de pago no lleva tarjeta.',
    en: 'This payment method takes no card.',
  },
  'orders.card_number_invalid': {
    es: 'Número de tarjeta inválido.',
    en: 'Invalid card number.',
  },
  'orders.payment_in_process': {
    es: 'El pago de este pedido aún está en proceso: se podrá preparar cuando se confirme.',
    en: 'The payment of this order is still in process: it can be prepared once confirmed.',
  },
  'orders.payment_signature_invalid': {
    es: 'La firma de la notificación de pago no es válida.',
    en: 'The payment notification signature is not valid.',
  },
  'orders.installments_not_allowed': {
    es: 'Este número de cuotas no está disponible para esta tarjeta.',
    en: 'This number of installments is not available for this card.',
  },
  'orders.line_not_removable': {
    es: 'Solo se pueden quitar productos de un pedido recibido o aceptado, aún no enviado ni listo, con el pago confirmado o contra entrega.',
    en: 'Products can only be removed from a received or accepted order, not yet shipped or ready, whose payment is confirmed or due on delivery.',
  },
  'orders.line_not_found': {
    es: 'Este producto no está en el pedido.',
    en: 'This product is not in the order.',
  },
  'orders.line_quantity_too_high': {
    es: 'No se puede quitar más de lo que el pedido tiene de este producto.',
    en: 'You cannot remove more than the order has of this product.',
  },
  'orders.last_line': {
    es: 'Es el único producto del pedido: cancela el pedido en su lugar.',
    en: 'It is the only product in the order: cancel the order instead.',
  },
  'orders.card_expired': {
    es: 'La tarjeta está vencida.',
    en: 'The card has expired.',
  },
  'orders.slot_unavailable': {
    es: 'Este horario de recojo no está disponible.',
    en: 'This pickup time is not available.',
  },
  'orders.area_not_found': {
    es: 'Elija una zona de entrega válida.',
    en: 'Choose a valid delivery area.',
  },
  'orders.cannot_cancel': {
    es: 'Este pedido ya no puede cancelarse.',
    en: 'This order can no longer be canceled.',
  },
  'orders.transition_refused': {
    es: 'El pedido ya está «{from}» y no puede pasar a «{to}».',
    en: 'The order is already “{from}” and cannot move to “{to}”.',
  },
  'orders.ecommerce_disabled': {
    es: 'Esta tienda no recibe pedidos en línea.',
    en: 'This store does not take online orders.',
  },
  'orders.idempotency_key': {
    es: 'Idempotency-Key debe tener de 1 a 200 caracteres visibles.',
    en: 'Idempotency-Key must have 1 to 200 visible characters.',
  },
  'orders.amount_too_large': {
    es: 'El pedido supera el monto máximo permitido.',
    en: 'The order exceeds the maximum amount allowed.',
  },
  'orders.no_address_coordinates': {
    es: 'Envíe la latitud y longitud de la dirección.',
    en: 'Send the latitude and longitude of the address.',
  },
  'orders.too_many_unpaid': {
    es: 'Ya tiene {max} pedidos sin pagar en curso. Espere a que se entreguen o cancele alguno antes de hacer otro.',
    en: 'You already have {max} unpaid orders in progress. Wait until they are delivered or cancel one before placing another.',
  },
  'orders.place_paused': {
    es: 'Este local no está recibiendo pedidos en este momento.',
    en: 'This place is not taking orders right now.',
  },
  'orders.pickup_disabled': {
    es: 'Este local no ofrece recojo en tienda.',
    en: 'This place does not offer pickup.',
  },
} as const satisfies CatalogueEntries;
