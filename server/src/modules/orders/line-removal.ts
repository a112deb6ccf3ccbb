import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { applyDiscounts, orderMessages, type RemoveLineInput } from '@store/contract';
import type { Tx } from '../../db/client';
import {
  coupons,
  discountRules,
  orderLineRemovals,
  orderLines,
  orders,
  placeProducts,
  products,
  type AppliedDiscountRow,
} from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { withDb, type StaffScope } from '../../scope/scope';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import { recordChange } from '../admin/audit';
import { attemptRefunds, recordRefund } from '../payments/refunds';
import type { OrderMail } from './notices';
import { couponDiscountCents, type CouponRow } from './settings';
import { ruleOf } from './discounts';
import { rerollOrder, unrollOrder } from '../reports/rollup';
import { recordMovement } from '../stock/movements';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/**
 * Where a line may still be removed, as an "order edit" before fulfilment (Medusa) or Saleor's
 * "refund lines" of an unfulfilled order: received or accepted, not yet shipped / ready for
 * pickup, delivered or canceled; the payment settled (PAID, refunded by the difference) or due
 * on delivery (the total goes down, nothing to refund). A payment in process, a refund under
 * way and coins orders (redeemed whole) are left alone.
 */
const REMOVABLE_STATUSES = new Set(['RECEIVED', 'ACCEPTED']);
const REMOVABLE_PAYMENTS = new Set(['PAID', 'PAY_ON_DELIVERY']);

/** The automatic discounts' part of an order's discount, at purchase and priced again. */
export type AutomaticDiscounts = { purchasedCents: number; pricedCents: number };

