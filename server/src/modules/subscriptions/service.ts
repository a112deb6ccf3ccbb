import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  isOnlinePayment,
  centsToMoney,
  formatMessage,
  hoursOn,
  orderMessages,
  slotFits,
  sortWeekdays,
  subscriptionMessages,
  type Subscription,
  type SubscriptionInput,
  type Weekday,
  openingHoursOf,
} from '@store/contract';
import {
  areas,
  paymentMethods,
  places,
  subscriptions,
  type StoredSubscriptionLine,
} from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { PageWindow } from '../../lib/pagination';
import { findPlace } from '../places/service';
import { checkLines, priceLinesInCents, soldAt } from '../cart/lines';
import { lineOptions } from '../orders/pricing';
import { areasForPoint, judgeDeliveryPoint, placeReachesArea } from '../orders/delivery-point';
import { enforceActiveSubscriptionsCap } from '../orders/unpaid-cap';
import {
  activePaymentMethods,
  companyOf,
  deliveryFare,
  deliveryOf,
  paymentMethodToApi,
} from '../orders/settings';
import { ofTenant } from '../../scope/tenant-query';
import type { MemberScope, Scope } from '../../scope/scope';

type Row = typeof subscriptions.$inferSelect;
type PlaceRow = typeof places.$inferSelect;

const dayNames: Record<Weekday, string> = {
  monday: 'lunes',
  tuesday: 'martes',
  wednesday: 'miércoles',
  thursday: 'jueves',
  friday: 'viernes',
  saturday: 'sábados',
  sunday: 'domingos',
};
/**
 * `POST v5/places/{uid}/subscriptions/`: a standing order of the place's
 * subscription cart on the chosen weekdays, in one half-hour slot of the
 * place's hours on each of them. Paid on each delivery (cash or card on
 * delivery): no card is kept on file. Prices are the catalogue's of today.
 */
export async function createSubscription(
  scope: MemberScope,
  placeUid: string,
  input: SubscriptionInput,
): Promise<Subscription> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const place = await findPlace(db, app, placeUid);
  const company = await companyOf(db, app.uid, place.companyUid);
  if (!place.subscriptionEnabled || !company.subscriptionEnabled)
    throw new ValidationError(subscriptionMessages.notEnabled);
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const collect = (err: unknown) => {
    if (err instanceof ValidationError)
      for (const [k, v] of Object.entries(err.fields)) for (const m of v) add(k, m);
    else throw err;
  };

  const sold = await soldAt(
    db,
    app.uid,
    place.uid,
    input.products.map((l) => l.uid),
  );
  let stored: ReturnType<typeof checkLines> = [];
  try {
    stored = checkLines(input.products, sold, { checkStock: false });
  } catch (err) {
    collect(err);
  }
  // The owner marks which products may be a standing order (the back office's product form).
  input.products.forEach((line, i) => {
    const product = sold.get(line.uid)?.product;
    if (product && !product.subscriptionAvailable)
      add(
        `products.${i}.uid`,
        formatMessage(subscriptionMessages.productNotSubscribable, { product: product.title }),
      );
  });
  const priced = priceLinesInCents(stored, sold);

  const days = sortWeekdays(input.weekdays);
  for (const day of days) {
    const hours = hoursOn(openingHoursOf(place.timetable), day);
    if (!hours.length) {
      add('weekdays', formatMessage(subscriptionMessages.closedOn, { day: dayNames[day] }));
      continue;
    }
    if (!slotFits(hours, input.time_slot))
      add('time_slot', formatMessage(subscriptionMessages.slotUnavailable, { day: dayNames[day] }));
  }

  const methods = await activePaymentMethods(db, app.uid, company.uid);
  const method = methods.find((m) => m.uid === input.payment_method);
  if (!method) add('payment_method', orderMessages.paymentMethodNotFound);
  else if (isOnlinePayment(method.type))
    add('payment_method', subscriptionMessages.onlinePaymentNotAllowed);

  let deliveryCents = 0;
  let area: typeof areas.$inferSelect | undefined;
  if (input.shipping_type === 'delivery' && input.delivery) {
    const [known, delivery] = await Promise.all([
      areasForPoint(db, app.uid, input.delivery.area),
      deliveryOf(db, app.uid, place.uid),
    ]);
    // A place delivers only in the areas it reaches (issue 36), as for orders.
    area =
      known.chosen && placeReachesArea(place, known.chosen, delivery?.maxRadiusMeters ?? 0)
        ? known.chosen
        : undefined;
    if (!area) add('delivery.area', orderMessages.areaNotFound);
    try {
      deliveryCents = deliveryFare(place, delivery, input.delivery).fareCents;
    } catch (err) {
      collect(err);
    }
    // The same rule as an order's; a doubt is flagged on each order the subscription makes.
    const verdict = area ? judgeDeliveryPoint(area, known.outlined, input.delivery, null) : null;
    if (verdict?.refused) add(verdict.refused.field, verdict.refused.message);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const lines: StoredSubscriptionLine[] = priced.lines.map((l) => ({
    uid: l.line.uid,
    title: l.item.product.title,
    image: l.item.product.image,
    quantity: l.line.quantity,
    unit_price_cents: l.unitPriceCents,
    options_price_cents: l.optionsCents,
    total_cents: l.totalCents,
    options: lineOptions(l),
    option_groups: l.line.option_groups,
  }));
  const delivery = input.shipping_type === 'delivery' ? input.delivery! : null;
  const [row] = await db.transaction(async (tx) => {
    await enforceActiveSubscriptionsCap(tx, app, userUid);
    return tx
      .insert(subscriptions)
      .values({
        appId: app.uid,
        uid: randomUUID(),
        userUid,
        placeUid: place.uid,
        weekdays: days,
        slotStart: input.time_slot.start,
        slotEnd: input.time_slot.end,
        shippingType: input.shipping_type ?? 'pickup',
        areaUid: area?.uid ?? null,
        district: area?.name ?? null,
        address: delivery?.address ?? null,
        reference: delivery ? (delivery.reference ?? '') : null,
        latitude: delivery?.latitude ?? null,
        longitude: delivery?.longitude ?? null,
        paymentMethodUid: method!.uid,
        lines,
        subtotalCents: priced.subtotalCents,
        deliveryCents,
        comments: (input.comments ?? '').trim(),
      })
      .returning();
  });
  return toApi(row, place, method!);
}

