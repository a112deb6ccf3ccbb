import { randomBytes } from 'node:crypto';
import { asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  adminEventsMessages,
  errorMessages,
  eventIssues,
  storeDateOf,
  type AdminEvent,
  type AdminEventCreate,
  type AdminEventInput,
  type AdminEventPublish,
  type AdminEventQuery,
} from '@store/contract';
import type { Database, Tx } from '../../../db/client';
import { events, places } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid, tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { eventDetails } from '../../engagement/events';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Db = Database | Tx;
type EventRow = typeof events.$inferSelect;
type Loaded = { event: EventRow; place: { uid: string; name: string } | null };

/** Events exist only where the app has them on (events_enabled), in the back office as in the store. */
function requireEvents(admin: AdminScope): void {
  if (!admin.app.eventsEnabled) throw new NotFoundError(errorMessages.notFound);
}

const notFound = () => new NotFoundError(adminEventsMessages.eventNotFound);

/**
 * The events this user may see: the company's. An event without a place belongs to the whole
 * company, so a MANAGER limited to some places sees only those at one of their places (the
 * promotions' rule).
 */
function visible(admin: AdminScope, ...more: (SQL | undefined)[]): SQL {
  const mine = admin.places.map((p) => p.uid);
  return ofTenant(
    admin,
    events,
    eq(events.companyUid, admin.company.uid),
    admin.limitedToPlaces ? (mine.length ? inArray(events.placeUid, mine) : sql`false`) : undefined,
    ...more,
  );
}

function loaded(db: Db) {
  return db
    .select({ event: events, place: { uid: places.uid, name: places.name } })
    .from(events)
    .leftJoin(places, sameTenant(places, events, eq(places.uid, events.placeUid)));
}

/** The day it ends on the store's clock (its end date, else its start date). */
const lastDay = sql`coalesce(${events.endDate}, ${events.startDate})`;

function toApi(row: Loaded, today: string): AdminEvent {
  const e = row.event;
  return {
    ...eventDetails(row),
    published: e.isActive,
    past: (e.endDate ?? e.startDate) < today,
    version: e.version,
  };
}

const todayOf = (admin: AdminScope) => storeDateOf(admin.clock());

async function one(admin: AdminScope, db: Db, uid: string): Promise<AdminEvent> {
  const [row] = await loaded(db).where(visible(admin, eq(events.uid, uid)));
  if (!row) throw notFound();
  return toApi(row, todayOf(admin));
}

