import {
  jsonb,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { sql, type SQL } from 'drizzle-orm';
import { apps } from './tenancy';
import { areas } from './places';
import type { ReceiptRequest } from './receipt-request';

/**
 * A member's name, email, phone and document as one text, written exactly as the trigram index
 * `users_search_trgm_idx` holds it (PostgreSQL uses an expression index only for the same
 * expression). Whatever one of them contains, this text contains too.
 */
export function userSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  mobileNumber: AnyPgColumn;
  documentNumber: AnyPgColumn;
}): SQL {
  return sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.mobileNumber}, '') || ' ' || coalesce(${t.documentNumber}, ''))`;
}

/**
 * A member of one app. The same person on two apps is two users: nothing is
 * shared between tenants. Email is stored lower-cased, document numbers
 * upper-cased and mobile numbers with their country code, so the unique
 * indexes below compare like with like.
 */
export const users = pgTable(
  'users',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    birthdate: date('birthdate', { mode: 'string' }),
    gender: text('gender'),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    mobileNumber: text('mobile_number'),
    areaUid: uuid('area_uid'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    publicityAcceptedAt: timestamp('accepts_publicity_at', { withTimezone: true }),
    /**
     * When the member chose "Omitir" on /complete-info: kept on the account (not the browser) so
     * the choice survives a logout and another device.
     */
    completeInfoSkippedAt: timestamp('complete_info_skipped_at', { withTimezone: true }),
    /** The influencer (/in/{uid}/) the member came through, as the registration carried it. */
    influencerUid: text('influencer_uid'),
    /**
     * Whether the document number alone (ONLY_DOCUMENT) may sign in: the member can switch it
     * off in their profile, and then that login is refused like an unknown document.
     */
    documentSignin: boolean('document_signin').notNull().default(true),
    /** The receipt of the member's last order ("¿Boleta o factura?"), offered again at checkout. */
    receiptPreference: jsonb('receipt_preference').$type<ReceiptRequest>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('users_app_email_key').on(t.appId, t.email),
    uniqueIndex('users_app_document_key').on(t.appId, t.documentType, t.documentNumber),
    uniqueIndex('users_app_mobile_key').on(t.appId, t.mobileNumber),
    // The counter finds a client by the number typed without its country code: the number read
    // backwards starts with the digits typed backwards, one range of this index (bench:scale).
    index('users_mobile_reversed_idx').on(t.appId, sql`(reverse(${t.mobileNumber}) COLLATE "C")`),
    // The back office finds orders by their client's name, email, phone or document typed in
    // part: one trigram index over the text they make together answers "contains" with an index
    // scan, whatever the store's size (userSearchText; bench:scale, docs/scaling.md).
    index('users_search_trgm_idx').using('gin', sql`${userSearchText(t)} gin_trgm_ops`),
    foreignKey({ columns: [t.appId, t.areaUid], foreignColumns: [areas.appId, areas.uid] }),
    check('users_gender_check', sql`${t.gender} IN ('f', 'm')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * How a session was made. A `document` session (ONLY_DOCUMENT sign-in: a
 * document number alone, no secret) is a limited session: it never reaches
 * the staff console, never changes the account and never spends coins (see
 * docs/security.md). `register` is the session of the person who just
 * created the account. A limited session becomes full for a while after a
 * step-up (the password, or a code mailed to the verified address).
 */
export type SessionMethod = 'password' | 'google' | 'facebook' | 'apple' | 'document' | 'register';

/**
 * A login: the token itself is never stored, only its sha256. Lives until
 * logout, password reset or deletion, and no longer than the idle and
 * absolute lifetimes of docs/security.md.
 */
export const sessions = pgTable(
  'sessions',
  {
    appId: uuid('app_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userUid: uuid('user_uid').notNull(),
    method: text('method').$type<SessionMethod>().notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** A limited session that stepped up acts as a full one until then. */
    steppedUpUntil: timestamp('stepped_up_until', { withTimezone: true }),
    /**
     * The step-up code mailed for this session (only this session can use it): sha256, single
     * use, short-lived, dead after a few wrong tries.
     */
    stepUpCodeHash: text('step_up_code_hash'),
    stepUpCodeExpiresAt: timestamp('step_up_code_expires_at', { withTimezone: true }),
    stepUpCodeFailures: integer('step_up_code_failures').notNull().default(0),
  },
  (t) => [
    check(
      'sessions_method_check',
      sql`${t.method} IN ('password', 'google', 'facebook', 'apple', 'document', 'register')`,
    ),
    primaryKey({ columns: [t.appId, t.tokenHash] }),
    belongsTo(t.appId, t.userUid, users),
    index('sessions_user_idx').on(t.appId, t.userUid),
  ],
);

/** The sign-in providers whose accounts a member can sign in with. */
export type SocialProvider = 'google' | 'facebook' | 'apple';

/**
 * A provider's account (its stable subject: Google's and Apple's `sub`, Facebook's app-scoped
 * user id) that signs in as a member. Found by subject first, so a member whose provider email
 * changed, or whose email the provider does not vouch for (Facebook), still gets their account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    appId: uuid('app_id').notNull(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    subject: text('subject').notNull(),
    userUid: uuid('user_uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.provider, t.subject] }),
    belongsTo(t.appId, t.userUid, users),
    index('user_identities_user_idx').on(t.appId, t.userUid),
    check('user_identities_provider_check', sql`${t.provider} IN ('google', 'facebook', 'apple')`),
  ],
);

/** Single-use links sent by mail; stored hashed, they expire and are marked used. */
export const linkTokens = pgTable(
  'link_tokens',
  {
    appId: uuid('app_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userUid: uuid('user_uid').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.tokenHash] }),
    belongsTo(t.appId, t.userUid, users),
    index('link_tokens_user_idx').on(t.appId, t.userUid, t.purpose),
    check(
      'link_tokens_purpose_check',
      sql`${t.purpose} IN ('verify_email', 'reset_password', 'delete_account')`,
    ),
  ],
);

/**
 * Fixed-window request counters shared by every server process. The bucket
 * names the action, the kind of key and a hash of the key (never a raw email
 * or address).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.bucket, t.windowStart] }),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);

/**
 * Every mail, written in the transaction of what caused it and sent afterwards by the mail worker
 * (src/modules/mail/worker.ts). Due: neither sent nor failed, `next_attempt_at` passed and no live
 * lease (`locked_until`). Without an SMTP server (the demo) a mail is printed to the log and counts
 * as sent at once; the demo reads its links here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The last attempt's error; stays after a permanent failure for the owner to read. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker claimed the mail until then; past it (the worker died) another may claim it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Given up on: the server refused the address, or every retry failed. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    index('mail_outbox_to_idx').on(t.appId, t.to),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('mail_outbox_failed_idx')
      .on(t.appId, t.failedAt)
      .where(sql`${t.failedAt} IS NOT NULL`),
  ],
);
