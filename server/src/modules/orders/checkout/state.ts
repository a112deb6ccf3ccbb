import type { Order, OrderInput } from '@store/contract';
import type { orderLines, orders, places } from '../../../db/schema';
import type { MemberScope } from '../../../scope/scope';
import type { Mailer } from '../../mail/mailer';
import type { PublicUrlConfig } from '../../../config';
import type { PricedOrder } from '../pricing';
import type { CouponGuard } from '../coupon-guesses';
import type { RateLimit } from '../../../config';
import type { PaymentProvider, ProviderPayment } from '../../payments/provider';

// The records the steps hand on are declared here, not in the steps that make them: every step
// reads this file, so a type imported back from a step made an import circle (issue 38).

/** A card payment the provider accepted (approved) or has not decided yet (pending). */
export type Payment = {
  provider: PaymentProvider;
  payment: ProviderPayment;
  amountCents: number;
  /** The method charged, and what for: an undo that cannot give the money back records them. */
  methodUid: string;
  /** What is paid for: an order, or a promotion unit bought by card. */
  purpose: 'ORDER' | 'PROMOTION';
};

/** The rows a reservation wrote, as the database answered them: the checkout's answer is built from them. */
export type WrittenOrder = {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
};

/**
 * The member's request scope, plus the mailer that sends the confirmation, where the card
 * provider posts its notifications for a payment method (built from the tenant's own domain) and
 * the limits a coupon code is looked up under.
 */
export type CheckoutScope = MemberScope & {
  mailer: Mailer;
  /** Where the store's mailed links point (the owner's mail per new order links to it). */
  publicUrl?: PublicUrlConfig;
  paymentNotificationUrl?: (methodUid: string) => string;
  /** How the order's coupon code is looked up: the request's coupon-code limits. */
  couponGuard?: CouponGuard;
  /** How many orders the member may place a day (Config mailQuotas); no limit without it. */
  ordersPerMember?: RateLimit;
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
