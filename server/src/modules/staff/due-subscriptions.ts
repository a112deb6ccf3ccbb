import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  addDays,
  storeDateOf,
  storeDayEnd,
  weekdayOf,
  type StaffDueSubscription,
} from '@store/contract';
import { places, subscriptionDeliveries, subscriptions, users } from '../../db/schema';
import type { PageWindow } from '../../lib/pagination';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

export type DueFilters = { date?: string; place_uid?: string };

/**
 * The company's active subscriptions due on a service day (tomorrow by
 * default, on the store's clock), at the places the user may act at, by slot
 * then place: what the kitchen prepares and the counter hands over. Each says
 * whether the run already made the day's order or skipped it. A subscription
 * made after the day is not due on it.
 */
export async function listDueSubscriptions(
  staff: StaffScope,
  filters: DueFilters,
  window: PageWindow,
): Promise<{ count: number; results: StaffDueSubscription[] }> {
  const place = filters.place_uid ? allowedPlace(staff, filters.place_uid) : null;
  const day = filters.date ?? addDays(storeDateOf(staff.clock()), 1);
  const where = ofTenant(
    staff,
    subscriptions,
    eq(subscriptions.status, 'active'),
    sql`${subscriptions.weekdays} @> ${JSON.stringify([weekdayOf(day)])}::jsonb`,
    lt(subscriptions.createdAt, storeDayEnd(day)),
    eq(places.companyUid, staff.company.uid),
    staff.limitedToPlaces
      ? inArray(
          subscriptions.placeUid,
          staff.places.map((p) => p.uid).concat('00000000-0000-0000-0000-000000000000'),
        )
      : undefined,
    place ? eq(subscriptions.placeUid, place.uid) : undefined,
  );
  const placeJoin = sameTenant(places, subscriptions, eq(places.uid, subscriptions.placeUid));
  const [[{ total }], rows] = await Promise.all([
    staff.db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(places, placeJoin)
      .where(where),
    staff.db
      .select({
        subscription: subscriptions,
        place: { uid: places.uid, name: places.name },
        client: {
          uid: users.uid,
          firstName: users.firstName,
          lastName: users.lastName,
          documentNumber: users.documentNumber,
          mobileNumber: users.mobileNumber,
        },
        delivery: {
          status: subscriptionDeliveries.status,
          orderUid: subscriptionDeliveries.orderUid,
        },
      })
      .from(subscriptions)
      .innerJoin(places, placeJoin)
      .innerJoin(users, sameTenant(users, subscriptions, eq(users.uid, subscriptions.userUid)))
      .leftJoin(
        subscriptionDeliveries,
        and(
          sameTenant(
            subscriptionDeliveries,
            subscriptions,
            eq(subscriptionDeliveries.subscriptionUid, subscriptions.uid),
          ),
          eq(subscriptionDeliveries.serviceDate, day),
        ),
      )
      .where(where)
      .orderBy(asc(subscriptions.slotStart), asc(places.name), asc(subscriptions.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total),
    results: rows.map(({ subscription: sub, place: p, client, delivery }) => ({
      subscription_uid: sub.uid,
      service_date: day,
      place: p,
      client: {
        uid: client.uid,
        name: `${client.firstName} ${client.lastName}`.trim(),
        document_number: client.documentNumber,
        mobile_number: client.mobileNumber,
      },
      shipping_type: sub.shippingType,
      time_slot: { start: sub.slotStart, end: sub.slotEnd },
      address: sub.shippingType === 'delivery' ? sub.address : null,
      products: sub.lines.map((l) => ({ uid: l.uid, title: l.title, quantity: l.quantity })),
      comments: sub.comments,
      day_status: delivery?.status ?? 'pending',
      order_uid: delivery?.orderUid ?? null,
    })),
  };
}
