import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  adminCatalogueMessages,
  centsToMoney,
  formMessages,
  moneyToCents,
  type AdminProduct,
  type AdminProductInput,
  type AdminPlaceProduct,
  type AdminPlaceProductInput,
  type AdminProductQuery,
} from '@store/contract';
import { placeProducts, productCategories, products } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { foldForSearch } from '../../../lib/search';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { productSearchText, refreshPlaceProductCounts } from '../../../tenants/import-catalog';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import { adminPlace, type AdminScope } from '../guard';
import type { Tx } from '../../../db/client';

type ProductRow = typeof products.$inferSelect;
type Named = { uid: string; name: string };

function toApi(row: ProductRow, category: Named | null, places: AdminPlaceProduct[]): AdminProduct {
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
    places,
    version: row.version,
  };
}

/** The company's categories by uid, to name them on each product. */
async function categoriesOf(admin: AdminScope, db: AdminScope['db'] | Tx) {
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
      list.push({ place, is_active: row.isActive, stock: row.stock });
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
  const places = await placesOf(
    admin,
    admin.db,
    rows.map((r) => r.uid),
  );
  return {
    count,
    results: rows.map((r) =>
      toApi(
        r,
        r.categoryUid ? (categories.get(r.categoryUid) ?? null) : null,
        places.get(r.uid) ?? [],
      ),
    ),
  };
}

async function productApi(admin: AdminScope, db: AdminScope['db'] | Tx, row: ProductRow) {
  const categories = await categoriesOf(admin, db);
  const places = await placesOf(admin, db, [row.uid]);
  return toApi(
    row,
    row.categoryUid ? (categories.get(row.categoryUid) ?? null) : null,
    places.get(row.uid) ?? [],
  );
}

function productWhere(admin: AdminScope, uid: string) {
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

/**
 * Edits a product: one transaction locks it, checks the version the form read, writes
 * with the version bumped, refreshes the search texts (and the copies of the vector and
 * category on its place rows), and records the audit line. Checkout reads the price from
 * the product, so a shopper whose cart was priced before gets the price-changed 409.
 */
export async function updateProduct(
  admin: AdminScope,
  uid: string,
  input: AdminProductInput,
): Promise<AdminProduct> {
  const where = productWhere(admin, uid);
  return admin.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(where).for('update');
    if (!row) throw new NotFoundError(adminCatalogueMessages.productNotFound);
    const categories = await categoriesOf(admin, tx);
    const before = await productApi(admin, tx, row);
    checkVersion(row, input.version, () => before);

    const categoryUid = input.category === undefined ? row.categoryUid : input.category;
    if (categoryUid && !categories.has(categoryUid))
      throw new ValidationError({ category: [formMessages.invalidChoice] });
    const isRedeemable = input.is_redeemable ?? row.isRedeemable;
    const coinPrice = input.coin_price === undefined ? row.coinPrice : input.coin_price;
    if (isRedeemable && !coinPrice)
      throw new ValidationError({ coin_price: [formMessages.required] });

    const next = {
      title: input.title ?? row.title,
      shortDescription: input.short_description ?? row.shortDescription,
      description: input.description ?? row.description,
      brand: input.brand === undefined ? row.brand : input.brand || null,
    };
    const [updated] = await tx
      .update(products)
      .set({
        ...next,
        categoryUid,
        isRedeemable,
        coinPrice,
        ...(input.price !== undefined ? { unitPriceCents: moneyToCents(input.price) } : {}),
        ...(input.image !== undefined ? { image: input.image || null } : {}),
        ...(input.sku !== undefined ? { sku: input.sku || null } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        searchTitle: productSearchText([next.title]),
        searchText: productSearchText([
          next.shortDescription,
          next.description,
          next.brand,
          categoryUid ? categories.get(categoryUid)?.name : null,
        ]),
        version: sql`${products.version} + 1`,
      })
      .where(where)
      .returning();
    // The place rows carry copies the store's listing filters on (README: place assortments).
    await tx
      .update(placeProducts)
      .set({ searchVector: updated.searchVector, categoryUid, isRedeemable })
      .where(ofTenant(admin, placeProducts, eq(placeProducts.productUid, uid)));
    await refreshPlaceProductCounts(tx, admin.app.uid);
    const after = await productApi(admin, tx, updated);
    await recordChange(withDb(admin, tx), {
      entity: 'product',
      entityUid: uid,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * Offers a product at a place or not, and sets its stock there. Stock is an absolute
 * count (what the shelf holds), so the row is locked and the last count wins; orders
 * decrement it under the same lock.
 */
export async function updatePlaceProduct(
  admin: AdminScope,
  uid: string,
  placeUid: string,
  input: AdminPlaceProductInput,
): Promise<AdminProduct> {
  const where = productWhere(admin, uid);
  if (!isUid(placeUid)) throw new NotFoundError(adminCatalogueMessages.productPlaceNotFound);
  const place = admin.places.find((p) => p.uid === placeUid);
  if (!place) throw new NotFoundError(adminCatalogueMessages.productPlaceNotFound);
  return admin.db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(where);
    if (!product) throw new NotFoundError(adminCatalogueMessages.productNotFound);
    const placeWhere = ofTenant(
      admin,
      placeProducts,
      eq(placeProducts.productUid, uid),
      eq(placeProducts.placeUid, place.uid),
    );
    const [row] = await tx.select().from(placeProducts).where(placeWhere).for('update');
    if (!row) throw new NotFoundError(adminCatalogueMessages.productPlaceNotFound);
    const [updated] = await tx
      .update(placeProducts)
      .set({
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
      })
      .where(placeWhere)
      .returning();
    if (updated.isActive !== row.isActive) await refreshPlaceProductCounts(tx, admin.app.uid);
    await recordChange(withDb(admin, tx), {
      entity: 'place_product',
      entityUid: uid,
      action: 'update',
      before: { place, is_active: row.isActive, stock: row.stock },
      after: { place, is_active: updated.isActive, stock: updated.stock },
    });
    return productApi(admin, tx, product);
  });
}
