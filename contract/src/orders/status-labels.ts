import type { OrderStatus } from './status';

// Its own module: the error texts' parameters (errors/params.ts, on every first page) read the
// labels without the order, coupon and subscription message catalogues of orders/messages.ts.
/** The statuses in Spanish words, as the store's staff read them. */
export const orderStatusLabels = {
  RECEIVED: 'Recibido',
  ACCEPTED: 'Aceptado',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregado',
  CANCELED_BY_PLACE: 'Cancelado por la tienda',
  CANCELED_BY_USER: 'Cancelado por el cliente',
} as const satisfies Record<OrderStatus, string>;
