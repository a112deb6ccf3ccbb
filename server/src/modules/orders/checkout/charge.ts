import { orderMessages, type CardInput } from '@store/contract';
import type { Scope } from '../../../scope/scope';
import { ValidationError } from '../../../lib/http-errors';
import {
  paymentProvider,
  type PaymentProvider,
  type ProviderPayment,
} from '../../payments/provider';
import type { PaymentMethodRow } from '../settings';
import type { Step } from './run-steps';
import { needed, type CheckoutState } from './state';

/** A card payment the provider accepted (approved) or has not decided yet (pending). */
export type Payment = {
  provider: PaymentProvider;
  payment: ProviderPayment;
  amountCents: number;
};

export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** The order uid: the provider's external reference and, per attempt, the idempotency key. */
  reference: string;
  description: string;
  payerEmail: string;
  card: CardInput;
  notificationUrl: string | null;
};

/**
 * Step 3, online card only: one payment at the method's provider with the card token, the total
 * we computed and the order uid as idempotency key (a new attempt is a new order uid). A decline,
 * or any failure to ask the provider, is the member's 400 'Your card could not be processed
 * correctly'; the provider's reason goes to the log, not to the buyer.
 */
export async function chargeCard(
  scope: Pick<Scope, 'log'>,
  method: PaymentMethodRow,
  charge: ChargeRequest,
): Promise<Payment> {
  const provider = paymentProvider(method);
  if (provider.installments && !provider.installments.includes(charge.card.installments))
    throw new ValidationError({ installments: [orderMessages.installmentsNotAllowed] });
  let payment: ProviderPayment;
  try {
    payment = await provider.createPayment({ ...charge, idempotencyKey: charge.reference });
  } catch (err) {
    // The SDK already retried once with the same idempotency key. The answer may still have been
    // lost after the provider took the money: look the payment up by our reference before
    // undoing the order, so a charged card is never left without its order.
    const found = await provider.findByReference?.(charge.reference).catch((lookup: unknown) => {
      scope.log.error(
        { err: lookup, order: charge.reference },
        'payment outcome unknown: the charge and its look-up both failed',
      );
      return null;
    });
    if (found && found.amountCents === charge.amountCents) {
      payment = found;
    } else {
      scope.log.error({ err, order: charge.reference }, 'payment failed; the order is undone');
      throw new ValidationError(orderMessages.cardDeclined);
    }
  }
  if (payment.status === 'approved' || payment.status === 'pending')
    return { provider, payment, amountCents: charge.amountCents };
  scope.log.info(
    { order: charge.reference, status: payment.status, detail: payment.detail },
    'card declined',
  );
  throw new ValidationError(orderMessages.cardDeclined);
}

/** Compensation of step 3: an approved amount goes back (a failed refund is logged for staff). */
export async function refundCharge(scope: Pick<Scope, 'log'>, charged: Payment, key: string) {
  if (charged.payment.status !== 'approved') return;
  await charged.provider
    .refund(charged.payment.id, null, `${key}-undo`)
    .catch((err) => scope.log.error({ err, payment: charged.payment.id }, 'refund failed'));
}

export const chargeStep: Step<CheckoutState> = {
  name: 'charge',
  async run(state) {
    const priced = needed(state.priced, 'the price');
    const method = priced.paymentMethod!;
    if (method.type !== 'ONLINE_CARD') return;
    state.payment = await chargeCard(state.scope, method, {
      amountCents: priced.totalCents,
      currency: priced.company.currencyCode,
      reference: state.orderUid,
      description: `${state.scope.app.name} - ${priced.place.name}`.slice(0, 200),
      payerEmail: state.input.billing.email,
      card: { ...state.input.card!, installments: state.input.card!.installments ?? 1 },
      notificationUrl: state.scope.paymentNotificationUrl?.(method.uid) ?? null,
    });
  },
  async compensate(state) {
    if (state.payment) await refundCharge(state.scope, state.payment, state.orderUid);
  },
};
