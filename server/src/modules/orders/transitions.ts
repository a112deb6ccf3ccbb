import { queueSaleReceipt } from '../receipts/issuing/queue';
import { eq, isNull } from 'drizzle-orm';
import {
  canMarkReady,
  canTransition,
  formatMessage,
  isCanceled,
  orderMessages,
  type Order,
  type OrderActor,
  type OrderStatus,
  type PickableCancelReason,
} from '@store/contract';
import { orders } from '../../db/schema';
import type { Scope } from '../../scope/scope';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { earnOrderPoints } from '../programs/order-points';
import { findOrder, visible } from './queries';
import { canceledValues, refundCanceled, undoCanceled } from './cancellation';
import { ofTenant } from '../../scope/tenant-query';
import { queueCustomerNotice, type OrderMail } from './notices';
import { moveOrder } from '../reports/rollup';

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
  options: TransitionOptions = {},
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
      .set(
        isCanceled(to)
          ? {
              ...canceledValues(row, to, now),
              ...(to === 'CANCELED_BY_PLACE' && options.reason
                ? { cancelReason: options.reason, cancelNote: options.note || null }
                : {}),
            }
          : { status: to, updatedAt: now },
      )
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
    await moveOrder(tx, app.uid, row, updated);
    if (isCanceled(to)) await undoCanceled(tx, app.uid, updated, scope.user?.uid ?? null);
    // Loyalty, in the same transaction: a delivered order earns its program points.
    if (to === 'DELIVERED') {
      await earnOrderPoints(tx, app.uid, { ...updated, number: updated.number ?? 0 });
      // Delivered: a cash order is paid now, and a company issuing on delivery issues every order.
      await queueSaleReceipt(tx, app.uid, updated, 'DELIVERED');
    }
    // The customer hears of the store's moves they care about, from this very transaction.
    const notice = noticeOf[to];
    if (options.mail && actor === 'place' && notice)
      await queueCustomerNotice(tx, options.mail, app.uid, orderUid, { kind: notice }, now);
    return updated;
  });
  if (isCanceled(to)) await refundCanceled(db, app.uid, moved, scope.log, options.mail);
  return (await findOrder(db, app.uid, orderUid))!;
}

/** What a store's move tells the customer (nothing for DELIVERED: they have the order in hand). */
const noticeOf: Partial<Record<OrderStatus, 'accepted' | 'shipped' | 'canceled'>> = {
  ACCEPTED: 'accepted',
  SHIPPED: 'shipped',
  CANCELED_BY_PLACE: 'canceled',
};

export type TransitionOptions = {
  /** The store's reason for a cancellation (CANCELED_BY_PLACE), and the words it typed. */
  reason?: PickableCancelReason;
  note?: string;
  /** Mails the customer about the move (the routes pass the server's mailer; tests may not). */
  mail?: OrderMail;
};

/**
 * A pickup order the store has prepared: marked ready once (it stays ACCEPTED), by a conditional
 * update, so two cashiers marking it at once tell the customer once. Anything else is a 400.
 */
export async function markOrderReady(
  scope: Scope,
  orderUid: string,
  mail?: OrderMail,
): Promise<Order> {
  const { db, app } = scope;
  if (!isUid(orderUid)) throw new NotFoundError();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status, shippingType: orders.shippingType, readyAt: orders.readyAt })
      .from(orders)
      .where(ofTenant({ app }, orders, eq(orders.uid, orderUid), visible));
    if (!row) throw new NotFoundError();
    const refused = () => new ValidationError(orderMessages.readyRefused);
    // The contract's rule decides; the update repeats its conditions so a racing move loses.
    if (!canMarkReady(row.status as OrderStatus, row.shippingType, row.readyAt?.toISOString()))
      throw refused();
    const now = scope.clock();
    const [marked] = await tx
      .update(orders)
      .set({ readyAt: now, updatedAt: now })
      .where(
        ofTenant(
          { app },
          orders,
          eq(orders.uid, orderUid),
          eq(orders.status, row.status),
          isNull(orders.readyAt),
        ),
      )
      .returning({ uid: orders.uid });
    if (!marked) throw refused();
    if (mail) await queueCustomerNotice(tx, mail, app.uid, orderUid, { kind: 'ready' }, now);
  });
  return (await findOrder(db, app.uid, orderUid))!;
}
