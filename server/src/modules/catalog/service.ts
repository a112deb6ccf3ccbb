import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Product, ProductCategory } from '@store/contract';
import {
  optionGroups,
  options,
  placeProductCounts,
  places,
  placeProducts,
  productCategories,
  products,
} from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { prefixTsQuery } from '../../lib/search';
import { isUid } from '../../lib/uid';
import { findCompanyOfApp, findPlace, sellingPlace } from '../places/service';
import { ofPublicCompany } from '../marketplace/visibility';
import {
  categoryApiFields,
  categoryToApi,
  productApiFields,
  productToApi,
  type ApiCategoryRow,
  type ApiProductRow,
  type GroupWithOptions,
} from './serialize';
import { ofTenant, sameTenant, tenantRef, type TenantRef } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';
import { jsonRow, jsonRowReader } from '../../db/json-rows';
import { genericPlans, type Database } from '../../db/client';
import { builtOnce, placeholder } from '../../db/placeholder';
import { cachedSearch } from './search-cache';

// Search columns stay in the database: lists never send them, and the vector is the widest column.
const {
  searchVector: _v,
  searchText: _t,
  searchTitle: _s,
  ...columnsWithoutSearch
} = getTableColumns(products);
export const productColumns = columnsWithoutSearch;

const pick = <C extends Record<string, unknown>, K extends keyof C>(all: C, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<C, K>;
/**
 * A list page's product and category, as JSON, carry only what the shopper is answered with: the
 * database builds and the server parses about half as much per row (bench/RESULTS.md, 2026-12-01).
 */
const listedProductColumns = pick(productColumns, productApiFields);
const listedCategoryColumns = pick(getTableColumns(productCategories), categoryApiFields);
const productFromJson = jsonRowReader(listedProductColumns) as (
  json: Record<string, unknown>,
) => ApiProductRow;
const categoryFromJson = jsonRowReader(listedCategoryColumns) as (
  json: Record<string, unknown>,
) => ApiCategoryRow;

/** The spec's artificial "All" category. */
export const ALL_CATEGORIES = '000';

/** The product as a place sells it: the place's own price (set in the back office) stands for the product's. */
function atPlacePrice<T extends { unitPriceCents: number }>(
  product: T,
  placePrice: number | null,
): T {
  return placePrice === null ? product : { ...product, unitPriceCents: placePrice };
}

/**
 * The active option groups of the outer query's `products` row, each with its active options,
 * both by position, as one JSON value: a page's or a cart's products come with their groups in
 * their own statement instead of two more. `groupsFromJson` reads it.
 * Each subquery names the tenant itself rather than only matching the outer row's: on Citus a
 * correlated subquery without its own `app_id = constant` is not pruned, and the statement fans
 * out to every shard (test/citus-distribution.test.ts).
 */
export function groupsJson(tenant: TenantRef): SQL<Record<string, unknown>[]> {
  const activeOptions = sql`select coalesce(json_agg(${jsonRow(options)} order by ${options.position}), '[]'::json)
    from ${options}
    where ${ofTenant(
      tenant,
      options,
      sameTenant(options, optionGroups, eq(options.groupUid, optionGroups.uid)),
      eq(options.isActive, true),
    )}`;
  return sql<Record<string, unknown>[]>`(
    select coalesce(json_agg(json_build_object('group', ${jsonRow(optionGroups)}, 'options', (${activeOptions})) order by ${optionGroups.position}), '[]'::json)
    from ${optionGroups}
    where ${ofTenant(
      tenant,
      optionGroups,
      sameTenant(optionGroups, products, eq(optionGroups.productUid, products.uid)),
      eq(optionGroups.isActive, true),
    )}
  )`;
}

const groupFromJson = jsonRowReader(optionGroups);
const optionFromJson = jsonRowReader(options);

/** The groups of `groupsJson`, as rows of their tables. */
export function groupsFromJson(json: Record<string, unknown>[]): GroupWithOptions[] {
  return json.map((g) => ({
    ...groupFromJson(g.group as Record<string, unknown>),
    options: (g.options as Record<string, unknown>[]).map(optionFromJson),
  }));
}

/** The rows whose search vector matches a prefix tsquery (`prefixTsQuery`), and their rank. */
function tsMatch(vector: AnyColumn, query: string): { where: SQL; rank: SQL<number> } {
  return {
    where: sql`${vector} @@ to_tsquery('spanish', ${query})`,
    rank: sql<number>`ts_rank(${vector}, to_tsquery('spanish', ${query}))`,
  };
}

function searchWhere(vector: AnyColumn, search: string | undefined): { where?: SQL; rank?: SQL } {
  const query = search ? prefixTsQuery(search) : null;
  if (!search) return {};
  if (!query) return { where: sql`false` };
  return tsMatch(vector, query);
}

export type PlaceProductFilters = { category?: string; search?: string; isRedeemable?: boolean };

/** How many products a page of a place's list holds, unless the shopper asks for another size. */
export const PRODUCTS_PAGE_SIZE = 24;

/**
 * What a place's product list filters on: its statement has one shape per combination. The first
 * page of the whole list at the usual size (what every visitor opens) has a shape of its own, with
 * LIMIT and OFFSET written in: PostgreSQL then
 * keeps one plan for it, where a LIMIT it cannot see is planned afresh for each call (a tenth of
 * the rows, it guesses). On PGlite, one session with no pool to force generic plans in, that
 * planning was about a third of a cold first page's CPU (bench/RESULTS.md, 2026-12-01).
 */
type ListShape = { category: boolean; redeemable: boolean; search: boolean; firstPage: boolean };

/** The values of one list, or the placeholders standing for them in a statement built once. */
type ListValues = {
  tenant: TenantRef;
  place: string;
  category: string | undefined;
  redeemable: boolean | undefined;
  /** The search as a prefix tsquery (`prefixTsQuery`). */
  search: string | undefined;
};

/** How many products the list holds, for the given values (or placeholders). */
function listCount(db: Database, v: ListValues) {
  if (v.search !== undefined)
    return db.select({ total: count() }).from(placeProducts).where(listWhere(v));
  return db
    .select({ total: sql<number>`coalesce(sum(${placeProductCounts.total}), 0)::int` })
    .from(placeProductCounts)
    .where(
      ofTenant(
        v.tenant,
        placeProductCounts,
        eq(placeProductCounts.placeUid, v.place),
        v.category !== undefined ? eq(placeProductCounts.categoryUid, v.category) : undefined,
        v.redeemable !== undefined ? eq(placeProductCounts.isRedeemable, v.redeemable) : undefined,
      ),
    );
}

/**
 * A place row is listed while the place offers it and the product itself is active: the owner's
 * "Activo en la tienda" hides the product at every place at once, and switching it back on
 * restores each place's own choice. The product's flag is read through its primary key (one
 * probe per candidate row of the page) rather than copied, so no writer can leave a copy stale.
 */
export function listedProduct() {
  return sql`exists (select 1 from ${products} where ${sameTenant(products, placeProducts, eq(products.uid, placeProducts.productUid))} and ${products.isActive})`;
}

function listWhere(v: ListValues) {
  return ofTenant(
    v.tenant,
    placeProducts,
    eq(placeProducts.placeUid, v.place),
    eq(placeProducts.isActive, true),
    listedProduct(),
    v.category !== undefined ? eq(placeProducts.categoryUid, v.category) : undefined,
    v.redeemable !== undefined ? eq(placeProducts.isRedeemable, v.redeemable) : undefined,
    v.search !== undefined ? tsMatch(placeProducts.searchVector, v.search).where : undefined,
  );
}

/**
 * The page statement of one list shape, with placeholders for its values. Filters, search,
 * ranking, counting and the page's offset all run on place_products (its copied category, flags
 * and search vector, and its indexes); only the page's rows then read products, so page 200 or
 * a broad search costs little more than the first page.
 */
function buildListPage(db: Database, shape: ListShape) {
  const v: ListValues = {
    tenant: tenantRef(placeholder<string>('tenant')),
    place: placeholder<string>('place'),
    category: shape.category ? placeholder<string>('category') : undefined,
    redeemable: shape.redeemable ? placeholder<boolean>('redeemable') : undefined,
    search: shape.search ? placeholder<string>('search') : undefined,
  };
  const rank =
    v.search !== undefined ? tsMatch(placeProducts.searchVector, v.search).rank : undefined;
  const page = db
    .select({
      productUid: placeProducts.productUid,
      stock: placeProducts.stock,
      placePrice: placeProducts.priceCents,
      position: placeProducts.position,
      rank: (rank ?? sql<number>`0`).as('rank'),
      // The count rides with the page (one round trip): a search counts the matches it ranks
      // anyway, a list sums its few place_product_counts rows once.
      total: (v.search !== undefined
        ? sql<number>`(count(*) over ())::int`
        : sql<number>`(${listCount(db, v)})`
      ).as('total'),
    })
    .from(placeProducts)
    // The place is checked in the page's own statement (an EXISTS that names no outer column, so
    // PostgreSQL runs it once); only an empty page asks again, to tell a place that sells nothing
    // here from one that does not sell (404).
    .where(
      and(
        listWhere(v),
        exists(
          db
            .select({ one: places.uid })
            .from(places)
            .where(sellingPlace(db, v.tenant.app, v.place)),
        ),
      ),
    )
    .orderBy(
      ...(rank ? [desc(rank)] : []),
      asc(placeProducts.position),
      asc(placeProducts.productUid),
    )
    // Written in only for the one first-page size, so the texts stay few (db/client.ts names them).
    .limit(
      shape.firstPage ? (sql.raw(String(PRODUCTS_PAGE_SIZE)) as never) : sql.placeholder('limit'),
    )
    .offset(shape.firstPage ? (sql.raw('0') as never) : sql.placeholder('offset'))
    .as('page');
  return (
    db
      .select({
        // The product and its category as one JSON value each: read by jsonRowReader, a page
        // costs the server less than through drizzle's mapping of fifty-odd columns per row.
        product: sql<Record<string, unknown>>`${jsonRow(listedProductColumns)}`,
        stock: page.stock,
        placePrice: page.placePrice,
        category: sql<Record<
          string,
          unknown
        > | null>`case when ${productCategories.uid} is null then null else ${jsonRow(listedCategoryColumns)} end`,
        total: page.total,
        groups: groupsJson(v.tenant),
      })
      .from(page)
      .innerJoin(products, ofTenant(v.tenant, products, eq(products.uid, page.productUid)))
      .leftJoin(
        productCategories,
        sameTenant(productCategories, products, eq(productCategories.uid, products.categoryUid)),
      )
      .orderBy(desc(page.rank), asc(page.position), asc(page.productUid))
      // Unnamed here: db/client.ts names the statements by its own rules (a search stays unnamed).
      .prepare('')
  );
}

/**
 * Each list shape's statement, built once per database: drizzle's building of a statement this
 * size cost about a quarter of the server's CPU per cold list (bench/RESULTS.md, 2026-11-29).
 */
const listPages = builtOnce(() => new Map<string, ReturnType<typeof buildListPage>>());

function listPage(db: Database, shape: ListShape) {
  const pages = listPages(db);
  const key = `${shape.category}.${shape.redeemable}.${shape.search}.${shape.firstPage}`;
  let page = pages.get(key);
  if (!page) pages.set(key, (page = buildListPage(db, shape)));
  return page;
}

/** Products a place sells, with the place's stock, one page of them. */
export async function listPlaceProducts(
  scope: Scope,
  placeUid: string,
  filters: PlaceProductFilters,
  window: PageWindow,
): Promise<{ count: number; results: Product[] }> {
  if (!filters.search) return readPlaceProducts(scope, placeUid, filters, window);
  // A search's answer is the same for whoever asks the store: see search-cache.ts.
  const key = [
    scope.app.uid,
    placeUid,
    filters.category ?? '',
    filters.isRedeemable ?? '',
    window.offset,
    window.limit,
    prefixTsQuery(filters.search),
  ].join('\n');
  return cachedSearch(scope.db, key, () => readPlaceProducts(scope, placeUid, filters, window));
}

async function readPlaceProducts(
  scope: Scope,
  placeUid: string,
  filters: PlaceProductFilters,
  window: PageWindow,
) {
  const { db, app } = scope;
  if (!isUid(placeUid)) throw new NotFoundError();
  const category =
    filters.category && filters.category !== ALL_CATEGORIES ? filters.category : undefined;
  const search = filters.search ? prefixTsQuery(filters.search) : undefined;
  // A category that cannot exist, or a search without a word to look for, matches nothing.
  if ((category && !isUid(category)) || search === null) {
    await findPlace(db, app, placeUid);
    return { count: 0, results: [] as Product[] };
  }
  const values = {
    place: placeUid,
    category,
    redeemable: filters.isRedeemable,
    search,
  };
  // A search is planned for its own words; a list's best plan is the same whatever its values.
  const rows = await listPage(search === undefined ? genericPlans(db) : db, {
    category: category !== undefined,
    redeemable: values.redeemable !== undefined,
    search: search !== undefined,
    // The filtered lists keep a plan made for their own values: a category's was measured
    // slightly slower on its one kept plan (bench/RESULTS.md, 2026-12-01).
    firstPage:
      window.offset === 0 &&
      window.limit === PRODUCTS_PAGE_SIZE &&
      category === undefined &&
      values.redeemable === undefined &&
      search === undefined,
  }).execute({ ...values, tenant: app.uid, limit: window.limit, offset: window.offset });
  // An empty page (past the end, nothing matches, or no such place) carries no count: ask for it.
  if (!rows.length) await findPlace(db, app, placeUid);
  const total = rows.length
    ? rows[0].total
    : (await listCount(db, { ...values, tenant: scope }))[0].total;
  return {
    count: total,
    results: rows.map((r) =>
      productToApi(atPlacePrice(productFromJson(r.product), r.placePrice), {
        stock: r.stock,
        category: r.category && categoryFromJson(r.category),
        groups: groupsFromJson(r.groups),
      }),
    ),
  };
}

/** Products of the tenant across places (no stock: stock belongs to a place). */
export async function listProducts(
  scope: Scope,
  filters: { category?: string; company?: string; search?: string },
  window: PageWindow,
) {
  const { db } = scope;
  const category =
    filters.category && filters.category !== ALL_CATEGORIES ? filters.category : undefined;
  if ((category && !isUid(category)) || (filters.company && !isUid(filters.company)))
    return { count: 0, results: [] as Product[] };
  const search = searchWhere(products.searchVector, filters.search);
  const where = ofTenant(
    scope,
    products,
    eq(products.isActive, true),
    ofPublicCompany(db, products),
    category ? eq(products.categoryUid, category) : undefined,
    filters.company ? eq(products.companyUid, filters.company) : undefined,
    search.where,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select({ product: productColumns, category: productCategories, groups: groupsJson(scope) })
    .from(products)
    .leftJoin(
      productCategories,
      sameTenant(productCategories, products, eq(productCategories.uid, products.categoryUid)),
    )
    .where(where)
    .orderBy(
      ...(search.rank ? [desc(search.rank)] : []),
      asc(products.position),
      asc(products.title),
      asc(products.uid),
    )
    .limit(window.limit)
    .offset(window.offset);
  return {
    count: total,
    results: rows.map((r) =>
      productToApi(r.product, {
        stock: null,
        category: r.category,
        groups: groupsFromJson(r.groups),
      }),
    ),
  };
}

export async function getPlaceProduct(
  scope: Scope,
  placeUid: string,
  productUid: string,
): Promise<Product> {
  const { db, app } = scope;
  const place = await findPlace(db, app, placeUid);
  if (!isUid(productUid)) throw new NotFoundError();
  const [row] = await db
    .select({
      product: productColumns,
      stock: placeProducts.stock,
      placePrice: placeProducts.priceCents,
      category: productCategories,
      groups: groupsJson(scope),
    })
    .from(placeProducts)
    .innerJoin(
      products,
      sameTenant(products, placeProducts, eq(products.uid, placeProducts.productUid)),
    )
    .leftJoin(
      productCategories,
      sameTenant(productCategories, products, eq(productCategories.uid, products.categoryUid)),
    )
    .where(
      ofTenant(
        scope,
        placeProducts,
        eq(placeProducts.placeUid, place.uid),
        eq(placeProducts.productUid, productUid),
        eq(products.isActive, true),
      ),
    );
  if (!row) throw new NotFoundError();
  return productToApi(atPlacePrice(row.product, row.placePrice), {
    stock: row.stock,
    category: row.category,
    groups: groupsFromJson(row.groups),
  });
}

/** Categories that hold at least one active product the place sells. */
export async function listPlaceCategories(
  scope: Scope,
  placeUid: string,
): Promise<ProductCategory[]> {
  const { db, app } = scope;
  const place = await findPlace(db, app, placeUid);
  const rows = await db
    .select()
    .from(productCategories)
    .where(
      ofTenant(
        scope,
        productCategories,
        exists(
          db
            .select({ one: products.uid })
            .from(products)
            .innerJoin(
              placeProducts,
              sameTenant(placeProducts, products, eq(placeProducts.productUid, products.uid)),
            )
            .where(
              sameTenant(
                products,
                productCategories,
                eq(products.categoryUid, productCategories.uid),
                eq(products.isActive, true),
                eq(placeProducts.placeUid, place.uid),
              ),
            ),
        ),
        eq(productCategories.isActive, true),
      ),
    )
    .orderBy(asc(productCategories.position), asc(productCategories.name));
  return rows.map(categoryToApi);
}

export async function listCompanyCategories(
  scope: Scope,
  companyUid: string,
): Promise<ProductCategory[]> {
  const { db } = scope;
  const company = await findCompanyOfApp(scope, companyUid);
  const rows = await db
    .select()
    .from(productCategories)
    .where(
      ofTenant(
        scope,
        productCategories,
        eq(productCategories.companyUid, company.uid),
        // A switched-off category leaves the chip bar; its products stay listed.
        eq(productCategories.isActive, true),
      ),
    )
    .orderBy(asc(productCategories.position), asc(productCategories.name));
  return rows.map(categoryToApi);
}
