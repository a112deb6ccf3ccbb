import type { OpeningHours, Timetable as SpecTimetable } from '@store/contract';
import {
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  boolean,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, editVersion, tenantRowKeys } from './columns';
import { apps, companies } from './tenancy';

/** A polygon as `[latitude, longitude]` vertices (not closed: the last joins the first). */
export type AreaBounds = [number, number][];

/** A city or district the app serves; places belong to one. */
export const areas = pgTable(
  'areas',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    position: integer('position').notNull().default(0),
    /**
     * The district's known outline, `[latitude, longitude]` vertices (tenant file `bounds`); null
     * when nobody drew it. A delivery point outside the chosen area's outline is refused
     * (orders/delivery-point.ts).
     */
    bounds: jsonb('bounds').$type<AreaBounds>(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('areas_app_key_key').on(t.appId, t.key),
  ],
);

/**
 * A place's hours as stored: the opening hours (each weekday's shifts and dated closures, issue
 * 36 row 6), or the spec's one-range timetable of rows and tenant files from before it; the
 * contract's openingHoursOf reads both, and everything that writes stores the opening hours.
 */
export type Timetable = OpeningHours | SpecTimetable;

/** A branch (local) of a company: where products are sold and picked up. */
export const places = pgTable(
  'places',
  {
    ...tenantRowKeys(),
    key: text('key').notNull(),
    companyUid: uuid('company_uid').notNull(),
    areaUid: uuid('area_uid').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    localityName: text('locality_name').notNull().default(''),
    telephone1: text('telephone1'),
    telephone2: text('telephone2'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    usesCountryDeliveryService: boolean('uses_country_delivery_service').notNull().default(false),
    subscriptionEnabled: boolean('subscription_enabled').notNull().default(false),
    timetable: jsonb('timetable').$type<Timetable>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Pickup offered at checkout (tenant file `pickup_enabled`). */
    pickupEnabled: boolean('pickup_enabled').notNull().default(true),
    /** The owner closed the place for orders (for the day; tenant file `orders_paused`). */
    ordersPaused: boolean('orders_paused').notNull().default(false),
    /** Optimistic concurrency of the back office (admin/concurrency.ts); an import bumps it too. */
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('places_app_key_key').on(t.appId, t.key),
    belongsTo(t.appId, t.companyUid, companies),
    foreignKey({ columns: [t.appId, t.areaUid], foreignColumns: [areas.appId, areas.uid] }),
    index('places_company_idx').on(t.appId, t.companyUid),
  ],
);
