import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  centsToMoney,
  staffActionStatus,
  staffActionsFor,
  staffMessages,
  type Order,
  type OrderStatus,
  type RecentOrders,
  type StaffOrder,
  type StaffTransitionInput,
  type RemoveLineInput,
} from '@store/contract';
import { orders, places, users } from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { markOrderReady, transitionOrder, withRelated } from '../orders/service';
import type { OrderMail } from '../orders/notices';
import { removeOrderLine } from '../orders/line-removal';
import { locationFlagToApi } from '../orders/serialize';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

type OrderRow = typeof orders.$inferSelect;

/** Orders of the company at the places the user may act at; an order still waiting for its card payment is nobody's yet. */
function boardWhere(staff: StaffScope) {
  return ofTenant(
    staff,
    orders,
    eq(orders.companyUid, staff.company.uid),
    ne(orders.paymentStatus, 'PENDING'),
    staff.limitedToPlaces
      ? inArray(
          orders.placeUid,
          staff.places.map((p) => p.uid).concat('00000000-0000-0000-0000-000000000000'),
        )
      : undefined,
  );
}

/** Orders with the orders module's related rows, plus their clients, in a handful of queries per page. */
async function withDetails(staff: StaffScope, rows: OrderRow[]): Promise<StaffOrder[]> {
  if (rows.length === 0) return [];
  const appId = staff.app.uid;
  const userUids = [...new Set(rows.map((r) => r.userUid).filter((u): u is string => !!u))];
  const [apiOrders, clients] = await Promise.all([
    withRelated(staff.db, appId, rows),
    userUids.length
      ? staff.db
          .select({
            uid: users.uid,
            first_name: users.firstName,
            last_name: users.lastName,
            email: users.email,
            mobile_phone: users.mobileNumber,
          })
          .from(users)
          .where(ofTenant(staff, users, inArray(users.uid, userUids)))
      : Promise.resolve([]),
  ]);
  return apiOrders.map((order, i) =>
    staffOrderOf(order, rows[i], clients.find((c) => c.uid === rows[i].userUid) ?? null),
  );
}

function staffOrderOf(order: Order, row: OrderRow, client: StaffOrder['client']): StaffOrder {
  // The member's "can cancel" means nothing here; actions are what the store may do now.
  return {
    ...order,
    client,
    actions: staffActionsFor(order.status, order.shipping_type, order.ready_at),
    location_flag: locationFlagToApi(row),
  };
}

/** The orders board: newest first, by status and place. The web polls it (see docs/decisions.md). */
export async function listOrders(
  staff: StaffScope,
  filters: { status?: OrderStatus; place_uid?: string },
  window: PageWindow,
) {
  const place = filters.place_uid ? allowedPlace(staff, filters.place_uid) : null;
  const where = and(
    boardWhere(staff),
    filters.status ? eq(orders.status, filters.status) : undefined,
    place ? eq(orders.placeUid, place.uid) : undefined,
  );
  const [{ total }] = await staff.db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await staff.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(window.limit)
    .offset(window.offset);
  return { count: Number(total), results: await withDetails(staff, rows) };
}

async function boardOrder(staff: StaffScope, orderUid: string): Promise<OrderRow> {
  if (!isUid(orderUid)) throw new NotFoundError(staffMessages.orderNotFound);
  const [row] = await staff.db
    .select()
    .from(orders)
    .where(and(boardWhere(staff), eq(orders.uid, orderUid)));
  if (!row) throw new NotFoundError(staffMessages.orderNotFound);
  return row;
}

export async function getOrder(staff: StaffScope, orderUid: string): Promise<StaffOrder> {
  const [order] = await withDetails(staff, [await boardOrder(staff, orderUid)]);
  return order;
}

/**
 * A store action on an order the caller may see, the one way the staff console and the back
 * office move orders: through the orders module's state machine (transitionOrder: conditional
 * update, stock and coupon back on a cancel with its reason, order points on delivery, refund of
 * a paid order, the customer's mail) or, for `ready`, its one mark (markOrderReady). The member's
 * order shows it at once.
 */
export async function applyStoreAction(
  staff: StaffScope,
  orderUid: string,
  input: StaffTransitionInput,
  mail: OrderMail,
): Promise<Order> {
  const { action } = input;
  if (action === 'ready') return markOrderReady(staff, orderUid, mail);
  return transitionOrder(staff, orderUid, staffActionStatus[action], 'place', {
    ...(action === 'cancel' ? { reason: input.reason, note: input.reason_note } : {}),
    mail,
  });
}

/** A move from the orders board (applyStoreAction), answered as the board shows the order. */
export async function moveOrder(
  staff: StaffScope,
  orderUid: string,
  input: StaffTransitionInput,
  mail: OrderMail,
): Promise<StaffOrder> {
  const row = await boardOrder(staff, orderUid);
  await applyStoreAction(staff, row.uid, input, mail);
  return getOrder(staff, row.uid);
}

/** The counter removes a line (or part of it) from an order not prepared yet (orders/line-removal.ts). */
export async function removeLine(
  staff: StaffScope,
  orderUid: string,
  input: RemoveLineInput,
  mail?: OrderMail,
): Promise<StaffOrder> {
  const row = await boardOrder(staff, orderUid);
  await removeOrderLine(staff, row.uid, input, 'staff', mail);
  return getOrder(staff, row.uid);
}

/** How far back the consoles' question for new orders looks; see recentOrders. */
export const RECENT_ORDERS_WINDOW_SECONDS = 600;
const RECENT_ORDERS_MAX = 50;

/**
 * The orders that reached the board in the last ten minutes, newest first: what the consoles
 * ask every few seconds to announce a new order (docs/decisions.md, "New orders announced").
 * One range of the (app, company, created_at) index, whatever the history's length. The window
 * is far longer than the poll because a card order shows only once its charge answered, and a
 * tab in the background asks less often; the browser tells new from seen by uid.
 */
export async function recentOrders(staff: StaffScope): Promise<RecentOrders> {
  const now = staff.clock();
  const since = new Date(now.getTime() - RECENT_ORDERS_WINDOW_SECONDS * 1000);
  const rows = await staff.db
    .select({
      uid: orders.uid,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      place: { uid: places.uid, name: places.name },
      shippingType: orders.shippingType,
      totalCents: orders.totalCents,
      coinTotal: orders.coinTotal,
    })
    .from(orders)
    .innerJoin(places, sameTenant(places, orders, eq(places.uid, orders.placeUid)))
    .where(and(boardWhere(staff), gte(orders.createdAt, since)))
    .orderBy(desc(orders.createdAt), desc(orders.uid))
    .limit(RECENT_ORDERS_MAX);
  return {
    now: now.toISOString(),
    window_seconds: RECENT_ORDERS_WINDOW_SECONDS,
    results: rows.map((r) => ({
      uid: r.uid,
      number: r.number ?? 0,
      created_at: r.createdAt.toISOString(),
      status: r.status as OrderStatus,
      place: r.place,
      shipping_type: r.shippingType,
      total: centsToMoney(r.totalCents),
      coin_total: r.coinTotal,
    })),
  };
}
