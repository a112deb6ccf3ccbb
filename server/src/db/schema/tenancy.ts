import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { belongsTo, editVersion, tenantRowKeys } from './columns';

/**
 * An app is a tenant: one storefront on one host name. Every other table
 * carries `app_id` and has it first in its primary key, so rows of one tenant
 * are found (and, on Citus, distributed) together, and a foreign key can never
 * point at another tenant's row.
 */
export const apps = pgTable(
  'apps',
  {
    uid: uuid('uid').primaryKey(),
    key: text('key').notNull(),
    domain: text('domain').notNull(),
    subdomain: text('subdomain').notNull(),
    name: text('name').notNull(),
    apiKey: text('api_key').notNull(),
    logo: text('logo'),
    favicon: text('favicon'),
    mainCompanyUid: uuid('main_company_uid'),
    landingPage: boolean('landing_page').notNull().default(false),
    landingPageType: text('landing_page_type').notNull().default('DEFAULT'),
    emptyPage: boolean('empty_page').notNull().default(false),
    allowAnonymousNavigation: boolean('allow_anonymous_navigation').notNull().default(true),
    allowSignup: boolean('allow_signup').notNull().default(true),
    marketplace: boolean('marketplace').notNull().default(false),
    multisite: boolean('multisite').notNull().default(false),
    signinMethods: jsonb('signin_methods')
      .$type<{ type: string; settings: Record<string, unknown> }[]>()
      .notNull(),
    countries: jsonb('countries').$type<string[]>().notNull(),
    recaptchaSiteKey: text('recaptcha_site_key'),
    externalLink: text('external_link'),
    validateDocument: boolean('validate_document').notNull().default(false),
    validateMobileNumber: boolean('validate_mobile_number').notNull().default(false),
    site: jsonb('site')
      .$type<{
        faqs: string | null;
        privacy_policies: string | null;
        terms_and_conditions: string | null;
      }>()
      .notNull(),
    firebaseSettings: jsonb('firebase_settings').$type<Record<string, string>>(),
    siteFirebaseSettings: jsonb('site_firebase_settings').$type<Record<string, string>>(),
    mainColor: text('main_color').notNull(),
    menuColor: text('menu_color').notNull(),
    maintenance: boolean('maintenance').notNull().default(false),
    eventsEnabled: boolean('events_enabled').notNull().default(false),
    partnerDeletionPrefix: text('partner_deletion_prefix'),
    /** How many unpaid open orders (and, apart, active subscriptions) one member may hold at once. */
    maxUnpaidOrders: integer('max_unpaid_orders').notNull().default(3),
    /** Minutes an order may wait for the store to accept it; then it expires and its stock comes back. */
    orderAcceptanceMinutes: integer('order_acceptance_minutes').notNull().default(240),
    /** Optimistic concurrency of the back office's branding and legal texts. */
    ...editVersion(),
    /** Optimistic concurrency of the back office's landing editor (type, sections), apart from branding's. */
    landingVersion: integer('landing_version').notNull().default(1),
    /** The default landing's texts the owner wrote (key → plain text); absent keys: built-in. */
    defaultLandingTexts: jsonb('default_landing_texts')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apps_domain_key').on(t.domain),
    uniqueIndex('apps_key_key').on(t.key),
    uniqueIndex('apps_api_key_key').on(t.apiKey),
  ],
);

