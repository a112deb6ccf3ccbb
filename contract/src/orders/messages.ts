import { messagesOf } from '../errors/entry';
import { ordersErrors } from '../errors/orders';
import { coinOrdersErrors } from '../errors/coin-orders';
import { couponsErrors } from '../errors/coupons';
import { subscriptionsErrors } from '../errors/subscriptions';

/** The orders area's message codes, by name (texts in errors/orders.ts). */
export const orderMessages = /* @__PURE__ */ messagesOf('orders', ordersErrors);

export { orderStatusLabels } from './status-labels';

/** The coin_orders area's message codes, by name (texts in errors/coin-orders.ts). */
export const coinOrderMessages = /* @__PURE__ */ messagesOf('coin_orders', coinOrdersErrors);

/** The coupons area's message codes, by name (texts in errors/coupons.ts). */
export const couponMessages = /* @__PURE__ */ messagesOf('coupons', couponsErrors);

/** The subscriptions area's message codes, by name (texts in errors/subscriptions.ts). */
export const subscriptionMessages = /* @__PURE__ */ messagesOf(
  'subscriptions',
  subscriptionsErrors,
);