/** The totals after a line is removed, computed as the checkout computed them (pricing.ts). */
export function totalsAfterRemoval(
  order: Pick<
    OrderRow,
    'subtotalCents' | 'discountCents' | 'deliveryCents' | 'totalCents' | 'taxRateBasisPoints'
  >,
  subtotalCents: number,
  coupon: Pick<CouponRow, 'kind' | 'value'> | null,
  automatic: AutomaticDiscounts = { purchasedCents: 0, pricedCents: 0 },
) {
  const removed = order.subtotalCents - subtotalCents;
  // The automatic discounts priced again on what is left (a 2x1 missing its second unit gives
  // nothing), then the coupon's own rule on the rest, as the checkout orders them (its minimum is
  // not checked again: it was met when the shopper bought, and the removal is the store's doing).
  // Kept between two bounds so a rule or coupon edited since cannot move the total the wrong way:
  // never more than the discount given at purchase, never so little that the new total exceeds
  // the old one.
  const afterAutomatic = subtotalCents - automatic.pricedCents;
  const couponCents = coupon
    ? Math.min(couponDiscountCents(coupon as CouponRow, afterAutomatic), afterAutomatic)
    : order.discountCents - automatic.purchasedCents;
  const computed = automatic.pricedCents + couponCents;
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
 * The automatic discounts an order got, priced again on the lines left: only the rules it got
 * at purchase, with their conditions of place, day, hour and level taken as held (they were),
 * their minimums not asked again (the removal is the store's doing). Null when a rule is gone or
 * would now give more than it gave: then the discount given stands, within the bounds above.
 */
async function automaticAfterRemoval(
  tx: Tx,
  appId: string,
  order: OrderRow,
  lines: Array<Pick<LineRow, 'position' | 'productUid' | 'quantity' | 'totalCents'>>,
  purchasedCents: number,
): Promise<{
  applied: AppliedDiscountRow[];
  lineDiscountCents: number[];
  pricedCents: number;
} | null> {
  const purchased = order.discounts;
  if (!purchased.length)
    return { applied: [], lineDiscountCents: lines.map(() => 0), pricedCents: 0 };
  const app = tenantRef(appId);
  const rows = await tx
    .select()
    .from(discountRules)
    .where(
      ofTenant(
        app,
        discountRules,
        inArray(
          discountRules.uid,
          purchased.map((d) => d.rule_uid),
        ),
      ),
    );
  if (rows.length !== new Set(purchased.map((d) => d.rule_uid)).size) return null;
  const categories = new Map(
    (
      await tx
        .select({ uid: products.uid, categoryUid: products.categoryUid })
        .from(products)
        .where(
          ofTenant(
            app,
            products,
            inArray(
              products.uid,
              lines.map((l) => l.productUid),
            ),
          ),
        )
    ).map((p) => [p.uid, p.categoryUid]),
  );
  const rules = rows.map((row) => ({
    ...ruleOf(row),
    minSubtotalCents: 0,
    placeUids: [],
    weekdays: [],
    startMinute: null,
    endMinute: null,
    validFrom: null,
    validUntil: null,
    memberLevels: [],
    stackableWithCoupons: true,
  }));
  const priced = applyDiscounts(
    rules,
    lines.map((l) => ({
      productUid: l.productUid,
      categoryUid: categories.get(l.productUid) ?? null,
      quantity: l.quantity,
      totalCents: l.totalCents,
    })),
    { now: order.createdAt, placeUid: order.placeUid, memberLevels: [], couponApplied: false },
  );
  if (priced.totalCents > purchasedCents) return null;
  return {
    applied: priced.applied.map((a) => ({
      rule_uid: a.ruleUid,
      name: a.name,
      amount_cents: a.amountCents,
    })),
    lineDiscountCents: priced.lineDiscountCents,
    pricedCents: priced.totalCents,
  };
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
  mail?: OrderMail,
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
    const unitsLeft = lines.reduce((n, l) => n + l.quantity, 0) - quantity;
    if (unitsLeft <= 0) throw new ValidationError(orderMessages.lastLine);

    const lineWhere = ofTenant(
      { app },
      orderLines,
      eq(orderLines.orderUid, row.uid),
      eq(orderLines.position, line.position),
    );
    // The order's share leaves the reports' rollups before its lines change, and comes back after.
    await unrollOrder(tx, app.uid, row);
    const remaining = line.quantity - quantity;
    const lineTotal = (line.unitPriceCents + line.optionsPriceCents) * remaining;
    if (remaining === 0) await tx.delete(orderLines).where(lineWhere);
    else
      await tx
        .update(orderLines)
        .set({ quantity: remaining, totalCents: lineTotal })
        .where(lineWhere);
    const left = lines
      .map((l) =>
        l.position === line.position ? { ...l, quantity: remaining, totalCents: lineTotal } : l,
      )
      .filter((l) => l.quantity > 0);
    const subtotal = left.reduce((sum, l) => sum + l.totalCents, 0);
    const purchasedCents = row.discounts.reduce((n, d) => n + d.amount_cents, 0);
    const automatic = await automaticAfterRemoval(tx, app.uid, row, left, purchasedCents);
    if (automatic) {
      // Each line's share of the automatic discounts (the crossed-out price on the order page).
      await Promise.all(
        left.map((l, i) =>
          l.discountCents === automatic.lineDiscountCents[i]
            ? null
            : tx
                .update(orderLines)
                .set({ discountCents: automatic.lineDiscountCents[i] })
                .where(
                  ofTenant(
                    { app },
                    orderLines,
                    eq(orderLines.orderUid, row.uid),
                    eq(orderLines.position, l.position),
                  ),
                ),
        ),
      );
    }
    const [coupon] = row.couponUid
      ? await tx
          .select({ kind: coupons.kind, value: coupons.value })
          .from(coupons)
          .where(ofTenant({ app }, coupons, eq(coupons.uid, row.couponUid)))
      : [];
    const totals = totalsAfterRemoval(row, subtotal, coupon ?? null, {
      purchasedCents,
      pricedCents: automatic?.pricedCents ?? purchasedCents,
    });
    const now = staff.clock();
    const [updated] = await tx
      .update(orders)
      .set({ ...totals, ...(automatic ? { discounts: automatic.applied } : {}), updatedAt: now })
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
    await recordMovement(tx, app.uid, row.placeUid, line.productUid, quantity, {
      reason: 'line_removal',
      actorUid: staff.user.uid,
      orderUid: row.uid,
    });
    await rerollOrder(tx, app.uid, updated);
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
  if (result.refundUid)
    await attemptRefunds(db, { appId: app.uid, orderUid: orderUid }, staff.log, mail);
}
