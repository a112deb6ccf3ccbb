import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  staffActionStatus,
  staffActionsFor,
  staffMessages,
  type Order,
  type OrderStatus,
  type StaffOrder,
  type StaffOrderAction,
  type RemoveLineInput,
} from '@store/contract';
import { orders, users } from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { transitionOrder, withRelated } from '../orders/service';
import { removeOrderLine } from '../orders/line-removal';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';

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
    staffOrderOf(order, clients.find((c) => c.uid === rows[i].userUid) ?? null),
  );
}

function staffOrderOf(order: Order, client: StaffOrder['client']): StaffOrder {
  // The member's "can cancel" means nothing here; actions are what the store may do now.
  return { ...order, client, actions: staffActionsFor(order.status, order.shipping_type) };
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
 * A store action, through the one state machine of the orders module
 * (transitionOrder: conditional update, stock and coupon back on a cancel,
 * order points on delivery, refund of a paid order) so the member's order
 * shows the new status at once.
 */
export async function moveOrder(
  staff: StaffScope,
  orderUid: string,
  action: StaffOrderAction,
): Promise<StaffOrder> {
  const row = await boardOrder(staff, orderUid);
  await transitionOrder(staff, row.uid, staffActionStatus[action], 'place');
  return getOrder(staff, row.uid);
}

/** The counter removes a line (or part of it) from an order not prepared yet (orders/line-removal.ts). */
export async function removeLine(
  staff: StaffScope,
  orderUid: string,
  input: RemoveLineInput,
): Promise<StaffOrder> {
  const row = await boardOrder(staff, orderUid);
  await removeOrderLine(staff, row.uid, input, 'staff');
  return getOrder(staff, row.uid);
}
