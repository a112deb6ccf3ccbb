import type { OrderStatus } from './status';

/** Texts of checkout, orders, coupons and subscriptions; the English ones are the spec's words. */
export const orderMessages = {
  outOfStock: 'Out of stock: {product}',
  deliveryError: 'Error in the delivery service',
  noShippingMethods: 'The store does not have shipping methods',
  cardDeclined: 'Your card could not be processed correctly',
  noCardPayments: 'The business does not accept payments by credit card / debit card',
  noOrders: 'No orders found',
  priceChanged:
    'Los precios cambiaron desde que llenó su carrito. Revise el nuevo total antes de confirmar.',
  paymentMethodNotFound: 'Este método de pago no está disponible.',
  cardRequired: 'Ingrese los datos de su tarjeta.',
  cardNotExpected: 'Este método de pago no lleva tarjeta.',
  cardNumberInvalid: 'Número de tarjeta inválido.',
  cardExpired: 'La tarjeta está vencida.',
  slotUnavailable: 'Este horario de recojo no está disponible.',
  areaNotFound: 'Elija una zona de entrega válida.',
  cannotCancel: 'Este pedido ya no puede cancelarse.',
  /** `from` and `to` in words (orderStatusLabels): staff read it on the orders board. */
  transitionRefused: 'El pedido ya está «{from}» y no puede pasar a «{to}».',
  ecommerceDisabled: 'Esta tienda no recibe pedidos en línea.',
  idempotencyKey: 'Idempotency-Key debe tener de 1 a 200 caracteres visibles.',
  amountTooLarge: 'El pedido supera el monto máximo permitido.',
  noAddressCoordinates: 'Envíe la latitud y longitud de la dirección.',
  /** `max`: the store's apps.max_unpaid_orders. */
  tooManyUnpaid:
    'Ya tiene {max} pedidos sin pagar en curso. Espere a que se entreguen o cancele alguno antes de hacer otro.',
} as const;

/** The statuses in Spanish words, as the store's staff read them. */
export const orderStatusLabels = {
  RECEIVED: 'Recibido',
  ACCEPTED: 'Aceptado',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregado',
  CANCELED_BY_PLACE: 'Cancelado por la tienda',
  CANCELED_BY_USER: 'Cancelado por el cliente',
} as const satisfies Record<OrderStatus, string>;

/** Orders of redeemable products paid with program coins. */
export const coinOrderMessages = {
  mixedCart:
    'Los productos canjeables se piden solos y se pagan con monedas: haga otro pedido para los demás productos.',
  coinsRequired: 'Los productos canjeables se pagan con monedas.',
  onlyRedeemable: 'Solo los productos canjeables se pagan con monedas.',
  pickupOnly: 'Los canjes con monedas se recogen en el local.',
  noCoupon: 'Los cupones no se aplican a los canjes con monedas.',
  pricedOptions: 'Las opciones con precio no se pueden canjear con monedas.',
  noCoinsProgram: 'Esta tienda no tiene un programa de beneficios con monedas.',
  notMember: 'Únase al programa de beneficios para canjear productos con monedas.',
} as const;

export const couponMessages = {
  notFound: 'Este código no existe',
  expired: 'Este código ha vencido.',
  notStarted: 'Este código aún no está vigente.',
  exhausted: 'Este código ya no tiene usos disponibles.',
  memberLimit: 'Ya usó este código el máximo de veces permitido.',
  minSubtotal: 'El pedido debe sumar al menos {min} para usar este código.',
} as const;

export const subscriptionMessages = {
  weekdayRequired: 'Elija al menos un día de la semana.',
  slotRequired: 'Elija un horario.',
  slotUnavailable: 'Este horario no está disponible los {day}.',
  closedOn: 'El local no atiende los {day}.',
  notEnabled: 'Este local no ofrece suscripciones.',
  onlyCancel: 'Solo se puede cancelar la suscripción (canceled_by_user).',
  alreadyCanceled: 'Esta suscripción ya está cancelada.',
  onlinePaymentNotAllowed:
    'Las suscripciones se pagan en cada entrega: elija efectivo o tarjeta contra entrega.',
  /** `max`: the store's apps.max_unpaid_orders. */
  tooManyActive: 'Ya tiene {max} suscripciones activas. Cancele alguna antes de crear otra.',
} as const;
