import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, lt, gte, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  addDays,
  adminMessages,
  adminOrdersCsvColumns,
  centsToMoney,
  staffActionsFor,
  storeDayStart,
  type AdminOrder,
  type AdminOrdersQuery,
  type CancelOrderInput,
  type Order,
  type RemoveLineInput,
  type StaffTransitionInput,
} from '@store/contract';
import { orderCounts, orders, paymentRefunds, users } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withRelated } from '../../orders/service';
import type { OrderMail } from '../../orders/notices';
import { applyStoreAction } from '../../staff/orders';
import { removeOrderLine } from '../../orders/line-removal';
import { locationFlagToApi } from '../../orders/serialize';
import { safeCell, statusLabels, storeDateTime } from '../../staff/records';
import { ofTenant } from '../../../scope/tenant-query';
import { recordChange } from '../audit';
import {
  countMatchesUpTo,
  isBroadSearch,
  orderMatches,
  ordersMatching,
  SEARCH_COUNT_BOUND,
} from './search';
import { adminPlace, type AdminScope } from '../guard';

type OrderRow = typeof orders.$inferSelect;
export type AdminOrderFilters = Omit<AdminOrdersQuery, 'page' | 'page_size' | 'sort'>;

type Listed = typeof orders | typeof orderCounts;

/**
 * The list's filters that the orders list's counters can answer too (company, places, status,
 * payment status), on `orders` or `order_counts`. An order still waiting for its card payment is
 * nobody's yet (as on the staff board); a bad place is a 400 before anything is read.
 */
function countableWhere(admin: AdminScope, filters: AdminOrderFilters, t: Listed): SQL {
  const place = filters.place ? adminPlace(admin, filters.place) : null;
  return ofTenant(
    admin,
    t,
    eq(t.companyUid, admin.company.uid),
    sql`${t.paymentStatus} <> 'PENDING'`,
    place ? eq(t.placeUid, place.uid) : undefined,
    // An OWNER or MANAGER limited to some places sees those places' orders only.
    admin.limitedToPlaces
      ? inArray(
          t.placeUid,
          admin.places.map((p) => p.uid).concat('00000000-0000-0000-0000-000000000000'),
        )
      : undefined,
    filters.status ? eq(t.status, filters.status) : undefined,
    filters.payment_status ? eq(t.paymentStatus, filters.payment_status) : undefined,
  );
}

/** The company's orders under the filters (the search's as `ordersMatching` reads them). */
function ordersWhere(admin: AdminScope, filters: AdminOrderFilters): SQL {
  const q = filters.q || undefined;
  return and(
    countableWhere(admin, filters, orders),
    filters.date_from ? gte(orders.createdAt, storeDayStart(filters.date_from)) : undefined,
    filters.date_to ? lt(orders.createdAt, storeDayStart(addDays(filters.date_to, 1))) : undefined,
    q ? ordersMatching(admin, q) : undefined,
  )!;
}

/**
 * The exact count of the list under the filters: from the counters (a few rows per place) when
 * no day or text is asked, else the orders themselves.
 */
async function countOrders(admin: AdminScope, filters: AdminOrderFilters): Promise<number> {
  const [{ total }] =
    filters.date_from || filters.date_to || filters.q
      ? await admin.db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(ordersWhere(admin, filters))
      : await admin.db
          .select({ total: sql<number>`coalesce(sum(${orderCounts.orders}), 0)::int` })
          .from(orderCounts)
          .where(countableWhere(admin, filters, orderCounts));
  return Number(total);
}

