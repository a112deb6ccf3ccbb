import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { places } from './places';
import { users } from './accounts';

export type StaffRole = 'OWNER' | 'STAFF' | 'VALIDATOR';

/**
 * A user's staff role in one company of an app: at most one per user and app,
 * so the staff console never has to ask which company it works for. An empty
 * place list means every place of the company. `source` tells rows of the
 * tenant file (re-imported) from those an owner granted.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    appId: uuid('app_id').notNull(),
    userUid: uuid('user_uid').notNull(),
    companyUid: uuid('company_uid').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    placeUids: jsonb('place_uids').$type<string[]>().notNull().default([]),
    source: text('source').$type<'file' | 'owner'>().notNull().default('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userUid] }),
    foreignKey({
      columns: [t.appId, t.userUid],
      foreignColumns: [users.appId, users.uid],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.appId, t.companyUid],
      foreignColumns: [companies.appId, companies.uid],
    }).onDelete('cascade'),
    index('staff_members_company_idx').on(t.appId, t.companyUid),
    check('staff_members_role_check', sql`${t.role} IN ('OWNER', 'STAFF', 'VALIDATOR')`),
    check('staff_members_source_check', sql`${t.source} IN ('file', 'owner')`),
  ],
);

export type StaffActivityKind = 'redemptions' | 'stamps' | 'points';

/**
 * What staff did at the counter (redemptions, stamps, points), written in the
 * same transaction as the change itself: the records report's source next to
 * the orders. Client and staff are plain uids (no foreign key), so a deleted
 * account leaves the line with no name attached rather than removing it.
 */
export const staffActivity = pgTable(
  'staff_activity',
  {
    appId: uuid('app_id').notNull(),
    uid: uuid('uid').notNull(),
    companyUid: uuid('company_uid').notNull(),
    placeUid: uuid('place_uid'),
    programUid: uuid('program_uid').notNull(),
    staffUserUid: uuid('staff_user_uid'),
    clientUserUid: uuid('client_user_uid'),
    kind: text('kind').$type<StaffActivityKind>().notNull(),
    /** The redemption uid or the ledger line uid the action wrote. */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    amountCents: integer('amount_cents'),
    quantity: integer('quantity'),
    status: text('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    foreignKey({
      columns: [t.appId, t.companyUid],
      foreignColumns: [companies.appId, companies.uid],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.appId, t.placeUid], foreignColumns: [places.appId, places.uid] }),
    index('staff_activity_company_idx').on(t.appId, t.companyUid, t.createdAt),
    check('staff_activity_kind_check', sql`${t.kind} IN ('redemptions', 'stamps', 'points')`),
  ],
);
