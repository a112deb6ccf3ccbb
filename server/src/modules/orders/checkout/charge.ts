import { isOnlinePayment, orderMessages, type CardInput } from '@store/contract';
import type { Scope } from '../../../scope/scope';
import { ValidationError } from '../../../lib/http-errors';
import {
  paymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from '../../payments/provider';
import { recordUnsettledCharge } from '../../payments/unsettled-charges';
import type { PaymentMethodRow } from '../settings';
import type { Step } from './run-steps';
import { needed, type CheckoutState, type Payment } from './state';

export type ChargeRequest = {
  amountCents: number;
  currency: string;
  /** The order uid: the provider's external reference and, per attempt, the idempotency key. */
  reference: string;
  /** What is paid for: an order, or a promotion unit bought by card. */
  purpose: Payment['purpose'];
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
  scope: Pick<Scope, 'log' | 'db' | 'app'>,
  method: PaymentMethodRow,
  charge: ChargeRequest,
): Promise<Payment> {
  const provider = paymentProvider(method);
  if (provider.installments && !provider.installments.includes(charge.card.installments))
    throw new ValidationError({ installments: [orderMessages.installmentsNotAllowed] });
  const { purpose, ...request } = charge;
  let payment: ProviderPayment;
  try {
    payment = await provider.createPayment({ ...request, idempotencyKey: charge.reference });
  } catch (err) {
    // The SDK already retried once with the same idempotency key. The answer may still have been
    // lost after the provider took the money: look the payment up by our reference before
    // undoing the order, so a charged card is never left without its order.
    let lookupFailed = false;
    const found = await provider.findByReference?.(charge.reference).catch((lookup: unknown) => {
      lookupFailed = true;
      scope.log.error(
        { err: lookup, order: charge.reference },
        'payment outcome unknown: the charge and its look-up both failed',
      );
      return null;
    });
    if (found && found.amountCents === charge.amountCents) {
      payment = found;
    } else {
      // Money may have been taken with no order to show for it: the reconciliation run looks
      // the payment up again and gives it back (unsettled-charges.ts).
      if (found || (lookupFailed && mayHaveCharged(err)))
        await recordUnsettledCharge(
          scope.db,
          {
            appId: scope.app.uid,
            paymentMethodUid: method.uid,
            reference: charge.reference,
            purpose,
            amountCents: charge.amountCents,
            reason: 'OUTCOME_UNKNOWN',
            providerPaymentId: found?.id ?? null,
            error: err,
          },
          scope.log,
        );
      scope.log.error({ err, order: charge.reference }, 'payment failed; the order is undone');
      throw new ValidationError(orderMessages.cardDeclined);
    }
  }
  if (payment.status === 'approved' || payment.status === 'pending')
    return { provider, payment, amountCents: charge.amountCents, methodUid: method.uid, purpose };
  scope.log.info(
    { order: charge.reference, status: payment.status, detail: payment.detail },
    'card declined',
  );
  throw new ValidationError(
    method.type === 'YAPE' ? yapeDeclineMessage(payment.detail) : orderMessages.cardDeclined,
  );
}

/**
 * What a shopper reads when Yape refuses: Mercado Pago's `status_detail` of a Yape payment (its
 * documented test numbers give each one) says whether a new approval code, a higher limit in the
 * app or another method helps. A token Mercado Pago refuses outright (400: used or expired) is an
 * expired code too.
 */
export function yapeDeclineMessage(detail: string | null): string {
  switch (detail) {
    case 'cc_rejected_bad_filled_security_code':
    case 'cc_rejected_form_error':
    case 'bad_request':
      return orderMessages.yapeCodeInvalid;
    case 'cc_amount_rate_limit_exceeded':
      return orderMessages.yapeLimitExceeded;
    default:
      return orderMessages.yapeDeclined;
  }
}

/**
 * Whether a failed charge call may still have charged: the provider's own refusal (a 4xx other
 * than a timeout or a rate limit) did not; a network error, a timeout or a 5xx may have.
 */
function mayHaveCharged(err: unknown): boolean {
  if (!(err instanceof PaymentProviderError) || err.status === null) return true;
  return !(err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429);
}

/**
 * Compensation of step 3: an approved amount goes back. A refund that fails, or a payment the
 * provider has not decided yet (it may still be approved), is recorded as an unsettled charge,
 * which the reconciliation run settles and the owner sees.
 */
export async function refundCharge(
  scope: Pick<Scope, 'log' | 'db' | 'app'>,
  charged: Payment,
  reference: string,
) {
  const unsettled = (reason: 'UNDO_REFUND_FAILED' | 'UNDONE_WHILE_PENDING', error?: unknown) =>
    recordUnsettledCharge(
      scope.db,
      {
        appId: scope.app.uid,
        paymentMethodUid: charged.methodUid,
        reference,
        purpose: charged.purpose,
        amountCents: charged.amountCents,
        reason,
        providerPaymentId: charged.payment.id,
        error,
      },
      scope.log,
    );
  if (charged.payment.status === 'pending') return unsettled('UNDONE_WHILE_PENDING');
  if (charged.payment.status !== 'approved') return;
  try {
    await charged.provider.refund(charged.payment.id, null, `${reference}-undo`);
  } catch (err) {
    scope.log.error({ err, payment: charged.payment.id }, 'refund failed');
    await unsettled('UNDO_REFUND_FAILED', err);
  }
}

export const chargeStep: Step<CheckoutState> = {
  name: 'charge',
  async run(state) {
    const priced = needed(state.priced, 'the price');
    const method = priced.paymentMethod!;
    if (!isOnlinePayment(method.type)) return;
    // Yape is a debit through Mercado Pago: always one installment, its own method id.
    const card: CardInput =
      method.type === 'YAPE'
        ? { token: state.input.yape!.token, payment_method_id: 'yape', installments: 1 }
        : { ...state.input.card!, installments: state.input.card!.installments ?? 1 };
    state.payment = await chargeCard(state.scope, method, {
      amountCents: priced.totalCents,
      currency: priced.company.currencyCode,
      reference: state.orderUid,
      purpose: 'ORDER',
      description: `${state.scope.app.name} - ${priced.place.name}`.slice(0, 200),
      payerEmail: state.input.billing.email,
      card,
      notificationUrl: state.scope.paymentNotificationUrl?.(method.uid) ?? null,
    });
  },
  async compensate(state) {
    if (state.payment) await refundCharge(state.scope, state.payment, state.orderUid);
  },
};
