import { eq } from 'drizzle-orm';
import { orderMessages } from '@store/contract';
import { orders, shoppingCarts } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import type { MemberScope } from '../../../scope/scope';
import { ValidationError } from '../../../lib/http-errors';
import type { Payment } from './charge';
import type { Step } from './run-steps';
import { needed, type CheckoutState } from './state';
import { queueOrderMail } from './notify';
import { ofTenant, tenantRef } from '../../../scope/tenant-query';
import { nextOrderNumber } from '../numbers';

/** How long a payment the provider has not decided (3-D Secure, review) keeps the order reserved. */
export const PAYMENT_PENDING_MINUTES = 30;

/**
 * The accepted payment written on the order, with its number (taken only now, so a declined card
 * uses up no number): PAID when approved, IN_PROCESS (reserved until `payment_expires_at`) when
 * the provider has not decided yet.
 */
async function recordPayment(tx: Tx, appId: string, orderUid: string, charged: Payment, now: Date) {
  const pending = charged.payment.status === 'pending';
  await tx
    .update(orders)
    .set({
      number: await nextOrderNumber(tx, appId),
      paymentStatus: pending ? 'IN_PROCESS' : 'PAID',
      paymentProvider: charged.provider.name,
      paymentReference: charged.payment.id,
      paymentDetail: charged.payment.detail,
      paymentExpiresAt: pending ? new Date(now.getTime() + PAYMENT_PENDING_MINUTES * 60_000) : null,
      cardLast4: charged.payment.last4,
      updatedAt: now,
    })
    .where(ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid)));
}

/**
 * As the spec's client does, a placed order empties the member's server cart
 * at that place (only once the order is final: a declined card must leave
 * the cart as it was).
 */
export async function emptyCart(
  tx: Tx,
  scope: Pick<MemberScope, 'app' | 'user'>,
  placeUid: string,
) {
  await tx
    .delete(shoppingCarts)
    .where(
      ofTenant(
        scope,
        shoppingCarts,
        eq(shoppingCarts.userUid, scope.user.uid),
        eq(shoppingCarts.placeUid, placeUid),
      ),
    );
}

/**
 * Step 4, one transaction: a charged order is numbered and marked PAID (or IN_PROCESS), the member's
 * cart at the place is emptied and the confirmation mail queued. If it fails, the steps before it are undone
 * (the charge refunded, the reservation released), and a failure to record
 * a payment reads as the card's 400 like every other payment failure.
 */
export const confirmStep: Step<CheckoutState> = {
  name: 'confirm',
  async run(state) {
    const { scope, payment } = state;
    try {
      await scope.db.transaction(async (tx) => {
        if (payment) await recordPayment(tx, scope.app.uid, state.orderUid, payment, scope.clock());
        await emptyCart(tx, scope, state.place.uid);
        state.placed = await queueOrderMail(tx, scope, state.orderUid, {
          currencySymbol: needed(state.priced, 'the price').company.currencySymbol,
        });
      });
    } catch (err) {
      if (!payment || err instanceof ValidationError) throw err;
      scope.log.error({ err, order: state.orderUid }, 'payment failed; the order is undone');
      throw new ValidationError(orderMessages.cardDeclined);
    }
  },
};
