import { asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { paymentMethodType, type Order } from '@store/contract';
import type { Database } from '../../db/client';
import {
  areas,
  electronicReceipts,
  orderLineRemovals,
  orderLines,
  orders,
  paymentMethods,
  paymentRefunds,
  places,
} from '../../db/schema';
import type { MemberScope } from '../../scope/scope';
import { NotFoundError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { PageWindow } from '../../lib/pagination';
import { orderToApi } from './serialize';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';

type OrderRow = typeof orders.$inferSelect;

/** Orders the member may see: paid or pay-on-delivery ones (an order waiting for its card is not shown). */
export const visible = ne(orders.paymentStatus, 'PENDING');

/**
 * Orders as the API shows them: their lines, place, payment method and area in
 * one query each for the whole page, in the order of `rows`. `receipts`: with their electronic
 * receipts too (the member's own order and list; the checkout's answer, and its replay for an
 * Idempotency-Key, go without, as the order page reads the order again).
 */
export async function withRelated(
  db: Database,
  appId: string,
  rows: OrderRow[],
  options: { receipts?: boolean } = {},
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const uids = rows.map((r) => r.uid);
  const areaUids = [...new Set(rows.map((r) => r.areaUid).filter((a): a is string => !!a))];
  const [lines, placeRows, methods, areaRows, removals, receipts] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(ofTenant(tenantRef(appId), orderLines, inArray(orderLines.orderUid, uids))),
    db
      .select({ uid: places.uid, name: places.name })
      .from(places)
      .where(
        ofTenant(
          tenantRef(appId),
          places,
          inArray(places.uid, [...new Set(rows.map((r) => r.placeUid))]),
        ),
      ),
    db
      .select()
      .from(paymentMethods)
      .where(
        ofTenant(
          tenantRef(appId),
          paymentMethods,
          inArray(paymentMethods.uid, [...new Set(rows.map((r) => r.paymentMethodUid))]),
        ),
      ),
    areaUids.length
      ? db
          .select()
          .from(areas)
          .where(ofTenant(tenantRef(appId), areas, inArray(areas.uid, areaUids)))
      : Promise.resolve([]),
    db
      .select({ removal: orderLineRemovals, refundStatus: paymentRefunds.status })
      .from(orderLineRemovals)
      .leftJoin(
        paymentRefunds,
        sameTenant(
          orderLineRemovals,
          paymentRefunds,
          eq(paymentRefunds.uid, orderLineRemovals.refundUid),
        ),
      )
      .where(
        ofTenant(tenantRef(appId), orderLineRemovals, inArray(orderLineRemovals.orderUid, uids)),
      )
      .orderBy(asc(orderLineRemovals.createdAt), asc(orderLineRemovals.uid)),
    options.receipts
      ? db
          .select()
          .from(electronicReceipts)
          .where(
            ofTenant(
              tenantRef(appId),
              electronicReceipts,
              inArray(electronicReceipts.orderUid, uids),
            ),
          )
          .orderBy(asc(electronicReceipts.createdAt), asc(electronicReceipts.numero))
      : Promise.resolve(null),
  ]);
  return rows.map((row) =>
    orderToApi(row, {
      place: placeRows.find((p) => p.uid === row.placeUid)!,
      method: methods.find((m) => m.uid === row.paymentMethodUid)!,
      area: areaRows.find((a) => a.uid === row.areaUid) ?? null,
      lines: lines.filter((l) => l.orderUid === row.uid),
      removals: removals.filter((r) => r.removal.orderUid === row.uid),
      receipts: receipts?.filter((r) => r.orderUid === row.uid),
    }),
  );
}

export async function findOrder(
  db: Database,
  appId: string,
  orderUid: string,
  userUid?: string,
): Promise<Order | undefined> {
  if (!isUid(orderUid)) return undefined;
  const rows = await db
    .select()
    .from(orders)
    .where(
      ofTenant(
        tenantRef(appId),
        orders,
        eq(orders.uid, orderUid),
        userUid ? eq(orders.userUid, userUid) : undefined,
      ),
    );
  return (await withRelated(db, appId, rows))[0];
}

/** The member's order placed with an Idempotency-Key, if any. */
export async function orderByKey(
  db: Database,
  appId: string,
  userUid: string,
  key: string,
): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      ofTenant(
        tenantRef(appId),
        orders,
        eq(orders.userUid, userUid),
        eq(orders.idempotencyKey, key),
      ),
    );
  return (await withRelated(db, appId, rows))[0];
}

/** `GET v5/me/orders/{uid}/`: the member's own order, or 404 (another member's, another tenant's, unknown). */
export async function memberOrder(scope: MemberScope, orderUid: string): Promise<Order> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  if (!isUid(orderUid)) throw new NotFoundError();
  const rows = await db
    .select()
    .from(orders)
    .where(
      ofTenant({ app }, orders, eq(orders.uid, orderUid), eq(orders.userUid, userUid), visible),
    );
  const [order] = await withRelated(db, app.uid, rows, { receipts: true });
  if (!order) throw new NotFoundError();
  return order;
}

/** `GET v5/me/orders/`: the member's orders, newest first, optionally of one payment method. */
export async function memberOrders(
  scope: MemberScope,
  filters: { paymentMethod?: string },
  window: PageWindow,
) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const byType = paymentMethodType.safeParse(filters.paymentMethod);
  if (filters.paymentMethod && !byType.success && !isUid(filters.paymentMethod))
    return { count: 0, results: [] };
  // A type (COINS, CASH...) stands for every method of that type; anything else is one method's uid.
  const methodFilter = byType.success
    ? inArray(
        orders.paymentMethodUid,
        db
          .select({ uid: paymentMethods.uid })
          .from(paymentMethods)
          .where(ofTenant({ app }, paymentMethods, eq(paymentMethods.type, byType.data))),
      )
    : filters.paymentMethod
      ? eq(orders.paymentMethodUid, filters.paymentMethod)
      : undefined;
  const where = ofTenant({ app }, orders, eq(orders.userUid, userUid), visible, methodFilter);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total, results: await withRelated(db, app.uid, rows, { receipts: true }) };
}
