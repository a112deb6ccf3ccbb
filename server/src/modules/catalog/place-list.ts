import { and, asc, count, desc, eq, exists, sql } from 'drizzle-orm';
import type { Product } from '@store/contract';
import {
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
import { findPlace, sellingPlace } from '../places/service';
import { productToApi } from './serialize';
import { ofTenant, sameTenant, tenantRef, type TenantRef } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';
import { jsonRow } from '../../db/json-rows';
import { genericPlans, type Database } from '../../db/client';
import { builtOnce, placeholder } from '../../db/placeholder';
import { cachedSearch } from './search-cache';
import {
  ALL_CATEGORIES,
  atPlacePrice,
  categoryFromJson,
  groupsFromJson,
  groupsJson,
  listedCategoryColumns,
  listedProductColumns,
  productFromJson,
  tsMatch,
} from './query-parts';

// A place's product list, the store's busiest read: one statement per list shape, built once.

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
type ListShape = {
  category: boolean;
  redeemable: boolean;
  search: boolean;
  firstPage: boolean;
  /** Read from the list's end (a page past the middle): see `readPlaceProducts`. */
  fromEnd: boolean;
};

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
  const order = shape.fromEnd ? desc : asc;
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
      order(placeProducts.position),
      order(placeProducts.productUid),
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
      .orderBy(desc(page.rank), order(page.position), order(page.productUid))
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
  const key = `${shape.category}.${shape.redeemable}.${shape.search}.${shape.firstPage}.${shape.fromEnd}`;
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
  // A page past the middle of a list is read from the list's end, backwards, and turned round:
  // an OFFSET walks every row before the page, so the last page of a large store cost as much as
  // the whole list (bench/RESULTS.md, 10^7 orders). The count (a few place_product_counts rows)
  // says where the middle is; a search's count is its ranking, so a search reads forwards.
  const counted =
    search === undefined && window.offset > 0
      ? (await listCount(db, { ...values, tenant: scope }))[0].total
      : undefined;
  const fromEnd = counted !== undefined && window.offset * 2 > counted;
  // Past the end: nothing to read (the place is still checked, as for an empty page).
  if (counted !== undefined && window.offset >= counted) {
    await findPlace(db, app, placeUid);
    return { count: counted, results: [] as Product[] };
  }
  const pageRows = fromEnd ? Math.min(window.limit, counted - window.offset) : window.limit;
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
    fromEnd,
  }).execute({
    ...values,
    tenant: app.uid,
    limit: pageRows,
    offset: fromEnd ? counted - window.offset - pageRows : window.offset,
  });
  if (fromEnd) rows.reverse();
  // An empty page (past the end, nothing matches, or no such place) carries no count: ask for it.
  if (!rows.length) await findPlace(db, app, placeUid);
  const total = rows.length
    ? rows[0].total
    : (counted ?? (await listCount(db, { ...values, tenant: scope }))[0].total);
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
