import { z } from 'zod';

/** The order statuses of the spec, in the order an order normally goes through them. */
export const orderStatuses = [
  'RECEIVED',
  'ACCEPTED',
  'SHIPPED',
  'DELIVERED',
  'CANCELED_BY_PLACE',
  'CANCELED_BY_USER',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/** An order's payment states (what each means: `paymentStatus` in ./schemas). */
export const paymentStatuses = [
  'PAY_ON_DELIVERY',
  'PENDING',
  'IN_PROCESS',
  'PAID',
  'REJECTED',
  'REFUND_PENDING',
  'REFUNDED',
] as const;

/**
 * The payment states an orders list shows and filters by: an order whose card is still being
 * charged (PENDING) is never listed.
 */
export const listedPaymentStatuses = paymentStatuses.filter((status) => status !== 'PENDING');

/** Who moves an order: the member who placed it, or the store's staff. */
export type OrderActor = 'member' | 'place';
export type ShippingType = 'delivery' | 'pickup';

type Transition = { from: OrderStatus; to: OrderStatus; by: OrderActor; only?: ShippingType };

/**
 * The one order state machine, used by the server and readable by the web.
 * The spec's staff actions are accept, cancel, mark shipped and mark
 * delivered; the member may cancel only while the store has not accepted.
 * A pickup order is never shipped: it goes from ACCEPTED to DELIVERED (picked
 * up). A delivery order is shipped before it is delivered. Canceled and
 * delivered orders are final.
 */
export const orderTransitions: readonly Transition[] = [
  { from: 'RECEIVED', to: 'ACCEPTED', by: 'place' },
  { from: 'RECEIVED', to: 'CANCELED_BY_PLACE', by: 'place' },
  { from: 'RECEIVED', to: 'CANCELED_BY_USER', by: 'member' },
  { from: 'ACCEPTED', to: 'CANCELED_BY_PLACE', by: 'place' },
  { from: 'ACCEPTED', to: 'SHIPPED', by: 'place', only: 'delivery' },
  { from: 'ACCEPTED', to: 'DELIVERED', by: 'place', only: 'pickup' },
  { from: 'SHIPPED', to: 'DELIVERED', by: 'place', only: 'delivery' },
];

export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  by: OrderActor,
  shippingType: ShippingType,
): boolean {
  return orderTransitions.some(
    (t) => t.from === from && t.to === to && t.by === by && (!t.only || t.only === shippingType),
  );
}

/** Statuses an order can move to next, for one actor. */
export function nextStatuses(
  from: OrderStatus,
  by: OrderActor,
  shippingType: ShippingType,
): OrderStatus[] {
  return orderTransitions
    .filter((t) => t.from === from && t.by === by && (!t.only || t.only === shippingType))
    .map((t) => t.to);
}

export function isCanceled(status: OrderStatus): boolean {
  return status === 'CANCELED_BY_PLACE' || status === 'CANCELED_BY_USER';
}

export function isFinal(status: OrderStatus): boolean {
  return !orderTransitions.some((t) => t.from === status);
}

/**
 * A pickup order the store has prepared: it stays ACCEPTED (the spec's statuses do not change)
 * and is marked ready once, which tells the customer to come. Never a delivery order (it is
 * shipped instead), never twice.
 */
export function canMarkReady(
  status: OrderStatus,
  shippingType: ShippingType,
  readyAt: string | null | undefined,
): boolean {
  return status === 'ACCEPTED' && shippingType === 'pickup' && !readyAt;
}