export async function listEvents(
  admin: AdminScope,
  query: AdminEventQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminEvent[] }> {
  requireEvents(admin);
  const today = todayOf(admin);
  const past = query.when === 'past';
  const where = visible(
    admin,
    past ? lt(lastDay, today) : gte(lastDay, today),
    query.published ? eq(events.isActive, query.published === 'true') : undefined,
    query.q ? ilike(events.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  // Coming ones soonest first (all-day ones first on their day, as the store lists them); past
  // ones latest first, so last week's event is on the first page.
  const order: SQL[] = past
    ? [desc(events.startDate), sql`${events.startTime} DESC NULLS LAST`]
    : [asc(events.startDate), sql`${events.startTime} ASC NULLS FIRST`];
  const [{ n }] = await admin.db.select({ n: count() }).from(events).where(where);
  const rows = await loaded(admin.db)
    .where(where)
    .orderBy(...order, asc(events.name), asc(events.uid))
    .limit(window.limit)
    .offset(window.offset);
  return { count: n, results: rows.map((r) => toApi(r, today)) };
}

export async function getEvent(admin: AdminScope, uid: string): Promise<AdminEvent> {
  requireEvents(admin);
  if (!isUid(uid)) throw notFound();
  return one(admin, admin.db, uid);
}

/**
 * The place named must be the company's and one the user may act at; a MANAGER limited to
 * places must name one of theirs, since "no place" means the whole company.
 */
async function checkPlace(db: Db, admin: AdminScope, placeUid: string | null) {
  const refuse = () => new ValidationError({ place: [adminEventsMessages.eventPlaceNotAllowed] });
  if (placeUid === null) {
    if (admin.limitedToPlaces) throw refuse();
    return null;
  }
  const uid = placeUid.toLowerCase();
  if (!isUid(uid) || !admin.places.some((p) => p.uid === uid)) throw refuse();
  const [found] = await db
    .select({ uid: places.uid })
    .from(places)
    .where(ofTenant(admin, places, eq(places.companyUid, admin.company.uid), eq(places.uid, uid)));
  if (!found) throw refuse();
  return found.uid;
}

/** The rules across fields are the service's to keep, whoever calls it (the route's schema checks them too). */
function checkRules(input: Parameters<typeof eventIssues>[0]) {
  const issues = eventIssues(input);
  if (Object.keys(issues).length)
    throw new ValidationError(
      Object.fromEntries(Object.entries(issues).map(([field, message]) => [field, [message]])),
    );
}

function columns(input: Omit<AdminEventInput, 'version' | 'published'>, placeUid: string | null) {
  return {
    name: input.name,
    description: input.description,
    image: input.image,
    placeUid,
    location: input.location,
    startDate: input.start_date,
    startTime: input.start_time,
    endDate: input.end_date,
    endTime: input.end_time,
    link: input.link,
  };
}

export async function createEvent(admin: AdminScope, input: AdminEventCreate): Promise<AdminEvent> {
  requireEvents(admin);
  checkRules(input);
  return admin.db.transaction(async (tx) => {
    const placeUid = await checkPlace(tx, admin, input.place);
    // A tenant-file key and the uid an import of that key gives: exporting the store and
    // importing the file again updates this event instead of making a copy. "admin-" marks it
    // as the back office's, so a re-import of a file that does not name it leaves it be.
    const key = `admin-${randomBytes(6).toString('hex')}`;
    const uid = tenantUid(admin.app.key, 'event', key);
    const { published, ...fields } = input;
    await tx.insert(events).values({
      appId: admin.app.uid,
      uid,
      companyUid: admin.company.uid,
      key,
      ...columns(fields, placeUid),
      isActive: published,
    });
    const after = await one(admin, tx, uid);
    return recordSave(withDb(admin, tx), 'event', uid, null, after);
  });
}

/** Locks the event (writers queue behind each other), checks the version read, reads it. */
async function lockEvent(admin: AdminScope, tx: Tx, uid: string, version: number) {
  requireEvents(admin);
  if (!isUid(uid)) throw notFound();
  const [locked] = await tx
    .select()
    .from(events)
    .where(visible(admin, eq(events.uid, uid)))
    .for('update');
  if (!locked) throw notFound();
  const before = await one(admin, tx, uid);
  checkVersion(locked, version, () => before);
  return before;
}

async function write(
  admin: AdminScope,
  tx: Tx,
  uid: string,
  before: AdminEvent,
  set: Partial<typeof events.$inferInsert>,
) {
  await tx
    .update(events)
    .set({ ...set, version: sql`${events.version} + 1` })
    .where(visible(admin, eq(events.uid, uid)));
  const after = await one(admin, tx, uid);
  return recordSave(withDb(admin, tx), 'event', uid, before, after);
}

/** Saves the whole form; `published` only when sent. */
export async function updateEvent(
  admin: AdminScope,
  uid: string,
  input: AdminEventInput,
): Promise<AdminEvent> {
  checkRules(input);
  return admin.db.transaction(async (tx) => {
    const before = await lockEvent(admin, tx, uid, input.version);
    const placeUid = await checkPlace(tx, admin, input.place);
    const { version: _version, published, ...fields } = input;
    return write(admin, tx, uid, before, {
      ...columns(fields, placeUid),
      ...(published === undefined ? {} : { isActive: published }),
    });
  });
}

/** Publishes (the store shows it at once: event answers are never kept in the public cache) or takes it back to draft. */
export async function publishEvent(
  admin: AdminScope,
  uid: string,
  input: AdminEventPublish,
): Promise<AdminEvent> {
  return admin.db.transaction(async (tx) => {
    const before = await lockEvent(admin, tx, uid, input.version);
    return write(admin, tx, uid, before, { isActive: input.published });
  });
}

export async function deleteEvent(admin: AdminScope, uid: string, version: number): Promise<void> {
  await admin.db.transaction(async (tx) => {
    const before = await lockEvent(admin, tx, uid, version);
    await tx.delete(events).where(visible(admin, eq(events.uid, uid)));
    await recordChange(withDb(admin, tx), {
      entity: 'event',
      entityUid: uid,
      action: 'delete',
      before,
      after: null,
    });
  });
}
