import { eq } from 'drizzle-orm';
import { orderMessages, type Order } from '@store/contract';
import { shoppingCarts } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import type { MemberScope } from '../../../scope/scope';
import { ValidationError } from '../../../lib/http-errors';
import type { Step } from './run-steps';
import { needed, type CheckoutState, type Payment, type WrittenOrder } from './state';
import { queueMailOf } from './notify';
import { verifiedAddress } from '../../mail/safe';
import { orderToApi } from '../serialize';
import { ofTenant, tenantRef } from '../../../scope/tenant-query';
import { numberOrderWith } from '../numbers';
import { placeholder, preparedOnce } from '../../../db/placeholder';
import { settleInOrder } from '../../../db/pipeline';
import { queueSaleReceipt } from '../../receipts/issuing/queue';
import { moveOrder } from '../../reports/rollup';

/** How long a payment the provider has not decided (3-D Secure, review) keeps the order reserved. */
export const PAYMENT_PENDING_MINUTES = 30;

/**
 * The accepted payment written on the order, with its number (taken only now, so a declined card
 * uses up no number): PAID when approved, IN_PROCESS (reserved until `payment_expires_at`) when
 * the provider has not decided yet.
 */
async function recordPayment(tx: Tx, appId: string, orderUid: string, charged: Payment, now: Date) {
  const pending = charged.payment.status === 'pending';
  const [row] = await numberOrderWith(tx, appId, orderUid, {
    paymentStatus: pending ? 'IN_PROCESS' : 'PAID',
    paymentProvider: charged.provider.name,
    paymentReference: charged.payment.id,
    paymentDetail: charged.payment.detail,
    paymentExpiresAt: pending ? new Date(now.getTime() + PAYMENT_PENDING_MINUTES * 60_000) : null,
    cardLast4: charged.payment.last4,
    updatedAt: now,
  });
  // A card order is PENDING from its reservation until this update (nothing else moves a PENDING
  // order: it is listed nowhere, and a release deletes it), so this is its move out of PENDING.
  await moveOrder(tx, appId, { status: row.status, paymentStatus: 'PENDING' }, row);
  return row;
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
  await cartAtPlace(tx).execute({ tenant: scope.app.uid, user: scope.user.uid, place: placeUid });
}

const cartAtPlace = preparedOnce((db) =>
  db
    .delete(shoppingCarts)
    .where(
      ofTenant(
        tenantRef(placeholder<string>('tenant')),
        shoppingCarts,
        eq(shoppingCarts.userUid, placeholder<string>('user')),
        eq(shoppingCarts.placeUid, placeholder<string>('place')),
      ),
    )
    .prepare(''),
);

/**
 * What makes a reserved order final, inside `tx`: the member's cart at the place emptied, a
 * charged card's payment recorded (numbered, PAID or IN_PROCESS) and the confirmation mail
 * queued. The cart goes first (unless the caller emptied it already): it is the member's own row,
 * while the order number's counter is locked for every order of the store until the commit, so
 * the less that runs after it, the less the store's other orders wait. The order is answered as
 * this transaction wrote it (the reservation's rows, and the payment's update), so nothing is read
 * again: the rows carry the database's own values (dates, defaults).
 */
export async function confirmOrder(
  tx: Tx,
  state: CheckoutState,
  options: { cartEmptied?: boolean } = {},
): Promise<Order> {
  const { scope, payment } = state;
  const priced = needed(state.priced, 'the price');
  const written = needed(state.written, 'the reservation');
  if (!options.cartEmptied) await emptyCart(tx, scope, state.place.uid);
  const row = payment
    ? await recordPayment(tx, scope.app.uid, state.orderUid, payment, scope.clock())
    : written.order;
  // An approved online payment makes the sale final for SUNAT: its receipt joins the outbox now.
  if (row.paymentStatus === 'PAID') await queueSaleReceipt(tx, scope.app.uid, row, 'PAID');
  const order = answerOf(state, row);
  await queueMailOf(tx, scope, order, {
    to: verifiedAddress(scope.user),
    currencySymbol: priced.company.currencySymbol,
    storeMailTo: priced.company.orderMailTo,
  });
  return (state.placed = order);
}

/** The order as the checkout answers it, from a row its transaction wrote. */
function answerOf(state: CheckoutState, row: WrittenOrder['order']): Order {
  const priced = needed(state.priced, 'the price');
  return orderToApi(row, {
    place: state.place,
    method: priced.paymentMethod!,
    area: priced.area,
    lines: needed(state.written, 'the reservation').lines,
  });
}

/**
 * `confirmOrder` for an order paid later (cash, card on delivery) whose number is being taken by
 * `numbering`, already sent in the same pipeline: the confirmation mail follows it at once, its
 * number filled in by the database, so the reservation's hot rows (the counter, the last units)
 * are locked only while PostgreSQL runs the pipeline's last statements and the COMMIT. Answers
 * the numbered order. The member's cart was emptied earlier in the transaction.
 */
export function confirmAsNumbered(
  tx: Tx,
  state: CheckoutState,
  numbering: Promise<WrittenOrder['order'] | null>,
): Promise<Order> {
  const priced = needed(state.priced, 'the price');
  const unnumbered = answerOf(state, needed(state.written, 'the reservation').order);
  const mail = queueMailOf(tx, state.scope, unnumbered, {
    to: verifiedAddress(state.scope.user),
    currencySymbol: priced.company.currencySymbol,
    storeMailTo: priced.company.orderMailTo,
    numberedBefore: true,
  });
  return settleInOrder([numbering, mail]).then(([row]) => (state.placed = answerOf(state, row!)));
}

/**
 * Step 4, one transaction, for a card order once charged (reserve already confirmed the others
 * in its own transaction). If it fails, the steps before it are undone (the charge refunded, the
 * reservation released), and a failure to record a payment reads as the card's 400 like every
 * other payment failure.
 */
export const confirmStep: Step<CheckoutState> = {
  name: 'confirm',
  async run(state) {
    const { scope, payment } = state;
    if (state.placed) return;
    try {
      await scope.db.transaction((tx) => confirmOrder(tx, state));
    } catch (err) {
      if (!payment || err instanceof ValidationError) throw err;
      scope.log.error({ err, order: state.orderUid }, 'payment failed; the order is undone');
      throw new ValidationError(orderMessages.cardDeclined);
    }
  },
};
