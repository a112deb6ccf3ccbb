import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { orderMessages, type RemoveLineInput } from '@store/contract';
import { coupons, orderLineRemovals, orderLines, orders, placeProducts } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { withDb, type StaffScope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';
import { recordChange } from '../admin/audit';
import { attemptRefunds, recordRefund } from '../payments/refunds';
import { couponDiscountCents, type CouponRow } from './settings';

type OrderRow = typeof orders.$inferSelect;

/**
 * Where a line may still be removed, as an "order edit" before fulfilment (Medusa) or Saleor's
 * "refund lines" of an unfulfilled order: received or accepted, not yet shipped / ready for
 * pickup, delivered or canceled; the payment settled (PAID, refunded by the difference) or due
 * on delivery (the total goes down, nothing to refund). A payment in process, a refund under
 * way and coins orders (redeemed whole) are left alone.
 */
const REMOVABLE_STATUSES = new Set(['RECEIVED', 'ACCEPTED']);
const REMOVABLE_PAYMENTS = new Set(['PAID', 'PAY_ON_DELIVERY']);

/** The totals after a line is removed, computed as the checkout computed them (pricing.ts). */
export function totalsAfterRemoval(
  order: Pick<
    OrderRow,
    'subtotalCents' | 'discountCents' | 'deliveryCents' | 'totalCents' | 'taxRateBasisPoints'
  >,
  subtotalCents: number,
  coupon: Pick<CouponRow, 'kind' | 'value'> | null,
) {
  const removed = order.subtotalCents - subtotalCents;
  // The coupon's own rule on the new subtotal (its minimum is not checked again: it was met
  // when the shopper bought, and the removal is the store's doing). Kept between two bounds so
  // a coupon edited since cannot move the total the wrong way: never more than the discount
  // given at purchase, never so little that the new total exceeds the old one.
  const computed = coupon
    ? couponDiscountCents(coupon as CouponRow, subtotalCents)
    : order.discountCents;
  const discountCents = Math.max(
    order.discountCents - removed,
    Math.min(computed, order.discountCents, subtotalCents),
  );
  const totalCents = subtotalCents - discountCents + order.deliveryCents;
  const taxesCents = Math.round(
    (totalCents * order.taxRateBasisPoints) / (10_000 + order.taxRateBasisPoints),
  );
  return { subtotalCents, discountCents, totalCents, taxesCents };
}

/**
 * Removes a line, or some of its quantity, from an order the store has not prepared yet: in one
 * transaction, under the order row's lock (so two removals at once are applied one after the
 * other and never refund more than was paid), the line shrinks or goes, the totals are computed
 * again, the stock comes back, the history row and the audit line are written and, for a
 * card-paid order, the refund of the difference is recorded. The provider is asked after the
 * commit; a failure stays PENDING for staff and the reconciliation run retries it.
 */
export async function removeOrderLine(
  staff: StaffScope,
  orderUid: string,
  input: RemoveLineInput,
  source: 'staff' | 'admin',
): Promise<void> {
  const { db, app } = staff;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(ofTenant({ app }, orders, eq(orders.uid, orderUid)))
      .for('update');
    if (!row) throw new NotFoundError();
    if (
      !REMOVABLE_STATUSES.has(row.status) ||
      !REMOVABLE_PAYMENTS.has(row.paymentStatus) ||
      row.coinTotal > 0
    )
      throw new ValidationError(orderMessages.lineNotRemovable);
    const lines = await tx
      .select()
      .from(orderLines)
      .where(ofTenant({ app }, orderLines, eq(orderLines.orderUid, row.uid)));
    const line = lines.find((l) => l.position === input.position);
    if (!line) throw new ValidationError({ position: [orderMessages.lineNotFound] });
    const quantity = input.quantity ?? line.quantity;
    if (quantity > line.quantity)
      throw new ValidationError({ quantity: [orderMessages.lineQuantityTooHigh] });
    const left = lines.reduce((n, l) => n + l.quantity, 0) - quantity;
    if (left <= 0) throw new ValidationError(orderMessages.lastLine);

    const lineWhere = ofTenant(
      { app },
      orderLines,
      eq(orderLines.orderUid, row.uid),
      eq(orderLines.position, line.position),
    );
    const remaining = line.quantity - quantity;
    const lineTotal = (line.unitPriceCents + line.optionsPriceCents) * remaining;
    if (remaining === 0) await tx.delete(orderLines).where(lineWhere);
    else
      await tx
        .update(orderLines)
        .set({ quantity: remaining, totalCents: lineTotal })
        .where(lineWhere);
    const subtotal = lines.reduce(
      (sum, l) => sum + (l.position === line.position ? lineTotal : l.totalCents),
      0,
    );
    const [coupon] = row.couponUid
      ? await tx
          .select({ kind: coupons.kind, value: coupons.value })
          .from(coupons)
          .where(ofTenant({ app }, coupons, eq(coupons.uid, row.couponUid)))
      : [];
    const totals = totalsAfterRemoval(row, subtotal, coupon ?? null);
    const now = staff.clock();
    const [updated] = await tx
      .update(orders)
      .set({ ...totals, updatedAt: now })
      .where(ofTenant({ app }, orders, eq(orders.uid, row.uid)))
      .returning();
    await tx
      .update(placeProducts)
      .set({ stock: sql`${placeProducts.stock} + ${quantity}` })
      .where(
        ofTenant(
          { app },
          placeProducts,
          eq(placeProducts.placeUid, row.placeUid),
          eq(placeProducts.productUid, line.productUid),
        ),
      );
    const delta = row.totalCents - totals.totalCents;
    const refundUid =
      row.paymentStatus === 'PAID' ? await recordRefund(tx, app.uid, row, delta) : null;
    await tx.insert(orderLineRemovals).values({
      appId: app.uid,
      uid: randomUUID(),
      orderUid: row.uid,
      position: line.position,
      productUid: line.productUid,
      title: line.title,
      quantity,
      totalDeltaCents: delta,
      refundUid,
      actorUid: staff.user.uid,
      actorRole: staff.role,
      source,
      createdAt: now,
    });
    await recordChange(withDb(staff, tx), {
      entity: 'order',
      entityUid: row.uid,
      action: 'update',
      before: {
        number: row.number,
        line: { position: line.position, title: line.title, quantity: line.quantity },
        total: row.totalCents / 100,
      },
      after: {
        number: row.number,
        line: { position: line.position, title: line.title, quantity: remaining },
        removed: quantity,
        total: updated.totalCents / 100,
        refund: refundUid ? delta / 100 : null,
      },
    });
    return { refundUid };
  });
  if (result.refundUid) await attemptRefunds(db, { appId: app.uid, orderUid: orderUid }, staff.log);
}
