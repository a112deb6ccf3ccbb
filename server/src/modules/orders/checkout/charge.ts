import { orderMessages } from '@store/contract';
import type { Scope } from '../../../scope/scope';
import { ValidationError } from '../../../lib/http-errors';
import { paymentProvider, type CardSource, type PaymentProvider } from '../../payments/provider';
import type { PaymentMethodRow } from '../settings';
import type { Step } from './run-steps';
import { needed, type CheckoutState } from './state';

/** A captured card payment: what confirm writes on the order and a refund needs. */
export type Payment = {
  provider: PaymentProvider;
  authorization: string;
  last4: string;
  amountCents: number;
};

/**
 * Step 3, online card only: authorize and capture with the method's
 * provider. A decline, or any failure of the provider, is the member's 400
 * 'Your card could not be processed correctly'; a capture that fails after
 * its authorization is refunded here, so a failed charge leaves no money
 * taken.
 */
export async function chargeCard(
  scope: Pick<Scope, 'log'>,
  method: PaymentMethodRow,
  charge: { amountCents: number; currency: string; reference: string; source: CardSource },
): Promise<Payment> {
  const provider = paymentProvider(method.provider);
  let authorization: string | undefined;
  try {
    const result = await provider.authorize(charge);
    if (!result.approved) throw new ValidationError(orderMessages.cardDeclined);
    authorization = result.authorization;
    await provider.capture(authorization, charge.amountCents);
    return {
      provider,
      authorization,
      last4: result.last4,
      amountCents: charge.amountCents,
    };
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    scope.log.error({ err, order: charge.reference }, 'payment failed; the order is undone');
    if (authorization)
      await refundCharge(scope, {
        provider,
        authorization,
        last4: '',
        amountCents: charge.amountCents,
      });
    throw new ValidationError(orderMessages.cardDeclined);
  }
}

/** Compensation of step 3: the captured amount goes back (a failed refund is logged for staff). */
export async function refundCharge(scope: Pick<Scope, 'log'>, payment: Payment) {
  await payment.provider
    .refund(payment.authorization, payment.amountCents)
    .catch((e) => scope.log.error({ err: e }, 'refund failed'));
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
      source: state.input.card as CardSource,
    });
  },
  async compensate(state) {
    if (state.payment) await refundCharge(state.scope, state.payment);
  },
};
