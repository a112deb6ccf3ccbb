import {
  boolean,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, editVersion, tenantRowKeys } from './columns';
import { companies } from './tenancy';
import { places } from './places';

/** A company's event (a concert, a tasting): listed by start date and time. */
export const events = pgTable(
  'events',
  {
    ...tenantRowKeys(),
    companyUid: uuid('company_uid').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    placeUid: uuid('place_uid'),
    location: text('location').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** HH:MM, local time of the place; null for all-day events. */
    startTime: text('start_time'),
    endDate: date('end_date', { mode: 'string' }),
    endTime: text('end_time'),
    link: text('link'),
    /** Published: shown in the store (the back office's drafts are false). */
    isActive: boolean('is_active').notNull().default(true),
    /** Optimistic concurrency of the back office's event editor; imports bump it too. */
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.companyUid, companies),
    foreignKey({ columns: [t.appId, t.placeUid], foreignColumns: [places.appId, places.uid] }),
    index('events_company_start_idx').on(t.appId, t.companyUid, t.startDate, t.startTime),
  ],
);
