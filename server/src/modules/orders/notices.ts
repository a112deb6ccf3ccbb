import { eq } from 'drizzle-orm';
import { storeDateOf, type CancelReasonCode, type Order } from '@store/contract';
import type { PublicUrlConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import { apps, companies, orders, places, users } from '../../db/schema';
import { publicOrigin } from '../../lib/public-url';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import type { Mailer } from '../mail/mailer';
import { verifiedAddress } from '../mail/safe';
import { numberedFromOrder } from './mail';
import { customerNoticeMail, newOrderMail, type CustomerNotice } from './notice-mails';

/**
 * How the orders module mails people about orders: the app's one mailer (the outbox) and where
 * mailed links point (the tenant's own domain, never a request's Host). Routes pass the server's;
 * the expiry and payment jobs theirs.
 */
export type OrderMail = { mailer: Mailer; publicUrl: PublicUrlConfig };

/** Notices a customer gets whatever the store's settings: what happened to their money. */
const alwaysSent: ReadonlySet<CustomerNotice['kind']> = new Set(['canceled', 'refunded']);

/**
 * Queues, in `tx` (the transaction that made it happen, so a rolled-back move mails nobody), the
 * customer's notice about their order. Only to the account's own address, and only once that
 * address is verified: an order's billing email is whatever the client typed. Accepted, on its
 * way and ready wait on the company's `customer_order_mails` setting; a cancellation and a refund
 * are always told. Nothing is queued for an order without an account (deleted since).
 */
export async function queueCustomerNotice(
  tx: Tx | Database,
  mail: OrderMail,
  appId: string,
  orderUid: string,
  notice: CustomerNotice,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({
      order: orders,
      place: { name: places.name, address: places.address },
      company: {
        symbol: companies.currencySymbol,
        statusMails: companies.customerOrderMails,
      },
      user: { email: users.email, verifiedAt: users.emailVerifiedAt, firstName: users.firstName },
      app: { name: apps.name, domain: apps.domain },
    })
    .from(orders)
    .innerJoin(places, sameTenant(places, orders, eq(places.uid, orders.placeUid)))
    .innerJoin(companies, sameTenant(companies, orders, eq(companies.uid, orders.companyUid)))
    .innerJoin(users, sameTenant(users, orders, eq(users.uid, orders.userUid)))
    // The order's own store, named by the tenant the where clause filters on.
    .innerJoin(apps, eq(apps.uid, appId))
    .where(ofTenant(tenantRef(appId), orders, eq(orders.uid, orderUid)));
  const to = row
    ? verifiedAddress({ email: row.user.email, emailVerifiedAt: row.user.verifiedAt })
    : null;
  if (!row || !to || row.order.number === null) return false;
  if (!alwaysSent.has(notice.kind) && !row.company.statusMails) return false;
  const { order } = row;
  const origin = publicOrigin(row.app.domain, mail.publicUrl);
  await mail.mailer.queue(
    tx,
    { uid: appId, domain: row.app.domain },
    customerNoticeMail(
      {
        appName: row.app.name,
        to,
        firstName: row.user.firstName,
        number: order.number!,
        placeName: row.place.name,
        placeAddress: row.place.address || null,
        shippingType: order.shippingType,
        pickupDate: order.pickupDate,
        pickupStart: order.pickupStart,
        pickupEnd: order.pickupEnd,
        address: order.address,
        reference: order.reference,
        district: order.district,
        placedOn: storeDateOf(order.createdAt),
        currencySymbol: row.company.symbol,
        totalCents: order.totalCents,
        coinTotal: order.coinTotal,
        paymentStatus: order.paymentStatus,
        cardLast4: order.cardLast4,
        cancelReason: order.cancelReason as CancelReasonCode | null,
        cancelNote: order.cancelNote,
        link: `${origin}/orders/${order.uid}`,
        today: storeDateOf(now),
      },
      notice,
    ),
  );
  return true;
}

/**
 * The store's mail about a new order, when its owner asked for one (`companies.order_mail_to`),
 * queued with the buyer's confirmation in the transaction that makes the order final. With
 * `numberedBefore` the order's number is being taken in the same pipeline: the database fills it
 * in (orders/mail.ts `numberedFromOrder`), as for the buyer's confirmation.
 */
export function queueNewOrderMail(
  tx: Tx,
  mail: { mailer: Mailer; origin: string },
  app: { uid: string; name: string; domain: string },
  to: string,
  order: Order,
  options: { numberedBefore?: boolean; symbol: string; number?: string; now?: Date },
): Promise<void> {
  const message = newOrderMail({
    appName: app.name,
    to,
    number: options.number ?? String(order.number),
    placeName: order.place.name,
    shippingType: order.shipping_type,
    pickupDate: order.pickup_date,
    pickupStart: order.pickup_start,
    pickupEnd: order.pickup_end,
    address: order.address,
    district: order.district,
    clientName: order.name,
    lines: order.products.map((p) => ({ quantity: p.quantity, title: p.title })),
    total: `${options.symbol} ${order.total}`,
    coinTotal: order.coin_total,
    paymentType: order.payment_type,
    link: `${mail.origin}/admin/orders/${order.uid}`,
    today: storeDateOf(options.now ?? new Date()),
  });
  return options.numberedBefore
    ? mail.mailer.queue(tx, app, message, numberedFromOrder(order.uid))
    : mail.mailer.queue(tx, app, message);
}

/** The address a company's owner chose for the mail per new order, or null (none). */
export async function newOrderMailTo(
  db: Tx | Database,
  appId: string,
  companyUid: string,
): Promise<string | null> {
  const [row] = await db
    .select({ to: companies.orderMailTo })
    .from(companies)
    .where(ofTenant(tenantRef(appId), companies, eq(companies.uid, companyUid)));
  return row?.to ?? null;
}
