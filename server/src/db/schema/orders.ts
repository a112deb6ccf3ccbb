import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
import { apps, companies } from './tenancy';
import { areas, places } from './places';
import { products } from './catalog';
import { users } from './accounts';
import type { ReceiptRequest } from './receipt-request';

/** How a company is paid: cash, card on delivery, or online card through a payment provider. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...tenantRowKeys(),
    companyUid: uuid('company_uid').notNull(),
    key: text('key').notNull(),
    type: text('type')
      .$type<'CASH' | 'CARD_ON_DELIVERY' | 'ONLINE_CARD' | 'YAPE' | 'COINS'>()
      .notNull(),
    name: text('name').notNull(),
    /** Payment provider of ONLINE_CARD methods: 'sandbox' (no money) or 'mercadopago'; YAPE: 'mercadopago'. */
    provider: text('provider'),
    /** Mercado Pago: the public key the browser's card fields use (not a secret). */
    publicKey: text('public_key'),
    /** Mercado Pago: the access token the server charges with. A secret: never serialised or logged. */
    accessToken: text('access_token'),
    /** Mercado Pago: the secret its notifications are signed with. Never serialised or logged. */
    webhookSecret: text('webhook_secret'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.companyUid, companies),
    index('payment_methods_company_idx').on(t.appId, t.companyUid, t.position),
    check(
      'payment_methods_type_check',
      sql`${t.type} IN ('CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD', 'YAPE', 'COINS')`,
    ),
  ],
);

/**
 * The company's tax rule. One model: catalogue prices already include the
 * tax (as Peruvian consumer prices must include IGV); orders show the part of
 * the total that is tax.
 */
export const companyTaxRules = pgTable(
  'company_tax_rules',
  {
    appId: uuid('app_id').notNull(),
    companyUid: uuid('company_uid').notNull(),
    name: text('name').notNull(),
    /** Basis points: 1800 is 18 %. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    /**
     * When the electronic receipt is issued: 'PAYMENT' (an order paid online when its payment is
     * approved, a cash order when delivered) or 'DELIVERY' (every order when delivered).
     */
    receiptIssueOn: text('receipt_issue_on')
      .$type<'PAYMENT' | 'DELIVERY'>()
      .notNull()
      .default('PAYMENT'),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.companyUid] }),
    belongsTo(t.appId, t.companyUid, companies),
  ],
);

