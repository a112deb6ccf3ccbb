import type { Order, OrderInput } from '@store/contract';
import type { places } from '../../../db/schema';
import type { MemberScope } from '../../../scope/scope';
import type { Mailer } from '../../mail/mailer';
import type { PricedOrder } from '../pricing';
import type { Payment } from './charge';
import type { WrittenOrder } from './reserve';

/**
 * The member's request scope, plus the mailer that sends the confirmation and where the card
 * provider posts its notifications for a payment method (built from the tenant's own domain).
 */
export type CheckoutScope = MemberScope & {
  mailer: Mailer;
  paymentNotificationUrl?: (methodUid: string) => string;
};

/** What the checkout steps know, each step adding what it decided or wrote. */
export type CheckoutState = {
  scope: CheckoutScope;
  place: typeof places.$inferSelect;
  input: OrderInput;
  idempotencyKey: string | undefined;
  /** Chosen before anything is written, so every step and the provider name the same order. */
  orderUid: string;
  /** Set by price. */
  priced?: PricedOrder;
  /** Set by price on a coins order: the program whose coins pay. */
  coinProgramUid?: string | null;
  /** Set by reserve: the order and lines it wrote. */
  written?: WrittenOrder;
  /** Set by charge on a card order. */
  payment?: Payment;
  /** Set by confirm: the order as its final transaction read it (the checkout's answer). */
  placed?: Order;
};

/** A value an earlier step sets; its absence is a programming error in the step list. */
export function needed<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`checkout step run before ${what} was set`);
  return value;
}
