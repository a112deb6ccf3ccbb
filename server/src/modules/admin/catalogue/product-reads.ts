import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  adminCatalogueMessages,
  centsToMoney,
  formMessages,
  type AdminOptionGroup,
  type AdminProduct,
  type AdminPlaceProduct,
  type AdminProductQuery,
} from '@store/contract';
import { placeProducts, productCategories, products } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { foldForSearch } from '../../../lib/search';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { adminPlace, type AdminScope } from '../guard';
import type { Tx } from '../../../db/client';
import { optionGroupsOf } from './option-groups';

// Reading products as the back office shows them: the searched list and one product, with its
// category, its rows at the user's places and its option groups.

export type ProductRow = typeof products.$inferSelect;
export type Named = { uid: string; name: string };

function toApi(
  row: ProductRow,
  category: Named | null,
  places: AdminPlaceProduct[],
  groups: AdminOptionGroup[],
): AdminProduct {
  return {
    uid: row.uid,
    title: row.title,
    short_description: row.shortDescription,
    description: row.description,
    price: centsToMoney(row.unitPriceCents),
    image: row.image,
    category,
    brand: row.brand,
    sku: row.sku,
    is_active: row.isActive,
    is_redeemable: row.isRedeemable,
    coin_price: row.coinPrice,
    subscription_available: row.subscriptionAvailable,
    tags: row.tags,
    option_groups: groups,
    places,
    version: row.version,
  };
}

/** The company's categories by uid, to name them on each product. */
export async function categoriesOf(admin: AdminScope, db: AdminScope['db'] | Tx) {
  const rows = await db
    .select({ uid: productCategories.uid, name: productCategories.name })
    .from(productCategories)
    .where(ofTenant(admin, productCategories, eq(productCategories.companyUid, admin.company.uid)));
  return new Map(rows.map((r) => [r.uid, r]));
}

/** The product's rows at the places this user may see, in the order of `admin.places`. */
async function placesOf(
  admin: AdminScope,
  db: AdminScope['db'] | Tx,
  productUids: string[],
): Promise<Map<string, AdminPlaceProduct[]>> {
  const byProduct = new Map<string, AdminPlaceProduct[]>();
  if (productUids.length === 0 || admin.places.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(placeProducts)
    .where(
      ofTenant(
        admin,
        placeProducts,
        inArray(placeProducts.productUid, productUids),
        inArray(
          placeProducts.placeUid,
          admin.places.map((p) => p.uid),
        ),
      ),
    );
  for (const place of admin.places)
    for (const row of rows.filter((r) => r.placeUid === place.uid)) {
      const list = byProduct.get(row.productUid) ?? [];
      list.push({
        place,
        is_active: row.isActive,
        stock: row.stock,
        price: row.priceCents === null ? null : centsToMoney(row.priceCents),
        low_stock_threshold: row.lowStockThreshold,
      });
      byProduct.set(row.productUid, list);
    }
  return byProduct;
}

function orderingOf(ordering: AdminProductQuery['ordering']): SQL[] {
  switch (ordering) {
    case 'title':
      return [asc(products.title), asc(products.uid)];
    case '-title':
      return [desc(products.title), asc(products.uid)];
    case 'price':
      return [asc(products.unitPriceCents), asc(products.uid)];
    case '-price':
      return [desc(products.unitPriceCents), asc(products.uid)];
    case 'stock':
    case '-stock': {
      // Stock lives per place: the products sort on their total over every place.
      const total = sql`(SELECT coalesce(sum(${placeProducts.stock}), 0) FROM ${placeProducts}
        WHERE ${sameTenant(placeProducts, products, eq(placeProducts.productUid, products.uid))})`;
      return [ordering === 'stock' ? asc(total) : desc(total), asc(products.uid)];
    }
    default:
      return [asc(products.position), asc(products.uid)];
  }
}

/** One page of the company's products, searched, filtered and sorted. */
export async function listProducts(
  admin: AdminScope,
  query: AdminProductQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminProduct[] }> {
  const filters: (SQL | undefined)[] = [eq(products.companyUid, admin.company.uid)];
  if (query.q) {
    // A substring of the folded texts, as the store's search: "cafe" finds "Café con leche".
    const needle = `%${foldForSearch(query.q).replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(
      sql`(${products.searchTitle} LIKE ${needle} OR ${products.searchText} LIKE ${needle} OR lower(coalesce(${products.sku}, '')) LIKE ${needle})`,
    );
  }
  if (query.category) {
    if (!isUid(query.category))
      throw new ValidationError({ category: [formMessages.invalidChoice] });
    filters.push(eq(products.categoryUid, query.category));
  }
  if (query.active) filters.push(eq(products.isActive, query.active === 'true'));
  if (query.redeemable) filters.push(eq(products.isRedeemable, query.redeemable === 'true'));
  if (query.place) {
    const place = adminPlace(admin, query.place);
    filters.push(
      sql`EXISTS (SELECT 1 FROM ${placeProducts} WHERE ${sameTenant(
        placeProducts,
        products,
        eq(placeProducts.productUid, products.uid),
        eq(placeProducts.placeUid, place.uid),
      )})`,
    );
  }
  const where = ofTenant(admin, products, and(...filters));
  const [{ count }] = await admin.db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const rows = await admin.db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderingOf(query.ordering))
    .limit(window.limit)
    .offset(window.offset);
  const categories = await categoriesOf(admin, admin.db);
  const uids = rows.map((r) => r.uid);
  const places = await placesOf(admin, admin.db, uids);
  const groups = await optionGroupsOf(admin, admin.db, uids);
  return {
    count,
    results: rows.map((r) =>
      toApi(
        r,
        r.categoryUid ? (categories.get(r.categoryUid) ?? null) : null,
        places.get(r.uid) ?? [],
        groups.get(r.uid) ?? [],
      ),
    ),
  };
}

export async function productApi(admin: AdminScope, db: AdminScope['db'] | Tx, row: ProductRow) {
  const categories = await categoriesOf(admin, db);
  const places = await placesOf(admin, db, [row.uid]);
  const groups = await optionGroupsOf(admin, db, [row.uid]);
  return toApi(
    row,
    row.categoryUid ? (categories.get(row.categoryUid) ?? null) : null,
    places.get(row.uid) ?? [],
    groups.get(row.uid) ?? [],
  );
}

export function productWhere(admin: AdminScope, uid: string) {
  if (!isUid(uid)) throw new NotFoundError(adminCatalogueMessages.productNotFound);
  return ofTenant(
    admin,
    products,
    eq(products.uid, uid),
    eq(products.companyUid, admin.company.uid),
  );
}

export async function getProduct(admin: AdminScope, uid: string): Promise<AdminProduct> {
  const [row] = await admin.db.select().from(products).where(productWhere(admin, uid));
  if (!row) throw new NotFoundError(adminCatalogueMessages.productNotFound);
  return productApi(admin, admin.db, row);
}
