import { asc, count, eq, type SQL } from 'drizzle-orm';
import {
  pickupDays,
  SLOT_MINUTES,
  type Place,
  type PickupSchedule,
  type AreaSummary,
  openingHoursOf,
  specTimetableOf,
} from '@store/contract';
import type { Database } from '../../db/client';
import { builtOnce, placeholder } from '../../db/placeholder';
import { areas, companies, places } from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { nameContains } from '../../lib/search';
import { isUid } from '../../lib/uid';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';
import { companyIsPublic, ofPublicCompany } from '../marketplace/visibility';

type PlaceRow = typeof places.$inferSelect;
type AreaRow = typeof areas.$inferSelect;

export function placeToApi(row: PlaceRow, area: AreaRow): Place {
  return {
    uid: row.uid,
    name: row.name,
    address: row.address,
    company_uid: row.companyUid,
    locality: { name: row.localityName, area: areaToApi(area) },
    subscription_enabled: row.subscriptionEnabled,
    telephone1: row.telephone1,
    telephone2: row.telephone2,
    location: { latitude: row.latitude, longitude: row.longitude },
    uses_country_delivery_service: row.usesCountryDeliveryService,
    timetable: specTimetableOf(openingHoursOf(row.timetable)),
    opening_hours: openingHoursOf(row.timetable),
    orders_paused: row.ordersPaused,
  };
}

function areaToApi(row: AreaRow): AreaSummary {
  return { uid: row.uid, name: row.name, country_code: row.countryCode };
}

export type PlaceFilters = {
  company?: string;
  area?: string;
  search?: string;
  subscriptionEnabled?: boolean;
};

/** Active places of the tenant, sorted by name as the place selector shows them. */
export async function listPlaces(scope: Scope, filters: PlaceFilters, window: PageWindow) {
  const { db } = scope;
  if ((filters.company && !isUid(filters.company)) || (filters.area && !isUid(filters.area)))
    return { count: 0, results: [] };
  const where: SQL | undefined = ofTenant(
    scope,
    places,
    eq(places.isActive, true),
    ofPublicCompany(db, places),
    filters.company ? eq(places.companyUid, filters.company) : undefined,
    filters.area ? eq(places.areaUid, filters.area) : undefined,
    filters.subscriptionEnabled !== undefined
      ? eq(places.subscriptionEnabled, filters.subscriptionEnabled)
      : undefined,
    filters.search ? nameContains(places.name, filters.search) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(places).where(where);
  const rows = await db
    .select({ place: places, area: areas })
    .from(places)
    .innerJoin(areas, sameTenant(areas, places, eq(areas.uid, places.areaUid)))
    .where(where)
    .orderBy(asc(places.name))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total, results: rows.map((r) => placeToApi(r.place, r.area)) };
}

/** Areas that have at least one active place of the tenant (optionally of one company). */
export async function listAreas(
  scope: Scope,
  filters: { company?: string; country?: string },
  window: PageWindow,
) {
  const { db } = scope;
  if (filters.company && !isUid(filters.company)) return { count: 0, results: [] };
  const where = ofTenant(
    scope,
    areas,
    filters.country ? eq(areas.countryCode, filters.country.toUpperCase()) : undefined,
  );
  const rows = await db
    .select()
    .from(areas)
    .where(where)
    .orderBy(asc(areas.position), asc(areas.name));
  let visible = rows;
  if (filters.company) {
    const used = await db
      .selectDistinct({ areaUid: places.areaUid })
      .from(places)
      .where(
        ofTenant(
          scope,
          places,
          eq(places.companyUid, filters.company),
          eq(places.isActive, true),
          ofPublicCompany(db, places),
        ),
      );
    const ids = new Set(used.map((u) => u.areaUid));
    visible = rows.filter((a) => ids.has(a.uid));
  }
  return {
    count: visible.length,
    results: visible.slice(window.offset, window.offset + window.limit).map(areaToApi),
  };
}

/** A place of this tenant, or 404: the one way every area reads a place named in a path. */
/** The place of this uid, when it sells: active, of a public company. */
export function sellingPlace(db: Database, app: Pick<AppRow, 'uid'>, placeUid: string): SQL {
  return ofTenant(
    { app },
    places,
    eq(places.uid, placeUid),
    eq(places.isActive, true),
    // A store not (or no longer) approved sells nothing: its products, cart and checkout 404.
    ofPublicCompany(db, places),
  );
}

/** Built once per database: nearly every call of a shopper's names its place. */
const sellingPlaceByUid = builtOnce((db) =>
  db
    .select()
    .from(places)
    .where(sellingPlace(db, { uid: placeholder<string>('tenant') }, placeholder<string>('place')))
    .prepare(''),
);

export async function findPlace(db: Database, app: AppRow, placeUid: string): Promise<PlaceRow> {
  if (!isUid(placeUid)) throw new NotFoundError();
  const [row] = await sellingPlaceByUid(db).execute({ tenant: app.uid, place: placeUid });
  if (!row) throw new NotFoundError();
  return row;
}

export async function findCompanyOfApp(scope: Scope, companyUid: string) {
  const { db } = scope;
  if (!isUid(companyUid)) throw new NotFoundError();
  const [row] = await db
    .select()
    .from(companies)
    .where(ofTenant(scope, companies, eq(companies.uid, companyUid), companyIsPublic));
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Pickup slots of the coming days from the place's timetable (the contract's opening-hours rules
 * on the store clock): Monday's hours serve Monday to Friday, then Saturday and Sunday their own.
 */
export function pickupScheduleOf(place: PlaceRow, now: Date, days: number): PickupSchedule {
  return {
    place_uid: place.uid,
    slot_minutes: SLOT_MINUTES,
    days: pickupDays(openingHoursOf(place.timetable), now, days),
  };
}
