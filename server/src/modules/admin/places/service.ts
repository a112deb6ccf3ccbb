import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  adminPlacesMessages,
  centsToMoney,
  isOpenAt,
  moneyToCents,
  placeIssues,
  type AdminPlace,
  type AdminPlacePatch,
  type AdminPlaceQuery,
  openingHoursOf,
} from '@store/contract';
import type { Tx } from '../../../db/client';
import { areas, companies, placeDeliverySettings, places } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import { updateSet } from '../../../db/upsert';

type PlaceRow = typeof places.$inferSelect;
type DeliveryRow = typeof placeDeliverySettings.$inferSelect;
type Joined = {
  place: PlaceRow;
  area: { uid: string; name: string };
  delivery: DeliveryRow | null;
};

/**
 * A place as the back office edits it. `open_now` reads the timetable on the store clock;
 * `taking_orders` is what checkout enforces: the company sells online and the place is not
 * paused. No delivery row reads as delivery off (what the tenant importer leaves when its
 * file names no delivery).
 */
function toApi(row: Joined, ecommerceEnabled: boolean, now: Date): AdminPlace {
  const { place, area, delivery } = row;
  return {
    uid: place.uid,
    key: place.key,
    name: place.name,
    address: place.address,
    locality_name: place.localityName,
    area,
    telephone1: place.telephone1,
    telephone2: place.telephone2,
    latitude: place.latitude,
    longitude: place.longitude,
    timetable: openingHoursOf(place.timetable),
    pickup_enabled: place.pickupEnabled,
    orders_paused: place.ordersPaused,
    delivery: {
      enabled: delivery?.enabled ?? false,
      base_fare: centsToMoney(delivery?.baseFareCents ?? 0),
      per_km: centsToMoney(delivery?.perKmCents ?? 0),
      max_radius_km: (delivery?.maxRadiusMeters ?? 0) / 1000,
    },
    open_now: isOpenAt(openingHoursOf(place.timetable), now),
    taking_orders: ecommerceEnabled && !place.ordersPaused,
    version: place.version,
  };
}

/** Only the company's places this user may see: a MANAGER limited to places sees those. */
function visible(admin: AdminScope) {
  const uids = admin.places.map((p) => p.uid);
  return ofTenant(
    admin,
    places,
    eq(places.companyUid, admin.company.uid),
    eq(places.isActive, true),
    uids.length ? inArray(places.uid, uids) : sql`false`,
  );
}

async function ecommerceOf(admin: AdminScope, db: AdminScope['db'] | Tx): Promise<boolean> {
  const [row] = await db
    .select({ on: companies.ecommerceEnabled })
    .from(companies)
    .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)));
  return row?.on ?? false;
}

function joined(db: AdminScope['db'] | Tx) {
  return db
    .select({
      place: places,
      area: { uid: areas.uid, name: areas.name },
      delivery: placeDeliverySettings,
    })
    .from(places)
    .innerJoin(areas, sameTenant(areas, places, eq(areas.uid, places.areaUid)))
    .leftJoin(
      placeDeliverySettings,
      sameTenant(placeDeliverySettings, places, eq(placeDeliverySettings.placeUid, places.uid)),
    );
}

export async function listPlaces(
  admin: AdminScope,
  query: AdminPlaceQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminPlace[] }> {
  const where = and(
    visible(admin),
    query.q ? ilike(places.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [{ n }] = await admin.db.select({ n: count() }).from(places).where(where);
  const rows = await joined(admin.db)
    .where(where)
    .orderBy(query.sort === '-name' ? desc(places.name) : asc(places.name), asc(places.uid))
    .limit(window.limit)
    .offset(window.offset);
  const selling = await ecommerceOf(admin, admin.db);
  const now = admin.clock();
  return { count: n, results: rows.map((r) => toApi(r, selling, now)) };
}

export async function getPlace(admin: AdminScope, uid: string): Promise<AdminPlace> {
  if (!isUid(uid)) throw new NotFoundError(adminPlacesMessages.placeNotFound);
  const [row] = await joined(admin.db).where(and(visible(admin), eq(places.uid, uid)));
  if (!row) throw new NotFoundError(adminPlacesMessages.placeNotFound);
  return toApi(row, await ecommerceOf(admin, admin.db), admin.clock());
}

/**
 * Changes a place and its delivery settings in one transaction. The place row is locked
 * first (its version guards the delivery row too), the rules across fields are checked on
 * the merged record, and the change is audited with the place before and after.
 */
export async function updatePlace(
  admin: AdminScope,
  uid: string,
  input: AdminPlacePatch,
): Promise<AdminPlace> {
  if (!isUid(uid)) throw new NotFoundError(adminPlacesMessages.placeNotFound);
  return admin.db.transaction(async (tx) => {
    const where = and(visible(admin), eq(places.uid, uid));
    const [locked] = await tx.select({ uid: places.uid }).from(places).where(where).for('update');
    if (!locked) throw new NotFoundError(adminPlacesMessages.placeNotFound);
    const [row] = await joined(tx).where(where);
    const selling = await ecommerceOf(admin, tx);
    const now = admin.clock();
    const before = toApi(row, selling, now);
    checkVersion({ version: row.place.version }, input.version, () => before);
    const { version: _version, ...fields } = input;
    const merged = { ...before, ...fields };
    const issues = placeIssues(merged);
    if (Object.keys(issues).length)
      throw new ValidationError(
        Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, [v]])),
      );
    await tx
      .update(places)
      .set({
        name: merged.name,
        address: merged.address,
        localityName: merged.locality_name,
        telephone1: merged.telephone1 || null,
        telephone2: merged.telephone2 || null,
        latitude: merged.latitude,
        longitude: merged.longitude,
        timetable: merged.timetable,
        pickupEnabled: merged.pickup_enabled,
        ordersPaused: merged.orders_paused,
        version: sql`${places.version} + 1`,
      })
      .where(where);
    if (fields.delivery) {
      const delivery = {
        enabled: fields.delivery.enabled,
        baseFareCents: moneyToCents(fields.delivery.base_fare),
        perKmCents: moneyToCents(fields.delivery.per_km),
        maxRadiusMeters: Math.round(fields.delivery.max_radius_km * 1000),
      };
      await tx
        .insert(placeDeliverySettings)
        .values({ appId: admin.app.uid, placeUid: uid, ...delivery })
        .onConflictDoUpdate({
          target: [placeDeliverySettings.appId, placeDeliverySettings.placeUid],
          set: updateSet(delivery),
        });
    }
    const [updated] = await joined(tx).where(where);
    const after = toApi(updated, selling, now);
    return recordSave(withDb(admin, tx), 'place', uid, before, after);
  });
}
