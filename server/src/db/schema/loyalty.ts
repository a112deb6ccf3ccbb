import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { belongsTo, editVersion, tenantRowKeys } from './columns';
import { companies } from './tenancy';
import { places } from './places';
import { users } from './accounts';
import { paymentMethods } from './orders';

/** `benefits`: what the level gives, shown to members (absent in older rows and files). */
export type ProgramLevel = { name: string; min_points: number; benefits?: string };

/** A company's benefit program: which currencies it runs and the levels its points give. */
export const programs = pgTable(
  'programs',
  {
    ...tenantRowKeys(),
    companyUid: uuid('company_uid').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    pointsEnabled: boolean('points_enabled').notNull().default(true),
    coinsEnabled: boolean('coins_enabled').notNull().default(false),
    stampsEnabled: boolean('stamps_enabled').notNull().default(false),
    addPointsEnabled: boolean('add_points_enabled').notNull().default(false),
    /** Levels sorted by min_points; a member's level comes from their points balance. */
    levels: jsonb('levels').$type<ProgramLevel[]>().notNull().default([]),
    /** Members may join by themselves (POST v5/me/programs/); otherwise only staff or the tenant file enrol them. */
    openToJoin: boolean('open_to_join').notNull().default(true),
    /** Points a member earns per sol (1.00) of an order's subtotal when it is delivered; 0 earns nothing. */
    orderPointsPerSol: integer('order_points_per_sol').notNull().default(0),
    /** Points expire this many days after they are earned (fixed per lot when earned, see loyaltyLedger.expiresAt); null never. */
    pointsExpireAfterDays: integer('points_expire_after_days'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Only staff mark a member's unit used (scanning the member's QR or typing their code): the
     * member's own confirmation at the venue (`POST v5/redemption-by-user/`) is refused.
     */
    staffConfirmsRedemptions: boolean('staff_confirms_redemptions').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Optimistic concurrency of the back office (admin/concurrency.ts); guards the program's sections and ads too. */
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('programs_app_key_key').on(t.appId, t.key),
    belongsTo(t.appId, t.companyUid, companies),
    check(
      'programs_points_expire_after_days_check',
      sql`${t.pointsExpireAfterDays} IS NULL OR ${t.pointsExpireAfterDays} > 0`,
    ),
  ],
);

/** Membership of a member in a program. Its row is also the lock that serialises the member's spending. */
export const programMembers = pgTable(
  'program_members',
  {
    appId: uuid('app_id').notNull(),
    programUid: uuid('program_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.programUid, t.userUid] }),
    belongsTo(t.appId, t.programUid, programs),
    belongsTo(t.appId, t.userUid, users),
    index('program_members_user_idx').on(t.appId, t.userUid),
    // The back-office dashboard counts a program's new members per period.
    index('program_members_joined_idx').on(t.appId, t.programUid, t.joinedAt),
  ],
);

export type LoyaltyCurrency = 'POINTS' | 'COINS' | 'STAMPS';
export type LedgerKind = 'earn' | 'spend' | 'expire' | 'reverse';

/**
 * Append-only: every change of a member's points, coins or stamps is one row;
 * balances are sums of these rows, so every figure can be explained line by line.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    ...tenantRowKeys(),
    programUid: uuid('program_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    currency: text('currency').$type<LoyaltyCurrency>().notNull(),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    reason: text('reason').notNull().default(''),
    /** What caused the line: an order uid, a redemption uid, a tenant-file key... */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When an earned lot of points expires: fixed when it is earned, by the program's
     * `points_expire_after_days` then (null: never), so a later change of the rule applies to
     * points earned from then on only.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    foreignKey({
      columns: [t.appId, t.programUid, t.userUid],
      foreignColumns: [programMembers.appId, programMembers.programUid, programMembers.userUid],
    }).onDelete('cascade'),
    // The expiry run's candidates: earned points whose date has come.
    index('loyalty_ledger_expiring_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL`),
    index('loyalty_ledger_member_idx').on(t.appId, t.programUid, t.userUid, t.createdAt),
    index('loyalty_ledger_reference_idx').on(t.appId, t.reference),
    // The back-office dashboard sums a program's points and coins per period.
    index('loyalty_ledger_program_time_idx').on(t.appId, t.programUid, t.createdAt),
    check('loyalty_ledger_currency_check', sql`${t.currency} IN ('POINTS', 'COINS', 'STAMPS')`),
    check('loyalty_ledger_kind_check', sql`${t.kind} IN ('earn', 'spend', 'expire', 'reverse')`),
    check('loyalty_ledger_amount_check', sql`${t.amount} <> 0`),
  ],
);

export type PromotionKind =
  'DISCOUNT_RATE' | 'FIXED_DISCOUNT' | 'GIFT' | 'SPECIAL_PRICE' | 'GIFT_CARD' | 'STAMPS';