export const companies = pgTable(
  'companies',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    key: text('key').notNull(),
    parentUid: uuid('parent_uid'),
    name: text('name').notNull(),
    logo: text('logo'),
    logoRectangle: text('logo_rectangle'),
    cover: text('cover'),
    banner: text('banner'),
    description: text('description').notNull().default(''),
    facebookPage: text('facebook_page'),
    instagramPage: text('instagram_page'),
    whatsappNumber: text('whatsapp_number'),
    ecommerceEnabled: boolean('ecommerce_enabled').notNull().default(true),
    subscriptionEnabled: boolean('subscription_enabled').notNull().default(false),
    benefitProgramsEnabled: boolean('benefit_programs_enabled').notNull().default(false),
    gamificationSystem: text('gamification_system'),
    deliveryService: text('delivery_service'),
    hiddenForMembers: jsonb('hidden_for_members').$type<string[]>().notNull(),
    currencyCode: text('currency_code').notNull().default('PEN'),
    currencySymbol: text('currency_symbol').notNull().default('S/'),
    /** Whether the multisite home lists it among the app's allowed companies. */
    listed: boolean('listed').notNull().default(true),
    position: integer('position').notNull().default(0),
    /**
     * Whether the store is public: only `approved` ones are seen anywhere outside the back
     * office. A store a merchant creates on a marketplace starts `pending` until the
     * marketplace owner approves it; tenant-file companies are `approved`.
     */
    status: text('status').$type<CompanyStatus>().notNull().default('approved'),
    /** Why the marketplace owner rejected or suspended it (shown to the store's owner). */
    statusReason: text('status_reason'),
    /** When the store's owner asked the marketplace to review it (the checklist's last step). */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** When a merchant created it through the marketplace sign-up (null: a tenant-file company). */
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
    /**
     * A change of what shoppers see of an approved (or suspended) marketplace store (name, logo,
     * description) waiting for the marketplace owner's review; the row keeps the approved values
     * until it is approved (admin/stores/profile-review.ts). Null: nothing waits.
     */
    pendingProfile: jsonb('pending_profile').$type<PendingStoreProfile>(),
    /** Optimistic concurrency of the marketplace owner's decisions. */
    ...editVersion(),
    /** Where a mail about each new order goes (the owner's choice in /admin/orders); null: none. */
    orderMailTo: text('order_mail_to'),
    /** Whether customers get a mail when their order is accepted, on its way or ready for pickup. */
    customerOrderMails: boolean('customer_order_mails').notNull().default(true),
    /** Optimistic concurrency of those two order notification settings. */
    orderSettingsVersion: integer('order_settings_version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('companies_app_key_key').on(t.appId, t.key),
    foreignKey({ columns: [t.appId, t.parentUid], foreignColumns: [t.appId, t.uid] }),
    index('companies_status_idx').on(t.appId, t.status),
    check(
      'companies_status_check',
      sql`${t.status} IN ('pending', 'approved', 'rejected', 'suspended')`,
    ),
  ],
);

export type CompanyStatus = 'pending' | 'approved' | 'rejected' | 'suspended';

/** The proposed values (only the fields that change) and the review's state. */
export type PendingStoreProfile = {
  changes: { name?: string; logo?: string | null; description?: string };
  requested_at: string;
  status: 'pending' | 'rejected';
  /** The marketplace owner's reason when rejected. */
  reason: string | null;
};

/** Marketplace categories that group an app's companies on the multisite home. */
export const companyCategories = pgTable(
  'company_categories',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    color: text('color'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('company_categories_app_key_key').on(t.appId, t.key),
  ],
);

export const companyCategoryMembers = pgTable(
  'company_category_members',
  {
    appId: uuid('app_id').notNull(),
    categoryUid: uuid('category_uid').notNull(),
    companyUid: uuid('company_uid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.categoryUid, t.companyUid] }),
    belongsTo(t.appId, t.categoryUid, companyCategories),
    belongsTo(t.appId, t.companyUid, companies),
  ],
);

export const companyAds = pgTable(
  'company_ads',
  {
    ...tenantRowKeys(),
    companyUid: uuid('company_uid').notNull(),
    /** The tenant file's key (null for rows the back office created); lets an export name the row as its file did. */
    key: text('key'),
    title: text('title').notNull(),
    image: text('image'),
    link: text('link'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.companyUid, companies),
    index('company_ads_company_idx').on(t.appId, t.companyUid, t.position),
  ],
);

/** Sections of the MODEL_2 landing; cards, buttons and images are the section's own content. */
export const landingSections = pgTable(
  'landing_sections',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    /** The tenant file's key (null for rows the back office created); lets an export name the row as its file did. */
    key: text('key'),
    type: text('type').notNull(),
    position: integer('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    tittle: text('tittle').notNull().default(''),
    content: text('content').notNull().default(''),
    link: text('link'),
    buttons: jsonb('buttons').$type<{ uid: string; tittle: string; link: string }[]>().notNull(),
    cards: jsonb('cards').$type<unknown[]>().notNull(),
    images: jsonb('images').$type<unknown[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    index('landing_sections_app_idx').on(t.appId, t.position),
  ],
);

/** Which tenant file was imported last, so demo tenants are re-imported only when their file changes. */
export const tenantImports = pgTable('tenant_imports', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.uid, { onDelete: 'cascade' }),
  sourceHash: text('source_hash').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});
