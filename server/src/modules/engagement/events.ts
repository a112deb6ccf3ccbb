import { asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { errorMessages, storeDateOf, type CompanyEvent } from '@store/contract';
import type { Database } from '../../db/client';
import { companies, events, places } from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import { companyIsPublic } from '../marketplace/visibility';
import type { Scope } from '../../scope/scope';

// Events are a per-tenant feature (events_enabled): elsewhere they do not exist.
function requireEvents(app: AppRow) {
  if (!app.eventsEnabled) throw new NotFoundError(errorMessages.notFound);
}

function selectEvents(db: Database) {
  return db
    .select({
      event: events,
      place: { uid: places.uid, name: places.name, address: places.address },
    })
    .from(events)
    .leftJoin(places, sameTenant(places, events, eq(places.uid, events.placeUid)));
}

/**
 * The fields of an event that the store and the back office both show, with its place as each
 * loads it (the back office's without the address).
 */
export function eventDetails<Place>(row: { event: typeof events.$inferSelect; place: Place }) {
  const e = row.event;
  return {
    uid: e.uid,
    name: e.name,
    description: e.description,
    image: e.image,
    place: row.place,
    location: e.location,
    start_date: e.startDate,
    start_time: e.startTime,
    end_date: e.endDate,
    end_time: e.endTime,
    link: e.link,
  };
}

function eventToApi(row: {
  event: typeof events.$inferSelect;
  place: { uid: string; name: string; address: string } | null;
}): CompanyEvent {
  const { uid, ...details } = eventDetails(row);
  // The company second, as the API has always listed it.
  return { uid, company: row.event.companyUid, ...details };
}

/** A company's active events, by start date then start time (all-day events first on their day). */
export async function listCompanyEvents(
  scope: Scope,
  companyUid: string,
  filters: { ordering?: 'start_date,start_time' | '-start_date,-start_time'; upcoming?: boolean },
  window: PageWindow,
) {
  const { db, app } = scope;
  requireEvents(app);
  if (!isUid(companyUid)) throw new NotFoundError();
  const [company] = await db
    .select({ uid: companies.uid })
    .from(companies)
    .where(ofTenant(scope, companies, eq(companies.uid, companyUid), companyIsPublic));
  if (!company) throw new NotFoundError();
  // Event dates are the store's days: tonight's event is still upcoming after 19:00 in Lima.
  const today = storeDateOf(new Date());
  const where = ofTenant(
    scope,
    events,
    eq(events.companyUid, companyUid),
    eq(events.isActive, true),
    filters.upcoming
      ? gte(sql`coalesce(${events.endDate}, ${events.startDate})`, today)
      : undefined,
  );
  const order: SQL[] =
    filters.ordering === '-start_date,-start_time'
      ? [desc(events.startDate), sql`${events.startTime} DESC NULLS LAST`]
      : [asc(events.startDate), sql`${events.startTime} ASC NULLS FIRST`];
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(events).where(where),
    selectEvents(db)
      .where(where)
      .orderBy(...order, asc(events.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: Number(total[0]?.n ?? 0), results: rows.map(eventToApi) };
}

export async function getEvent(scope: Scope, uid: string): Promise<CompanyEvent> {
  const { db, app } = scope;
  requireEvents(app);
  if (!isUid(uid)) throw new NotFoundError();
  const [row] = await selectEvents(db).where(
    ofTenant(scope, events, eq(events.uid, uid), eq(events.isActive, true)),
  );
  if (!row) throw new NotFoundError();
  return eventToApi(row);
}