/** Orders with their lines, place and payment (the orders module's shape), clients and refunds. */
async function withDetails(admin: AdminScope, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const userUids = [...new Set(rows.map((r) => r.userUid).filter((u): u is string => !!u))];
  const [apiOrders, clients, refunds] = await Promise.all([
    withRelated(admin.db, admin.app.uid, rows),
    userUids.length
      ? admin.db
          .select({
            uid: users.uid,
            first_name: users.firstName,
            last_name: users.lastName,
            email: users.email,
            mobile_phone: users.mobileNumber,
          })
          .from(users)
          .where(ofTenant(admin, users, inArray(users.uid, userUids)))
      : Promise.resolve([]),
    admin.db
      .select()
      .from(paymentRefunds)
      .where(
        ofTenant(
          admin,
          paymentRefunds,
          inArray(
            paymentRefunds.orderUid,
            rows.map((r) => r.uid),
          ),
        ),
      )
      .orderBy(asc(paymentRefunds.createdAt)),
  ]);
  return apiOrders.map((order: Order, i) => ({
    ...order,
    client: clients.find((c) => c.uid === rows[i].userUid) ?? null,
    actions: staffActionsFor(order.status, order.shipping_type, order.ready_at),
    location_flag: locationFlagToApi(rows[i]),
    refunds: refunds
      .filter((r) => r.orderUid === order.uid)
      .map((r) => ({
        uid: r.uid,
        amount: centsToMoney(r.amountCents),
        status: r.status,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
        last_error: r.lastError,
      })),
  }));
}

/**
 * The orders of every place of the company, newest first. The count is exact (`countExact`),
 * except for a broad search (more than BROAD_SEARCH_MEMBERS members found), whose count stops
 * SEARCH_COUNT_BOUND past the page and whose page, newest or oldest first, is found by reading
 * the company's orders in that order (docs/decisions.md).
 */