function toApi(
  row: Row,
  place: Pick<PlaceRow, 'uid' | 'name'>,
  method: typeof paymentMethods.$inferSelect,
): Subscription {
  return {
    uid: row.uid,
    status: row.status,
    place: { uid: place.uid, name: place.name },
    weekdays: row.weekdays as Weekday[],
    time_slot: { start: row.slotStart, end: row.slotEnd },
    shipping_type: row.shippingType,
    district: row.district,
    address: row.address,
    reference: row.reference,
    payment_method: paymentMethodToApi(method),
    products: row.lines.map((l) => ({
      uid: l.uid,
      title: l.title,
      image: l.image,
      quantity: l.quantity,
      unit_price: centsToMoney(l.unit_price_cents),
      options_price: centsToMoney(l.options_price_cents),
      total: centsToMoney(l.total_cents),
      options: l.options.map((o) => ({
        group: o.group,
        name: o.name,
        price: centsToMoney(o.price_cents),
      })),
    })),
    subtotal: centsToMoney(row.subtotalCents),
    delivery_price: centsToMoney(row.deliveryCents),
    total: centsToMoney(row.subtotalCents + row.deliveryCents),
    comments: row.comments,
    created_at: row.createdAt.toISOString(),
    canceled_at: row.canceledAt?.toISOString() ?? null,
  };
}

async function withRelated(scope: Scope, rows: Row[]) {
  const { db } = scope;
  if (!rows.length) return [];
  const [placeRows, methods] = await Promise.all([
    db.select({ uid: places.uid, name: places.name }).from(places).where(ofTenant(scope, places)),
    db.select().from(paymentMethods).where(ofTenant(scope, paymentMethods)),
  ]);
  return rows.map((r) =>
    toApi(
      r,
      placeRows.find((p) => p.uid === r.placeUid)!,
      methods.find((m) => m.uid === r.paymentMethodUid)!,
    ),
  );
}

/** `GET v5/subscriptions/`: the member's subscriptions, newest first; filters status and place. */
export async function listSubscriptions(
  scope: MemberScope,
  filters: { status?: 'active' | 'canceled_by_user'; place?: string },
  window: PageWindow,
) {
  const { db } = scope;
  const userUid = scope.user.uid;
  if (filters.place && !isUid(filters.place)) return { count: 0, results: [] };
  const where = ofTenant(
    scope,
    subscriptions,
    eq(subscriptions.userUid, userUid),
    filters.status ? eq(subscriptions.status, filters.status) : undefined,
    filters.place ? eq(subscriptions.placeUid, filters.place) : undefined,
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(where);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.uid))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total, results: await withRelated(scope, rows) };
}

/** `PATCH v5/subscriptions/{uid}/` with status canceled_by_user: the only change a member makes. */
export async function cancelSubscription(scope: MemberScope, uid: string): Promise<Subscription> {
  const { db } = scope;
  const userUid = scope.user.uid;
  if (!isUid(uid)) throw new NotFoundError();
  const mine = ofTenant(
    scope,
    subscriptions,
    eq(subscriptions.uid, uid),
    eq(subscriptions.userUid, userUid),
  );
  const [updated] = await db
    .update(subscriptions)
    .set({ status: 'canceled_by_user', canceledAt: new Date() })
    .where(and(mine, eq(subscriptions.status, 'active')))
    .returning();
  if (updated) return (await withRelated(scope, [updated]))[0];
  const [existing] = await db.select({ uid: subscriptions.uid }).from(subscriptions).where(mine);
  if (!existing) throw new NotFoundError();
  throw new ValidationError({ status: [subscriptionMessages.alreadyCanceled] });
}
