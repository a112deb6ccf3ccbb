import { desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { StaffSkippedDay } from '@store/contract';
import { places, subscriptionDeliveries, subscriptions, users } from '../../db/schema';
import type { PageWindow } from '../../lib/pagination';
import { skipReasonOf } from '../subscriptions/skip-reasons';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

export type SkippedDayFilters = { date_from?: string; date_to?: string; place_uid?: string };

/**
 * The subscription days of the company that got no order (out of stock,
 * place closed, slot missed...), newest service day first, at the places the
 * user may act at. The company is the place's: a subscription belongs to the
 * company of the place it orders from.
 */
export async function listSkippedDays(
  staff: StaffScope,
  filters: SkippedDayFilters,
  window: PageWindow,
): Promise<{ count: number; results: StaffSkippedDay[] }> {
  const place = filters.place_uid ? allowedPlace(staff, filters.place_uid) : null;
  const where = ofTenant(
    staff,
    subscriptionDeliveries,
    eq(subscriptionDeliveries.status, 'skipped'),
    eq(places.companyUid, staff.company.uid),
    staff.limitedToPlaces
      ? inArray(
          subscriptions.placeUid,
          staff.places.map((p) => p.uid).concat('00000000-0000-0000-0000-000000000000'),
        )
      : undefined,
    place ? eq(subscriptions.placeUid, place.uid) : undefined,
    filters.date_from ? gte(subscriptionDeliveries.serviceDate, filters.date_from) : undefined,
    filters.date_to ? lte(subscriptionDeliveries.serviceDate, filters.date_to) : undefined,
  );
  const page = staff.db
    .select({
      delivery: subscriptionDeliveries,
      subscription: subscriptions,
      place: { uid: places.uid, name: places.name },
      client: {
        uid: users.uid,
        firstName: users.firstName,
        lastName: users.lastName,
        documentNumber: users.documentNumber,
      },
    })
    .from(subscriptionDeliveries)
    .innerJoin(
      subscriptions,
      sameTenant(
        subscriptions,
        subscriptionDeliveries,
        eq(subscriptions.uid, subscriptionDeliveries.subscriptionUid),
      ),
    )
    .innerJoin(places, sameTenant(places, subscriptions, eq(places.uid, subscriptions.placeUid)))
    .innerJoin(users, sameTenant(users, subscriptions, eq(users.uid, subscriptions.userUid)))
    .where(where);
  const [[{ total }], rows] = await Promise.all([
    staff.db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptionDeliveries)
      .innerJoin(
        subscriptions,
        sameTenant(
          subscriptions,
          subscriptionDeliveries,
          eq(subscriptions.uid, subscriptionDeliveries.subscriptionUid),
        ),
      )
      .innerJoin(places, sameTenant(places, subscriptions, eq(places.uid, subscriptions.placeUid)))
      .where(where),
    page
      .orderBy(
        desc(subscriptionDeliveries.serviceDate),
        desc(subscriptionDeliveries.createdAt),
        desc(subscriptionDeliveries.subscriptionUid),
      )
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total),
    results: rows.map(({ delivery, subscription, place: p, client }) => ({
      subscription_uid: subscription.uid,
      service_date: delivery.serviceDate,
      recorded_at: delivery.createdAt.toISOString(),
      place: p,
      client: {
        uid: client.uid,
        name: `${client.firstName} ${client.lastName}`.trim(),
        document_number: client.documentNumber,
      },
      shipping_type: subscription.shippingType,
      time_slot: { start: subscription.slotStart, end: subscription.slotEnd },
      products: subscription.lines.map((l) => ({
        uid: l.uid,
        title: l.title,
        quantity: l.quantity,
      })),
      reason: skipReasonOf(delivery.reason),
      reason_detail: delivery.reason ?? '',
    })),
  };
}