/** A benefit of a program. Stock is counted as units taken against an optional total, so an import never resets what was taken. */
export const promotions = pgTable(
  'promotions',
  {
    ...tenantRowKeys(),
    programUid: uuid('program_uid').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    kind: text('kind').$type<PromotionKind>().notNull(),
    /** Basis points: 1500 is 15 %. */
    rateDiscountBp: integer('rate_discount_bp'),
    fixedDiscountCents: integer('fixed_discount_cents'),
    specialPriceCents: integer('special_price_cents'),
    giftCardAmountCents: integer('gift_card_amount_cents'),
    stampsRequired: integer('stamps_required'),
    /** Coins a member pays to acquire it; 0 means free. */
    coinPrice: integer('coin_price').notNull().default(0),
    /** Money a member pays by card to acquire it (then no coins); null is not sold for money. */
    priceCents: integer('price_cents'),
    /** Total units; null is unlimited. */
    stockTotal: integer('stock_total'),
    stockTaken: integer('stock_taken').notNull().default(0),
    limitPerMember: integer('limit_per_member'),
    /** Maximum consumption amount a redemption may declare. */
    maxAmountCents: integer('max_amount_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    featured: boolean('featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Optimistic concurrency of the back office; a tenant-file import moves it too. */
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.programUid, programs),
    index('promotions_program_idx').on(t.appId, t.programUid, t.position),
    check(
      'promotions_kind_check',
      sql`${t.kind} IN ('DISCOUNT_RATE', 'FIXED_DISCOUNT', 'GIFT', 'SPECIAL_PRICE', 'GIFT_CARD', 'STAMPS')`,
    ),
    check(
      'promotions_stock_check',
      sql`${t.stockTotal} IS NULL OR ${t.stockTaken} <= ${t.stockTotal}`,
    ),
    check('promotions_coin_price_check', sql`${t.coinPrice} >= 0`),
    check('promotions_price_check', sql`${t.priceCents} IS NULL OR ${t.priceCents} > 0`),
  ],
);

/** Places where a promotion can be used; none means every place of the company. */
export const promotionPlaces = pgTable(
  'promotion_places',
  {
    appId: uuid('app_id').notNull(),
    promotionUid: uuid('promotion_uid').notNull(),
    placeUid: uuid('place_uid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.promotionUid, t.placeUid] }),
    belongsTo(t.appId, t.promotionUid, promotions),
    belongsTo(t.appId, t.placeUid, places),
  ],
);

export type RedemptionStatus = 'PENDING' | 'ACTIVE' | 'USED' | 'CANCELLED';
/** A card-bought unit's payment: decided (PAID, REJECTED), undecided (IN_PROCESS), or given back. */
export type RedemptionPaymentStatus =
  'IN_PROCESS' | 'PAID' | 'REJECTED' | 'REFUND_PENDING' | 'REFUNDED';

/**
 * One unit of a promotion taken by a member: ACTIVE when acquired (bought
 * with coins, or a coupon code) and not yet shown at the venue, USED once
 * redeemed. Every row counts against the stock and the member's limit except
 * CANCELLED ones.
 */
export const redemptions = pgTable(
  'redemptions',
  {
    ...tenantRowKeys(),
    programUid: uuid('program_uid').notNull(),
    promotionUid: uuid('promotion_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    status: text('status').$type<RedemptionStatus>().notNull(),
    /** Consumption amount declared when used, checked against the promotion's maximum. */
    amountCents: integer('amount_cents'),
    coinsSpent: integer('coins_spent').notNull().default(0),
    stampsSpent: integer('stamps_spent').notNull().default(0),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Card purchase: the amount charged, computed by us from the promotion's price. */
    paidCents: integer('paid_cents'),
    paymentMethodUid: uuid('payment_method_uid'),
    /** The provider's payment id. */
    paymentReference: text('payment_reference'),
    paymentStatus: text('payment_status').$type<RedemptionPaymentStatus>(),
    /** The provider's reason of the last status (e.g. cc_rejected_other_reason, expired); for staff. */
    paymentDetail: text('payment_detail'),
    /** An undecided payment holds the unit (PENDING) until then; afterwards it is released. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** The member's Idempotency-Key of the purchase: a retry answers this unit, no second charge. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.promotionUid, promotions),
    foreignKey({
      columns: [t.appId, t.programUid, t.userUid],
      foreignColumns: [programMembers.appId, programMembers.programUid, programMembers.userUid],
    }).onDelete('cascade'),
    index('redemptions_member_idx').on(t.appId, t.programUid, t.userUid, t.createdAt),
    index('redemptions_promotion_member_idx').on(t.appId, t.promotionUid, t.userUid),
    // The back-office dashboard counts a program's redemptions per period.
    index('redemptions_program_time_idx').on(t.appId, t.programUid, t.createdAt),
    uniqueIndex('redemptions_app_code_key').on(t.appId, t.code),
    check(
      'redemptions_status_check',
      sql`${t.status} IN ('PENDING', 'ACTIVE', 'USED', 'CANCELLED')`,
    ),
    check(
      'redemptions_payment_status_check',
      sql`${t.paymentStatus} IS NULL OR ${t.paymentStatus} IN ('IN_PROCESS', 'PAID', 'REJECTED', 'REFUND_PENDING', 'REFUNDED')`,
    ),
    foreignKey({
      columns: [t.appId, t.paymentMethodUid],
      foreignColumns: [paymentMethods.appId, paymentMethods.uid],
    }),
    uniqueIndex('redemptions_idempotency_key')
      .on(t.appId, t.userUid, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // The reconciliation run re-reads undecided card purchases.
    index('redemptions_payment_pending_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.paymentStatus} = 'IN_PROCESS'`),
  ],
);