export async function listAdminOrders(
  admin: AdminScope,
  filters: AdminOrderFilters,
  window: PageWindow,
  sort: AdminOrdersQuery['sort'] = '-created_at',
): Promise<{ count: number; countExact: boolean; results: AdminOrder[] }> {
  const where = ordersWhere(admin, filters);
  const byDate = sort.endsWith('created_at');
  const column = byDate ? orders.createdAt : orders.totalCents;
  const direction = sort.startsWith('-') ? desc : asc;
  const q = filters.q || undefined;
  const broad = q ? await isBroadSearch(admin, q) : false;
  const base = broad ? ordersWhere(admin, { ...filters, q: undefined }) : where;
  const bound = window.offset + window.limit + SEARCH_COUNT_BOUND;
  const [total, rows] = await Promise.all([
    broad ? countMatchesUpTo(admin, base, q!, bound) : countOrders(admin, filters),
    admin.db
      .select()
      .from(orders)
      .where(broad && byDate ? and(base, orderMatches(q!)) : where)
      // The uid breaks ties so a page never repeats nor skips an order.
      .orderBy(direction(column), direction(orders.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: total,
    countExact: !broad || total < bound,
    results: await withDetails(admin, rows),
  };
}

async function companyOrder(admin: AdminScope, uid: string): Promise<OrderRow> {
  if (!isUid(uid)) throw new NotFoundError(adminMessages.orderNotFound);
  const [row] = await admin.db
    .select()
    .from(orders)
    .where(and(ordersWhere(admin, {}), eq(orders.uid, uid)));
  if (!row) throw new NotFoundError(adminMessages.orderNotFound);
  return row;
}

export async function getAdminOrder(admin: AdminScope, uid: string): Promise<AdminOrder> {
  const [order] = await withDetails(admin, [await companyOrder(admin, uid)]);
  return order;
}

/**
 * A store action from the back office: the staff console's own (applyStoreAction, through the
 * orders module's one state machine: conditional update, stock, coupon, points and coins back
 * on a cancel, the refund recorded in the same transaction and asked of the provider after it,
 * the customer's mail), so the back office never has a second way to move an order. Audited.
 */
export async function transitionAdminOrder(
  admin: AdminScope,
  uid: string,
  input: StaffTransitionInput,
  mail: OrderMail,
): Promise<AdminOrder> {
  const row = await companyOrder(admin, uid);
  const moved = await applyStoreAction(admin, row.uid, input, mail);
  // The state machine owns its transaction (and the provider's refund comes after it), so
  // the audit line follows the committed move; a refused move writes none.
  await recordChange(admin, {
    entity: 'order',
    entityUid: row.uid,
    action: 'update',
    before: {
      number: row.number,
      status: row.status,
      payment_status: row.paymentStatus,
      ...(input.action === 'ready' ? { ready: false } : {}),
    },
    after: {
      number: row.number,
      status: moved.status,
      ...(input.action === 'ready' ? { ready: true } : {}),
      ...(moved.cancel_reason
        ? { cancel_reason: moved.cancel_reason, cancel_note: moved.cancel_note ?? null }
        : {}),
    },
  });
  return getAdminOrder(admin, row.uid);
}

/** `POST .../cancel/`: the cancel action, with the reason when the body gives one. */
export function cancelAdminOrder(
  admin: AdminScope,
  uid: string,
  reason: CancelOrderInput,
  mail: OrderMail,
): Promise<AdminOrder> {
  return transitionAdminOrder(admin, uid, { action: 'cancel', ...(reason ?? {}) }, mail);
}

/** The back office removes a line from an order not prepared yet (orders/line-removal.ts; audited there). */
export async function removeAdminOrderLine(
  admin: AdminScope,
  uid: string,
  input: RemoveLineInput,
  mail?: OrderMail,
): Promise<AdminOrder> {
  const row = await companyOrder(admin, uid);
  await removeOrderLine(admin, row.uid, input, 'admin', mail);
  return getAdminOrder(admin, row.uid);
}

const paymentStatusLabels: Record<string, string> = {
  PAY_ON_DELIVERY: 'Pago contra entrega',
  IN_PROCESS: 'En proceso',
  PAID: 'Pagado',
  REJECTED: 'Rechazado',
  REFUND_PENDING: 'Reembolso pendiente',
  REFUNDED: 'Reembolsado',
};

const CSV_BATCH = 500;

/**
 * The filtered orders as CSV, streamed in batches of 500 read by keyset (created_at, uid),
 * never the whole history at once; cells people typed are made formula-safe. The filters
 * are checked before the first byte, so a bad place is still a 400.
 */
export function adminOrdersCsv(admin: AdminScope, filters: AdminOrderFilters): Readable {
  const where = ordersWhere(admin, filters);
  async function* batches() {
    let after: { at: Date; uid: string } | undefined;
    for (;;) {
      const rows = await admin.db
        .select()
        .from(orders)
        .where(
          and(
            where,
            after
              ? sql`(${orders.createdAt}, ${orders.uid}) < (${after.at.toISOString()}::timestamptz, ${after.uid}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.uid))
        .limit(CSV_BATCH);
      for (const o of await withDetails(admin, rows)) {
        yield [
          o.number,
          storeDateTime(o.created_at),
          safeCell(o.place.name),
          statusLabels[o.status] ?? o.status,
          safeCell(o.payment_type),
          paymentStatusLabels[o.payment_status] ?? o.payment_status,
          o.shipping_type === 'delivery' ? 'Delivery' : 'Recojo',
          safeCell(o.client ? `${o.client.first_name} ${o.client.last_name}` : o.name),
          safeCell(o.client?.email ?? o.billing?.email ?? ''),
          safeCell(o.client?.mobile_phone ?? ''),
          o.subtotal,
          o.discount,
          o.delivery_price,
          o.taxes,
          o.total,
          o.coin_total,
          safeCell(o.coupon ?? ''),
        ];
      }
      if (rows.length < CSV_BATCH) return;
      const last = rows[rows.length - 1];
      after = { at: last.createdAt, uid: last.uid };
    }
  }
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  const csv = stringify({ header: true, columns: [...adminOrdersCsvColumns], bom: true });
  const source = Readable.from(batches());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
