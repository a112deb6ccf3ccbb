import type { Order } from './schemas';

/**
 * Whether the store may still remove products from an order (the server checks the same): not
 * prepared yet (RECEIVED or ACCEPTED), its payment settled or due on delivery, not paid with
 * coins, and more than one unit left (removing the last one is a cancel).
 */
export function orderLinesRemovable(
  order: Pick<Order, 'status' | 'payment_status' | 'coin_total' | 'products'>,
): boolean {
  return (
    (order.status === 'RECEIVED' || order.status === 'ACCEPTED') &&
    (order.payment_status === 'PAID' || order.payment_status === 'PAY_ON_DELIVERY') &&
    !order.coin_total &&
    order.products.reduce((n, l) => n + l.quantity, 0) > 1
  );
}

/**
 * How many units of a line may be removed at most: all of it, unless it is the order's only line
 * (then one must stay).
 */
export function removableUnits(order: Pick<Order, 'products'>, quantity: number): number {
  const units = order.products.reduce((n, l) => n + l.quantity, 0);
  return units === quantity ? quantity - 1 : quantity;
}
