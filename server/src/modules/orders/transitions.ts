import { eq } from 'drizzle-orm';
import {
  canTransition,
  formatMessage,
  isCanceled,
  orderMessages,
  type Order,
  type OrderActor,
  type OrderStatus,
} from '@store/contract';
import { orders } from '../../db/schema';
import type { Scope } from '../../scope/scope';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { earnOrderPoints } from '../programs/order-points';
import { findOrder, visible } from './queries';
import { canceledValues, refundCanceled, undoCanceled } from './cancellation';
import { ofTenant } from '../../scope/tenant-query';

/**
 * Moves an order along the contract's state machine. The status changes with
 * a conditional update (from the status read), so of two racing moves only
 * one happens; a cancellation gives the stock and the coupon use back in the
 * same transaction, hence exactly once. A paid order that is canceled is
 * refunded after the transaction. Staff moves (actor 'place') come with the
 * staff area; members may only cancel their own RECEIVED orders.
 */
export async function transitionOrder(
  scope: Scope,
  orderUid: string,
  to: OrderStatus,
  actor: OrderActor,
): Promise<Order> {
  const { db, app } = scope;
  // A member moves only their own orders; the store (actor 'place') any of the tenant's.
  const ownerUid = actor === 'member' ? scope.user?.uid : undefined;
  if (actor === 'member' && !ownerUid) throw new NotFoundError();
  if (!isUid(orderUid)) throw new NotFoundError();
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(
        ofTenant(
          { app },
          orders,
          eq(orders.uid, orderUid),
          ownerUid ? eq(orders.userUid, ownerUid) : undefined,
          visible,
        ),
      );
    if (!row) throw new NotFoundError();
    const refused = () =>
      new ValidationError(
        actor === 'member'
          ? orderMessages.cannotCancel
          : formatMessage(orderMessages.transitionRefused, {
              // Statuses as the API names them; the texts say them in words (contract errors/params).
              from: row.status,
              to,
            }),
      );
    if (!canTransition(row.status as OrderStatus, to, actor, row.shippingType)) throw refused();
    // An order whose payment the provider has not decided may be canceled, not prepared.
    if (row.paymentStatus === 'IN_PROCESS' && !isCanceled(to))
      throw new ValidationError(orderMessages.paymentInProcess);
    const now = scope.clock();
    const [updated] = await tx
      .update(orders)
      .set(isCanceled(to) ? canceledValues(row, to, now) : { status: to, updatedAt: now })
      .where(
        ofTenant(
          { app },
          orders,
          eq(orders.uid, orderUid),
          eq(orders.status, row.status),
          // A payment settled meanwhile (a notification) changes what a cancellation owes: read again.
          eq(orders.paymentStatus, row.paymentStatus),
        ),
      )
      .returning();
    if (!updated) throw refused();
    if (isCanceled(to)) await undoCanceled(tx, app.uid, updated);
    // Loyalty, in the same transaction: a delivered order earns its program points.
    if (to === 'DELIVERED')
      await earnOrderPoints(tx, app.uid, { ...updated, number: updated.number ?? 0 });
    return updated;
  });
  if (isCanceled(to)) await refundCanceled(db, app.uid, moved, scope.log);
  return (await findOrder(db, app.uid, orderUid))!;
}
