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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, tenantRowKeys } from './columns';
import { companies } from './tenancy';
import { places } from './places';
import { users } from './accounts';

export type StaffRole = 'OWNER' | 'MANAGER' | 'STAFF' | 'VALIDATOR';

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
    belongsTo(t.appId, t.userUid, users),
    belongsTo(t.appId, t.companyUid, companies),
    index('staff_members_company_idx').on(t.appId, t.companyUid),
    check('staff_members_role_check', sql`${t.role} IN ('OWNER', 'MANAGER', 'STAFF', 'VALIDATOR')`),
    check('staff_members_source_check', sql`${t.source} IN ('file', 'owner')`),
  ],
);

export type StaffActivityKind = 'redemptions' | 'stamps' | 'points';
/** Who confirmed the line: staff at the counter, or the member alone on their phone ('Sí, estoy en el local'). */
export type StaffActivityChannel = 'COUNTER' | 'SELF';

/**
 * What happened at the venue (redemptions, stamps, points), written in the
 * same transaction as the change itself: the records report's source next to
 * the orders. Staff write COUNTER lines; a member who confirms a redemption
 * alone writes a SELF line with no staff. Client and staff are plain uids (no
 * foreign key), so a deleted account leaves the line with no name attached
 * rather than removing it.
 */
export const staffActivity = pgTable(
  'staff_activity',
  {
    ...tenantRowKeys(),
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
    channel: text('channel').$type<StaffActivityChannel>().notNull().default('COUNTER'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.companyUid, companies),
    foreignKey({ columns: [t.appId, t.placeUid], foreignColumns: [places.appId, places.uid] }),
    index('staff_activity_company_idx').on(t.appId, t.companyUid, t.createdAt),
    check('staff_activity_kind_check', sql`${t.kind} IN ('redemptions', 'stamps', 'points')`),
    check('staff_activity_channel_check', sql`${t.channel} IN ('COUNTER', 'SELF')`),
  ],
);

/**
 * An owner's invitation to join the company's staff, mailed to an address:
 * the role is granted only when the person who holds that mailbox opens the
 * link and accepts it signed in with that email. The token is stored hashed.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    ...tenantRowKeys(),
    tokenHash: text('token_hash').notNull(),
    companyUid: uuid('company_uid').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    placeUids: jsonb('place_uids').$type<string[]>().notNull().default([]),
    invitedByUid: uuid('invited_by_uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUid: uuid('accepted_by_uid'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('staff_invitations_token_key').on(t.appId, t.tokenHash),
    index('staff_invitations_company_idx').on(t.appId, t.companyUid, t.createdAt),
    belongsTo(t.appId, t.companyUid, companies),
    check(
      'staff_invitations_role_check',
      sql`${t.role} IN ('OWNER', 'MANAGER', 'STAFF', 'VALIDATOR')`,
    ),
    check('staff_invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A one-time code the member's phone shows at the counter: proof that the
 * member is present when staff spend their coins or stamps. One live code per
 * member (a new one replaces it); stored hashed, short-lived, single use, and
 * dead after a few wrong tries.
 */
export const counterCodes = pgTable(
  'counter_codes',
  {
    appId: uuid('app_id').notNull(),
    userUid: uuid('user_uid').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.userUid] }), belongsTo(t.appId, t.userUid, users)],
);

/**
 * The spent nonces of signed QRs (member `v1.` and promotion `p1.`): a QR proves presence once.
 * The QR itself stays stateless (signed, short-lived); only its spending writes a row, inside
 * the spending transaction, and the primary key makes a second spend of the same nonce fail.
 * A row is of no use once its QR has expired: each spend deletes the member's expired ones.
 */
export const spentQrNonces = pgTable(
  'spent_qr_nonces',
  {
    appId: uuid('app_id').notNull(),
    userUid: uuid('user_uid').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userUid, t.nonce] }),
    belongsTo(t.appId, t.userUid, users),
  ],
);
