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
    es: 'La tienda no tiene métodos de entrega',
    en: 'The store does not have shipping methods',
    spec: 'en',
  },
  'orders.card_declined': {
    es: 'Tu tarjeta no pudo ser procesada correctamente',
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
    es: 'Los precios cambiaron desde que llenaste tu carrito. Revisa el nuevo total antes de confirmar.',
    en: 'Prices changed since you filled your cart. Check the new total before confirming.',
  },
  'orders.payment_method_not_found': {
    es: 'Este método de pago no está disponible.',
    en: 'This payment method is not available.',
  },
  'orders.card_required': {
    es: 'Ingresa los datos de tu tarjeta.',
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
  'orders.yape_required': {
    es: 'Ingresa tu número de celular y el código de aprobación de Yape.',
    en: 'Enter your phone number and the Yape approval code.',
  },
  'orders.yape_not_expected': {
    es: 'Este método de pago no es Yape.',
    en: 'This payment method is not Yape.',
  },
  'orders.yape_declined': {
    es: 'Yape no aprobó el pago. Revisa tu app Yape o elige otro medio de pago.',
    en: 'Yape did not approve the payment. Check your Yape app or choose another payment method.',
  },
  'orders.yape_code_invalid': {
    es: 'El código de aprobación no es válido o ya venció. Genera uno nuevo en tu app Yape e inténtalo otra vez.',
    en: 'The approval code is not valid or has expired. Get a new one in your Yape app and try again.',
  },
  'orders.yape_limit_exceeded': {
    es: 'El monto supera el límite de tu Yape para compras por internet. Súbelo en tu app Yape o elige otro medio de pago.',
    en: 'The amount is above your Yape limit for online purchases. Raise it in your Yape app or choose another payment method.',
  },
  'orders.card_expired': {
    es: 'La tarjeta está vencida.',
    en: 'The card has expired.',
  },
  'orders.slot_unavailable': {
    es: 'Este horario de recojo no está disponible.',
    en: 'This pickup time is not available.',
  },
  'orders.point_outside_area': {
    es: 'El punto del mapa no está en {area}: márcalo en tu dirección o elige otra zona.',
    en: 'The map point is not in {area}: mark your address on the map or choose another area.',
  },
  'orders.area_not_found': {
    es: 'Elige una zona de entrega válida.',
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
  'orders.ready_refused': {
    es: 'Solo un pedido de recojo aceptado puede marcarse listo para recoger, y una sola vez.',
    en: 'Only an accepted pickup order can be marked ready for pickup, and only once.',
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
    es: 'Envía la latitud y longitud de la dirección.',
    en: 'Send the latitude and longitude of the address.',
  },
  'orders.too_many_unpaid': {
    es: 'Ya tienes {max} pedidos sin pagar en curso. Espera a que se entreguen o cancela alguno antes de hacer otro.',
    en: 'You already have {max} unpaid orders in progress. Wait until they are delivered or cancel one before placing another.',
  },
  'orders.closed_now_delivery': {
    es: 'Cerrado ahora, abre {day}a las {time}: el delivery se pide con el local abierto.',
    en: 'Closed now, opens {day}at {time}: delivery is ordered while the place is open.',
  },
  'orders.closed_delivery': {
    es: 'Cerrado por ahora: el delivery se pide con el local abierto.',
    en: 'Closed for now: delivery is ordered while the place is open.',
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
