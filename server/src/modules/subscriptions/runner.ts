import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isOnlinePayment,
  minutesOf,
  stillOrderable,
  storeInstant,
  storeMoment,
  type OrderInput,
} from '@store/contract';
import type { Database } from '../../db/client';
import { subscriptionDeliveries, subscriptions, users } from '../../db/schema';
import { findAppRow, type AppRow } from '../tenancy/service';
import type { Mailer } from '../mail/mailer';
import type { PublicUrlConfig } from '../../config';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { findPlace } from '../places/service';
import { priceMemberOrder } from '../orders/checkout/price';
import { reserveOrder } from '../orders/checkout/reserve';
import { queueOrderMail } from '../orders/checkout/notify';
import { verifiedAddress } from '../mail/safe';
import { isSameKeyRace } from '../orders/checkout/idempotency';
import { runnerReasons } from './skip-reasons';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** How long before its slot a day's order is created by default (the store needs time to prepare it). */
export const DEFAULT_LEAD_MINUTES = 120;

export type RunOptions = {
  now?: Date;
  /** Minutes before the slot from which the day's order is created. */
  leadMinutes?: number;
  mailer?: Mailer;
  /** Where mailed links point (the owner's mail per new order links to the back office). */
  publicUrl?: PublicUrlConfig;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type DeliveryOutcome = {
  subscription: string;
  serviceDate: string;
  status: 'ordered' | 'skipped' | 'taken';
  orderUid?: string;
  reason?: string;
};

/** The store-local date, weekday and minute of the day of an instant: orders are for the store's day. */
export function localDay(now: Date) {
  const { date, weekday, minute } = storeMoment(now);
  return { date, weekday, minute };
}

function reasonOf(err: unknown): string {
  if (err instanceof ValidationError || err instanceof HttpError) {
    const body = err.body as Record<string, unknown>;
    if (typeof body.detail === 'string') return body.detail;
    const messages = Object.values(body).flatMap((v) => (Array.isArray(v) ? v.map(String) : []));
    if (messages.length) return messages.join(' ');
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * Creates the orders of active subscriptions due today: their weekday is
 * today's (Lima) and their slot starts within `leadMinutes`. Each
 * subscription gets at most one order per day, whoever runs this and however
 * many run at once: the day's `subscription_deliveries` row is inserted in
 * the order's own transaction (a second runner waits on it, then finds it
 * taken), and the order also carries the idempotency key
 * `subscription:{uid}:{date}`. Pricing, stock and the order rows are the
 * checkout's own steps (price, reserve, notify; no card is charged): a day
 * without stock, a product no longer sold or a slot the place no longer
 * offers is recorded as skipped with its reason and no order. A day whose slot is too close or gone when
 * the run comes (the server was down) is recorded as missed.
 */
export async function runSubscriptionOrders(
  db: Database,
  options: RunOptions = {},
): Promise<DeliveryOutcome[]> {
  const now = options.now ?? new Date();
  const lead = options.leadMinutes ?? DEFAULT_LEAD_MINUTES;
  const today = localDay(now);
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.weekdays} @> ${JSON.stringify([today.weekday])}::jsonb`,
        sql`NOT EXISTS (SELECT 1 FROM ${subscriptionDeliveries} WHERE ${sameTenant(
          subscriptionDeliveries,
          subscriptions,
          eq(subscriptionDeliveries.subscriptionUid, subscriptions.uid),
          eq(subscriptionDeliveries.serviceDate, today.date),
        )})`,
      ),
    )
    .orderBy(subscriptions.appId, subscriptions.slotStart, subscriptions.uid);

  const appRows = new Map<string, AppRow | undefined>();
  const outcomes: DeliveryOutcome[] = [];
  for (const sub of due) {
    const start = minutesOf(sub.slotStart);
    if (today.minute < start - lead) continue;
    if (!appRows.has(sub.appId)) appRows.set(sub.appId, await findAppRow(db, sub.appId));
    const app = appRows.get(sub.appId);
    if (!app) continue;
    let outcome: DeliveryOutcome;
    if (!stillOrderable(sub.slotStart, today.minute)) {
      // Subscribed after the day's window opened: the first order is on the next chosen day.
      if (sub.createdAt > storeInstant(today.date, start - lead)) continue;
      outcome = await recordSkip(db, sub, today.date, runnerReasons.missed);
    } else {
      try {
        outcome = await orderFor(db, app, sub, today.date, now, options);
      } catch (err) {
        options.log?.error(
          { err, subscription: sub.uid },
          'subscription order failed; the next run tries again',
        );
        continue;
      }
    }
    outcomes.push(outcome);
    if (outcome.status === 'skipped')
      options.log?.warn(
        { subscription: sub.uid, date: today.date, reason: outcome.reason },
        'subscription day skipped',
      );
  }
  if (outcomes.length)
    options.log?.info(
      {
        ordered: outcomes.filter((o) => o.status === 'ordered').length,
        skipped: outcomes.filter((o) => o.status === 'skipped').length,
      },
      'subscription run',
    );
  return outcomes;
}

async function recordSkip(
  db: Database,
  sub: SubscriptionRow,
  serviceDate: string,
  reason: string,
): Promise<DeliveryOutcome> {
  const [row] = await db
    .insert(subscriptionDeliveries)
    .values({ appId: sub.appId, subscriptionUid: sub.uid, serviceDate, status: 'skipped', reason })
    .onConflictDoNothing()
    .returning();
  return row
    ? { subscription: sub.uid, serviceDate, status: 'skipped', reason }
    : { subscription: sub.uid, serviceDate, status: 'taken' };
}

async function orderFor(
  db: Database,
  app: AppRow,
  sub: SubscriptionRow,
  serviceDate: string,
  now: Date,
  options: RunOptions,
): Promise<DeliveryOutcome> {
  const [user] = await db
    .select()
    .from(users)
    .where(ofTenant(tenantRef(sub.appId), users, eq(users.uid, sub.userUid)));
  if (!user) return recordSkip(db, sub, serviceDate, runnerReasons.memberGone);
  let place;
  try {
    place = await findPlace(db, app, sub.placeUid);
  } catch {
    return recordSkip(db, sub, serviceDate, runnerReasons.placeClosed);
  }
  const slot = `${sub.slotStart}-${sub.slotEnd}`;
  const input: OrderInput = {
    ...(sub.shippingType === 'pickup'
      ? { shipping_type: 'pickup' as const, pickup: { date: serviceDate, start: sub.slotStart } }
      : {
          shipping_type: 'delivery' as const,
          delivery: {
            area: sub.areaUid ?? '',
            address: sub.address ?? '',
            reference: sub.reference ?? '',
            latitude: sub.latitude ?? 0,
            longitude: sub.longitude ?? 0,
          },
        }),
    products: sub.lines.map((l) => ({
      uid: l.uid,
      quantity: l.quantity,
      option_groups: l.option_groups,
    })),
    expected_total: '0.00',
    coupon: null,
    payment_method: sub.paymentMethodUid,
    billing: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email ?? '',
      phone: user.mobileNumber ?? '',
      city: sub.district ?? '',
      address: sub.address ?? place.address,
    },
    // Delivery orders have no slot of their own: the subscription's travels in the comments.
    comments: [
      sub.shippingType === 'delivery' ? `Suscripción: entrega de ${slot}.` : 'Suscripción.',
      sub.comments,
    ]
      .filter(Boolean)
      .join(' '),
  };

  // The member's checkout as the runner makes it: no request, so no session and nothing to log.
  const scope = { db, app, user };
  let priced;
  try {
    priced = await priceMemberOrder(scope, place, input, now);
  } catch (err) {
    if (err instanceof ValidationError || err instanceof HttpError)
      return recordSkip(db, sub, serviceDate, reasonOf(err));
    throw err;
  }
  if (isOnlinePayment(priced.paymentMethod?.type))
    return recordSkip(db, sub, serviceDate, runnerReasons.cardPayment);

  const orderUid = randomUUID();
  const key = `subscription:${sub.uid}:${serviceDate}`;
  try {
    const claimed = await db.transaction(async (tx) => {
      // The claim comes first: a second runner blocks here until this transaction ends, then finds the row.
      const [claim] = await tx
        .insert(subscriptionDeliveries)
        .values({
          appId: sub.appId,
          subscriptionUid: sub.uid,
          serviceDate,
          status: 'ordered',
          orderUid,
        })
        .onConflictDoNothing()
        .returning();
      if (!claim) return false;
      await reserveOrder(tx, scope, {
        orderUid,
        priced,
        input,
        idempotencyKey: key,
      });
      // The buyer's confirmation only to a verified address; the store's mail per new order either way.
      if (options.mailer)
        await queueOrderMail(
          tx,
          { app, mailer: options.mailer, publicUrl: options.publicUrl },
          orderUid,
          {
            to: verifiedAddress(user),
            currencySymbol: priced.company.currencySymbol,
          },
        );
      return true;
    });
    if (!claimed) return { subscription: sub.uid, serviceDate, status: 'taken' };
  } catch (err) {
    if (isSameKeyRace(err)) return { subscription: sub.uid, serviceDate, status: 'taken' };
    // Out of stock (or the coupon rules): the transaction took nothing; the day is skipped with the reason.
    if (err instanceof ValidationError) return recordSkip(db, sub, serviceDate, reasonOf(err));
    throw err;
  }

  return { subscription: sub.uid, serviceDate, status: 'ordered', orderUid };
}