/** A place's own delivery: fare = base + per km (straight-line distance), up to a radius. No row: no delivery. */
export const placeDeliverySettings = pgTable(
  'place_delivery_settings',
  {
    appId: uuid('app_id').notNull(),
    placeUid: uuid('place_uid').notNull(),
    enabled: boolean('enabled').notNull(),
    baseFareCents: integer('base_fare_cents').notNull(),
    perKmCents: integer('per_km_cents').notNull(),
    maxRadiusMeters: integer('max_radius_meters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.placeUid] }), belongsTo(t.appId, t.placeUid, places)],
);

/** Discount codes of a company. `uses` counts orders that used it and were not canceled. */
export const coupons = pgTable(
  'coupons',
  {
    ...tenantRowKeys(),
    companyUid: uuid('company_uid').notNull(),
    key: text('key').notNull(),
    /** Upper case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind').$type<'PERCENT' | 'AMOUNT'>().notNull(),
    /** PERCENT: basis points (1000 = 10 %); AMOUNT: cents. */
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerMember: integer('max_uses_per_member'),
    uses: integer('uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('coupons_company_code_key').on(t.appId, t.companyUid, t.code),
    belongsTo(t.appId, t.companyUid, companies),
    check('coupons_kind_check', sql`${t.kind} IN ('PERCENT', 'AMOUNT')`),
    check(
      'coupons_uses_check',
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * Automatic discounts of a company: price rules the checkout applies without a code (the engine
 * and the meaning of each field: contract orders/discounts.ts). `uses` counts orders that used the
 * rule and were not canceled, so `max_uses` ("the first 50 orders") is never passed.
 */
export const discountRules = pgTable(
  'discount_rules',
  {
    ...tenantRowKeys(),
    companyUid: uuid('company_uid').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'PERCENT' | 'AMOUNT' | 'BUY_X_PAY_Y' | 'COMBO_PRICE'>().notNull(),
    target: text('target').$type<'ORDER' | 'PRODUCTS' | 'CATEGORIES'>().notNull(),
    productUids: jsonb('product_uids').$type<string[]>().notNull().default([]),
    categoryUids: jsonb('category_uids').$type<string[]>().notNull().default([]),
    /** PERCENT: basis points; AMOUNT and COMBO_PRICE: cents; BUY_X_PAY_Y: 0. */
    value: integer('value').notNull(),
    buyQuantity: integer('buy_quantity'),
    payQuantity: integer('pay_quantity'),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    placeUids: jsonb('place_uids').$type<string[]>().notNull().default([]),
    weekdays: jsonb('weekdays').$type<string[]>().notNull().default([]),
    /** Store-time minutes from midnight; both null: all day. */
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    memberLevels: jsonb('member_levels').$type<string[]>().notNull().default([]),
    stackableWithCoupons: boolean('stackable_with_coupons').notNull().default(false),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...editVersion(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    // The checkout reads a company's active rules on every quote and order.
    index('discount_rules_company_idx').on(t.appId, t.companyUid, t.isActive),
    belongsTo(t.appId, t.companyUid, companies),
    check(
      'discount_rules_kind_check',
      sql`${t.kind} IN ('PERCENT', 'AMOUNT', 'BUY_X_PAY_Y', 'COMBO_PRICE')`,
    ),
    check('discount_rules_target_check', sql`${t.target} IN ('ORDER', 'PRODUCTS', 'CATEGORIES')`),
    check(
      'discount_rules_uses_check',
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

/** An automatic discount as an order keeps it: what the shopper was shown, line by line. */
export type AppliedDiscountRow = { rule_uid: string; name: string; amount_cents: number };

/** What staff are told about a delivery point the checkout accepted with a doubt. */
export type OrderLocationFlag =
  /** The chosen area has no outline, but the point lies inside another area's. */
  | { reason: 'point_in_other_area'; area: string }
  /** The point is the store's own pin: the client never marked where to deliver. */
  | { reason: 'point_at_store' };

export type { ReceiptRequest };

export type Billing = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  city: string;
  address: string;
};

/**
 * An order. It outlives its member: the account deletion sets `user_uid` to
 * null and wipes the order's personal copy (billing, address, reference,
 * coordinates, comments) in its transaction, before deleting the user
 * (anonymiseOrdersOf). The key `(app_id, user_uid) -> users` (custom
 * migrations 0006 and 0032: drizzle cannot declare it) only checks: Citus
 * refuses ON DELETE SET NULL on a key holding the distribution column.
 */
export const orders = pgTable(
  'orders',
  {
    ...tenantRowKeys(),
    /**
     * The order number shown to people: 1, 2, 3... per tenant (order_counters), never global.
     * Null only while a card is being charged: a declined card must not use up a number.
     */
    number: bigint('number', { mode: 'number' }),
    userUid: uuid('user_uid'),
    idempotencyKey: text('idempotency_key'),
    placeUid: uuid('place_uid').notNull(),
    companyUid: uuid('company_uid').notNull(),
    status: text('status').notNull().default('RECEIVED'),
    shippingType: text('shipping_type').$type<'delivery' | 'pickup'>().notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }),
    pickupStart: text('pickup_start'),
    pickupEnd: text('pickup_end'),
    areaUid: uuid('area_uid'),
    district: text('district'),
    address: text('address'),
    reference: text('reference'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distanceMeters: integer('distance_meters'),
    /**
     * Why the delivery point may not be where the client is (orders/delivery-point.ts): set at
     * checkout when the data cannot tell for sure, so staff call the client before sending it.
     */
    locationFlag: jsonb('location_flag').$type<OrderLocationFlag>(),
    comments: text('comments').notNull().default(''),
    paymentMethodUid: uuid('payment_method_uid').notNull(),
    paymentStatus: text('payment_status')
      .$type<
        | 'PAY_ON_DELIVERY'
        | 'PENDING'
        | 'IN_PROCESS'
        | 'PAID'
        | 'REJECTED'
        | 'REFUND_PENDING'
        | 'REFUNDED'
      >()
      .notNull(),
    paymentProvider: text('payment_provider'),
    /** The provider's payment id. */
    paymentReference: text('payment_reference'),
    /** The provider's last status detail (e.g. cc_rejected_insufficient_amount), for staff. */
    paymentDetail: text('payment_detail'),
    /** IN_PROCESS orders: when the reservation is released if the provider has not confirmed. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    cardLast4: text('card_last4'),
    couponUid: uuid('coupon_uid'),
    couponCode: text('coupon_code'),
    /** The automatic discounts it got (their sum and the coupon's make `discount_cents`). */
    discounts: jsonb('discounts').$type<AppliedDiscountRow[]>().notNull().default([]),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    deliveryCents: integer('delivery_cents').notNull(),
    taxesCents: integer('taxes_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Coins paid for a coins order (redeemable products), spent through the loyalty ledger with the order uid as reference; 0 for money orders. */
    coinTotal: integer('coin_total').notNull().default(0),
    taxName: text('tax_name').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    billing: jsonb('billing').$type<Billing>(),
    /** "¿Boleta o factura?" as the buyer answered it (contract `receiptInput`); null: a boleta without document. */
    receiptRequest: jsonb('receipt_request').$type<ReceiptRequest>(),
    /** The influencer (/in/{uid}/) the order came through, as the order body carried it. */
    influencerUid: text('influencer_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /**
     * Why the store canceled it (contract `cancelReasonCodes`; `expired` when nobody accepted it
     * in time), and the words the owner typed; the customer's mail and order page show them.
     */
    cancelReason: text('cancel_reason'),
    cancelNote: text('cancel_note'),
    /** A pickup order the store has prepared: still ACCEPTED (the spec's statuses), marked once. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /**
     * When the store must have accepted it, or the expiry run cancels it (issue 36 row 5): the
     * tenant's acceptance minutes counted in the place's open time from the order, and a pickup
     * no later than its slot's end (contract `acceptanceLimit`); null: it never expires.
     */
    acceptBy: timestamp('accept_by', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('orders_app_number_key').on(t.appId, t.number),
    // A retried POST with the same Idempotency-Key finds the first order; the index makes two racing ones collide.
    uniqueIndex('orders_idempotency_key').on(t.appId, t.userUid, t.idempotencyKey),
    index('orders_user_idx').on(t.appId, t.userUid, t.createdAt),
    index('orders_place_idx').on(t.appId, t.placeUid, t.createdAt),
    // The staff orders board and records list a company's orders newest first.
    index('orders_company_idx').on(t.appId, t.companyUid, t.createdAt),
    // The back office's orders list: its count reads this index alone (no table row), and a
    // status filter reads one range of it, newest first (docs/scaling.md, bench:scale).
    index('orders_admin_list_idx')
      .on(t.appId, t.companyUid, t.status, t.createdAt)
      .where(sql`${t.paymentStatus} <> 'PENDING'`),
    // The back office's search by client also reads the email the order was billed to (a
    // buyer whose account is gone): "contains" on it is a trigram index scan.
    index('orders_billing_email_trgm_idx').using(
      'gin',
      sql`(${t.billing} ->> 'email') gin_trgm_ops`,
    ),
    // The expiry run looks only at orders still waiting for the store, the most overdue first.
    index('orders_accept_by_idx')
      .on(t.acceptBy)
      .where(sql`${t.status} = 'RECEIVED' AND ${t.acceptBy} IS NOT NULL`),
    // The reconciliation run re-reads payments the provider has not decided yet.
    index('orders_payment_open_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.paymentStatus} = 'IN_PROCESS'`),
    foreignKey({ columns: [t.appId, t.placeUid], foreignColumns: [places.appId, places.uid] }),
    foreignKey({
      columns: [t.appId, t.companyUid],
      foreignColumns: [companies.appId, companies.uid],
    }),
    foreignKey({
      columns: [t.appId, t.paymentMethodUid],
      foreignColumns: [paymentMethods.appId, paymentMethods.uid],
    }),
    foreignKey({ columns: [t.appId, t.couponUid], foreignColumns: [coupons.appId, coupons.uid] }),
    foreignKey({ columns: [t.appId, t.areaUid], foreignColumns: [areas.appId, areas.uid] }),
    check(
      'orders_status_check',
      sql`${t.status} IN ('RECEIVED', 'ACCEPTED', 'SHIPPED', 'DELIVERED', 'CANCELED_BY_PLACE', 'CANCELED_BY_USER')`,
    ),
    check('orders_shipping_type_check', sql`${t.shippingType} IN ('delivery', 'pickup')`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} IN ('PAY_ON_DELIVERY', 'PENDING', 'IN_PROCESS', 'PAID', 'REJECTED', 'REFUND_PENDING', 'REFUNDED')`,
    ),
    check(
      'orders_amounts_check',
      sql`${t.subtotalCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.deliveryCents} >= 0 AND ${t.totalCents} >= 0`,
    ),
  ],
);

/**
 * Money given back through a card provider: one row per refund of an order, written in the
 * transaction that cancels the order, then asked of the provider. A refund the provider did not
 * do stays PENDING (the order shows REFUND_PENDING to staff) and the reconciliation run retries it
 * with the same idempotency key (the row uid), so a retry never refunds twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    ...tenantRowKeys(),
    orderUid: uuid('order_uid').notNull(),
    paymentMethodUid: uuid('payment_method_uid').notNull(),
    /** The provider's payment id refunded. */
    paymentReference: text('payment_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'PENDING' | 'DONE'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's refund id once done. */
    providerRefundId: text('provider_refund_id'),
    /** Why the last attempt failed (the provider's error code, no card data), for staff. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    index('payment_refunds_order_idx').on(t.appId, t.orderUid),
    index('payment_refunds_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'PENDING'`),
    belongsTo(t.appId, t.orderUid, orders),
    foreignKey({
      columns: [t.appId, t.paymentMethodUid],
      foreignColumns: [paymentMethods.appId, paymentMethods.uid],
    }),
    check('payment_refunds_status_check', sql`${t.status} IN ('PENDING', 'DONE')`),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export type UnsettledChargeReason =
  'OUTCOME_UNKNOWN' | 'UNDO_REFUND_FAILED' | 'UNDONE_WHILE_PENDING';
export type UnsettledChargeStatus = 'OPEN' | 'REFUNDED' | 'NOT_CHARGED';

/**
 * A card charge that may have taken money with no order or promotion unit to show for it: the
 * charge's answers were lost and the look-up by our reference failed too (OUTCOME_UNKNOWN), or a
 * checkout was undone after its charge and the refund of that charge failed (UNDO_REFUND_FAILED)
 * or the charge was not decided yet (UNDONE_WHILE_PENDING: it may still be approved).
 * The reconciliation run looks the payment up and gives the money back; the owner sees them on
 * the money screen. `reference` is the order or unit uid the charge named (unique per attempt).
 */
export const unsettledCharges = pgTable(
  'unsettled_charges',
  {
    ...tenantRowKeys(),
    paymentMethodUid: uuid('payment_method_uid').notNull(),
    reference: uuid('reference').notNull(),
    /** What the charge was for (an order, or a promotion bought by card). */
    purpose: text('purpose').$type<'ORDER' | 'PROMOTION'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').$type<UnsettledChargeReason>().notNull(),
    status: text('status').$type<UnsettledChargeStatus>().notNull().default('OPEN'),
    /** The provider's payment id, once known (at once for a failed undo, else from the look-up). */
    providerPaymentId: text('provider_payment_id'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last look-up or refund failed (the provider's error code, no card data). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('unsettled_charges_reference_key').on(t.appId, t.reference),
    index('unsettled_charges_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'OPEN'`),
    index('unsettled_charges_method_idx').on(t.appId, t.paymentMethodUid, t.createdAt),
    foreignKey({
      columns: [t.appId, t.paymentMethodUid],
      foreignColumns: [paymentMethods.appId, paymentMethods.uid],
    }),
    check(
      'unsettled_charges_reason_check',
      sql`${t.reason} IN ('OUTCOME_UNKNOWN', 'UNDO_REFUND_FAILED', 'UNDONE_WHILE_PENDING')`,
    ),
    check(
      'unsettled_charges_status_check',
      sql`${t.status} IN ('OPEN', 'REFUNDED', 'NOT_CHARGED')`,
    ),
    check('unsettled_charges_purpose_check', sql`${t.purpose} IN ('ORDER', 'PROMOTION')`),
    check('unsettled_charges_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A line (or part of one) the store removed from an order before preparing it, with what the
 * order's total went down by and, for a card-paid order, the refund of that difference. The
 * order's history: the shopper, staff and the back office see who removed what and the refund.
 */
export const orderLineRemovals = pgTable(
  'order_line_removals',
  {
    ...tenantRowKeys(),
    orderUid: uuid('order_uid').notNull(),
    /** The order line's position (order_lines.position), kept if the whole line is gone. */
    position: integer('position').notNull(),
    productUid: uuid('product_uid').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    /** By how much the order's total went down (the refund when the order was card-paid). */
    totalDeltaCents: integer('total_delta_cents').notNull(),
    /** The refund of that difference (card-paid orders only). */
    refundUid: uuid('refund_uid'),
    /** Who removed it: the staff member's user uid and role, from the counter or the back office. */
    actorUid: uuid('actor_uid'),
    actorRole: text('actor_role').notNull(),
    source: text('source').$type<'staff' | 'admin'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    index('order_line_removals_order_idx').on(t.appId, t.orderUid),
    belongsTo(t.appId, t.orderUid, orders),
    check('order_line_removals_quantity_check', sql`${t.quantity} > 0`),
    check('order_line_removals_delta_check', sql`${t.totalDeltaCents} >= 0`),
    check('order_line_removals_source_check', sql`${t.source} IN ('staff', 'admin')`),
  ],
);

export type OrderLineOption = { group: string; name: string; price_cents: number };

/** The lines of an order, priced and named as they were when ordered. */
export const orderLines = pgTable(
  'order_lines',
  {
    appId: uuid('app_id').notNull(),
    orderUid: uuid('order_uid').notNull(),
    position: integer('position').notNull(),
    productUid: uuid('product_uid').notNull(),
    title: text('title').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    optionsPriceCents: integer('options_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Coins per unit of a redeemable product on a coins order; 0 on money orders. */
    coinPrice: integer('coin_price').notNull().default(0),
    options: jsonb('options').$type<OrderLineOption[]>().notNull(),
    /** What automatic discounts took off this line (the crossed-out price on the order page). */
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.orderUid, t.position] }),
    belongsTo(t.appId, t.orderUid, orders),
    foreignKey({
      columns: [t.appId, t.productUid],
      foreignColumns: [products.appId, products.uid],
    }),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export type StoredSubscriptionLine = {
  uid: string;
  title: string;
  image: string | null;
  quantity: number;
  unit_price_cents: number;
  options_price_cents: number;
  total_cents: number;
  options: OrderLineOption[];
  option_groups: { uid: string; options: { uid: string }[] }[];
};

/** A member's standing order at a place: these products on these weekdays, in one time slot. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    ...tenantRowKeys(),
    userUid: uuid('user_uid').notNull(),
    placeUid: uuid('place_uid').notNull(),
    status: text('status').$type<'active' | 'canceled_by_user'>().notNull().default('active'),
    weekdays: jsonb('weekdays').$type<string[]>().notNull(),
    slotStart: text('slot_start').notNull(),
    slotEnd: text('slot_end').notNull(),
    shippingType: text('shipping_type').$type<'delivery' | 'pickup'>().notNull(),
    areaUid: uuid('area_uid'),
    district: text('district'),
    address: text('address'),
    reference: text('reference'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    paymentMethodUid: uuid('payment_method_uid').notNull(),
    lines: jsonb('lines').$type<StoredSubscriptionLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    deliveryCents: integer('delivery_cents').notNull(),
    comments: text('comments').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    // Subscriptions are personal standing orders: they end with the account.
    belongsTo(t.appId, t.userUid, users),
    foreignKey({ columns: [t.appId, t.placeUid], foreignColumns: [places.appId, places.uid] }),
    foreignKey({
      columns: [t.appId, t.paymentMethodUid],
      foreignColumns: [paymentMethods.appId, paymentMethods.uid],
    }),
    foreignKey({ columns: [t.appId, t.areaUid], foreignColumns: [areas.appId, areas.uid] }),
    index('subscriptions_user_idx').on(t.appId, t.userUid, t.createdAt),
    check('subscriptions_status_check', sql`${t.status} IN ('active', 'canceled_by_user')`),
  ],
);

/**
 * One row per subscription and service day, claimed by the run that creates
 * that day's order: the primary key makes two servers (or a server and the
 * command) that run at once create one order, and a skipped day keeps its
 * reason (out of stock, product gone, slot missed...).
 */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    appId: uuid('app_id').notNull(),
    subscriptionUid: uuid('subscription_uid').notNull(),
    /** The local (Lima) date the order is for. */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'ordered' | 'skipped'>().notNull(),
    orderUid: uuid('order_uid'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.subscriptionUid, t.serviceDate] }),
    belongsTo(t.appId, t.subscriptionUid, subscriptions),
    check('subscription_deliveries_status_check', sql`${t.status} IN ('ordered', 'skipped')`),
  ],
);

/**
 * The last order number given on each tenant. One row per app, taken with an
 * UPDATE ... RETURNING in the order's transaction, so numbers are dense and
 * per tenant (a store never learns how many orders the others take).
 */
export const orderCounters = pgTable('order_counters', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.uid, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
});
