import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, editVersion, tenantRowKeys } from './columns';
import { apps, companies } from './tenancy';
import { places } from './places';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Product categories of one company (the chip bar). */
export const productCategories = pgTable(
  'product_categories',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    key: text('key').notNull(),
    companyUid: uuid('company_uid').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    color: text('color'),
    position: integer('position').notNull().default(0),
    /** A switched-off category leaves the store's chip bar; its products stay (orders point at them). */
    isActive: boolean('is_active').notNull().default(true),
    ...editVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('product_categories_app_key_key').on(t.appId, t.key),
    belongsTo(t.appId, t.companyUid, companies),
  ],
);

/**
 * A product of a company. Prices are integer cents. `search_title` and
 * `search_text` are the title and the rest (descriptions, brand, category)
 * folded to lower case without accents by the server, and `search_vector`
 * their weighted Spanish full-text vector,
 * so "cafe" finds "Café con leche" and "empan" finds "Empanadas".
 */
export const products = pgTable(
  'products',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.uid, { onDelete: 'cascade' }),
    uid: uuid('uid').notNull(),
    /** The numeric id the spec's Product carries beside its uid. */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    key: text('key').notNull(),
    companyUid: uuid('company_uid').notNull(),
    categoryUid: uuid('category_uid'),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    image: text('image'),
    imageReverse: text('image_reverse'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Coins a member pays for a redeemable product. */
    coinPrice: integer('coin_price'),
    brand: text('brand'),
    sku: text('sku'),
    directPurchase: boolean('direct_purchase').notNull().default(false),
    isRedeemable: boolean('is_redeemable').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Whether members may put it in a subscription (a standing order); most products may. */
    subscriptionAvailable: boolean('subscription_available').notNull().default(true),
    /** Free labels the owner filters and searches by ("vegano", "sin gluten"). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    /** Optimistic concurrency of the back office's product form (admin/concurrency.ts). */
    ...editVersion(),
    searchTitle: text('search_title').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    // The title weighs more than the rest, so "café con leche" ranks the product of that name first.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish', search_title), 'A') || setweight(to_tsvector('spanish', search_text), 'B')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    uniqueIndex('products_app_key_key').on(t.appId, t.key),
    belongsTo(t.appId, t.companyUid, companies),
    foreignKey({
      columns: [t.appId, t.categoryUid],
      foreignColumns: [productCategories.appId, productCategories.uid],
    }),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_company_idx').on(t.appId, t.companyUid, t.position),
  ],
);

/**
 * Which products a place sells, and its stock of each (null stock: not
 * counted). The product's category and flags are copied here so a place's
 * listing, its filters and its count are read from this table's indexes
 * alone; the importer (the one writer of products) keeps the copies right.
 */
export const placeProducts = pgTable(
  'place_products',
  {
    appId: uuid('app_id').notNull(),
    placeUid: uuid('place_uid').notNull(),
    productUid: uuid('product_uid').notNull(),
    stock: integer('stock'),
    /**
     * At or below this count the product is "low" at the place: the dashboard lists it and the
     * owner's daily stock mail names it (null: no warning before it sells out).
     */
    lowStockThreshold: integer('low_stock_threshold'),
    /** This place's own price in cents (null: the product's price); carts and checkout price with it. */
    priceCents: integer('price_cents'),
    position: integer('position').notNull().default(0),
    categoryUid: uuid('category_uid'),
    isActive: boolean('is_active').notNull().default(true),
    isRedeemable: boolean('is_redeemable').notNull().default(false),
    /**
     * The product's search_vector, copied like the category: a place's search
     * then filters, ranks and counts on this narrow table and its own GIN
     * index, and reads only the page's products.
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.placeUid, t.productUid] }),
    belongsTo(t.appId, t.placeUid, places),
    belongsTo(t.appId, t.productUid, products),
    index('place_products_product_idx').on(t.appId, t.productUid),
    index('place_products_listing_idx').on(
      t.appId,
      t.placeUid,
      t.isActive,
      t.position,
      t.productUid,
    ),
    index('place_products_category_idx').on(
      t.appId,
      t.placeUid,
      t.categoryUid,
      t.position,
      t.productUid,
    ),
    index('place_products_search_idx').using('gin', t.searchVector),
    // The dashboard's and the daily mail's low or sold-out products: only those rows are indexed.
    index('place_products_low_stock_idx')
      .on(t.appId, t.placeUid, t.productUid)
      .where(
        sql`${t.stock} IS NOT NULL AND (${t.stock} <= 0 OR ${t.stock} <= ${t.lowStockThreshold})`,
      ),
    check(
      'place_products_low_stock_threshold_check',
      sql`${t.lowStockThreshold} IS NULL OR ${t.lowStockThreshold} >= 0`,
    ),
  ],
);

export const optionGroups = pgTable(
  'option_groups',
  {
    ...tenantRowKeys(),
    productUid: uuid('product_uid').notNull(),
    /** The tenant file's key (null for rows the back office created); lets an export name the row as its file did. */
    key: text('key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    minimumToSelect: integer('minimum_to_select').notNull().default(0),
    maximumToSelect: integer('maximum_to_select').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.productUid, products),
    index('option_groups_product_idx').on(t.appId, t.productUid),
  ],
);

export const options = pgTable(
  'options',
  {
    ...tenantRowKeys(),
    groupUid: uuid('group_uid').notNull(),
    /** The tenant file's key (null for rows the back office created); lets an export name the row as its file did. */
    key: text('key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.uid] }),
    belongsTo(t.appId, t.groupUid, optionGroups),
    index('options_group_idx').on(t.appId, t.groupUid),
  ],
);

/**
 * How many active products each place sells, per category and redeemable
 * flag: an unfiltered or category list of a place counts from these few rows
 * instead of reading every product row on each request. Only the importer
 * changes which products a place sells, so it rewrites a tenant's rows in the
 * import's own transaction (refreshPlaceProductCounts).
 */
export const placeProductCounts = pgTable(
  'place_product_counts',
  {
    appId: uuid('app_id').notNull(),
    placeUid: uuid('place_uid').notNull(),
    categoryUid: uuid('category_uid'),
    isRedeemable: boolean('is_redeemable').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    index('place_product_counts_place_idx').on(t.appId, t.placeUid, t.categoryUid),
    belongsTo(t.appId, t.placeUid, places),
  ],
);
