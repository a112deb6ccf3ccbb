import { messagesOf } from '../errors/entry';
import { ordersErrors } from '../errors/orders';
import { coinOrdersErrors } from '../errors/coin-orders';
import { couponsErrors } from '../errors/coupons';
import { subscriptionsErrors } from '../errors/subscriptions';
import type { OrderStatus } from './status';

/** The orders area's message codes, by name (texts in errors/orders.ts). */
export const orderMessages = messagesOf('orders', ordersErrors);

/** The statuses in Spanish words, as the store's staff read them. */
export const orderStatusLabels = {
  RECEIVED: 'Recibido',
  ACCEPTED: 'Aceptado',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregado',
  CANCELED_BY_PLACE: 'Cancelado por la tienda',
  CANCELED_BY_USER: 'Cancelado por el cliente',
} as const satisfies Record<OrderStatus, string>;

/** The coin_orders area's message codes, by name (texts in errors/coin-orders.ts). */
export const coinOrderMessages = messagesOf('coin_orders', coinOrdersErrors);

/** The coupons area's message codes, by name (texts in errors/coupons.ts). */
export const couponMessages = messagesOf('coupons', couponsErrors);

/** The subscriptions area's message codes, by name (texts in errors/subscriptions.ts). */
export const subscriptionMessages = messagesOf('subscriptions', subscriptionsErrors);
