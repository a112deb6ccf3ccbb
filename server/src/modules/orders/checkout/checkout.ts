import { randomUUID } from 'node:crypto';
import type { Order, OrderInput } from '@store/contract';
import { findPlace } from '../../places/service';
import { findOrder, orderByKey } from '../queries';
import { runSteps } from './run-steps';
import { priceStep } from './price';
import { reserveStep } from './reserve';
import { chargeStep } from './charge';
import { confirmStep } from './confirm';
import { isSameKeyRace } from './idempotency';
import type { CheckoutScope, CheckoutState } from './state';
import { ordersFailed, ordersPlaced } from '../../monitoring/metrics';
import { enforceRateLimits } from '../../../lib/rate-limit';
import { rememberReceipt } from '../../receipts/preference';

/**
 * The checkout's steps, in order; a failing step undoes the ones before it,
 * newest first (runSteps):
 * 1. price   - check and price everything (writes nothing);
 * 2. reserve - one transaction: unpaid-orders cap, order, lines, stock,
 *              coupon use, coins; undone by releasing the order (stock and
 *              coupon back, order and lines deleted) while it is unpaid. An
 *              order without a card to charge is also confirmed (4) in it;
 * 3. charge  - online card only: authorize and capture; undone by a refund;
 * 4. confirm - mark a charged order paid, empty the member's cart there and
 *              queue the confirmation mail (sent by the outbox worker).
 */
export const checkoutSteps = [priceStep, reserveStep, chargeStep, confirmStep] as const;

/**
 * `POST v5/places/{uid}/orders/`. With an Idempotency-Key, a retry answers
 * the order the first call made, including a retry racing the first call
 * (the key's unique index stops the second reservation).
 */
export async function placeOrder(
  scope: CheckoutScope,
  placeUid: string,
  input: OrderInput,
  idempotencyKey: string | undefined,
): Promise<Order> {
  const { db, app, user } = scope;
  if (idempotencyKey) {
    const existing = await orderByKey(db, app.uid, user.uid, idempotencyKey);
    if (existing) return existing;
  }
  const state: CheckoutState = {
    scope,
    place: await findPlace(db, app, placeUid),
    input,
    idempotencyKey,
    orderUid: randomUUID(),
  };
  // Every order mails its confirmation (and an order cancelled at once can be placed again): a
  // member places so many a day. Counted first, so a burst cannot slip past; given back when no
  // order comes of it.
  const counted = scope.ordersPerMember
    ? await enforceRateLimits(
        db,
        app.uid,
        [{ bucket: 'orders:member', key: user.uid, limit: scope.ordersPerMember }],
        scope.clock(),
      )
    : undefined;
  try {
    await runSteps(checkoutSteps, state);
  } catch (err) {
    await counted?.giveBack();
    if (idempotencyKey && isSameKeyRace(err)) {
      const first = await orderByKey(db, app.uid, user.uid, idempotencyKey);
      if (first) return first;
    }
    ordersFailed.inc({ status: String((err as { statusCode?: number }).statusCode ?? 500) });
    throw err;
  }
  // Confirmation built the order from the rows its transaction wrote; a commit cannot change
  // them, so it is answered as written rather than fetched again.
  const order = state.placed ?? (await findOrder(db, app.uid, state.orderUid))!;
  await rememberReceipt(db, app.uid, user.uid, input.receipt).catch((err: unknown) =>
    scope.log.warn({ err }, 'the receipt preference was not saved'),
  );
  ordersPlaced.inc({ payment_status: order.payment_status });
  return order;
}
