import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  adminCatalogueMessages,
  centsToMoney,
  formMessages,
  moneyToCents,
  type AdminOptionGroup,
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductInput,
  type AdminPlaceProduct,
  type AdminPlaceProductInput,
  type AdminProductQuery,
  type AdminProductRemoval,
} from '@store/contract';
import {
  orderLines,
  placeProducts,
  productCategories,
  products,
  subscriptions,
} from '../../../db/schema';
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
import { optionGroupsOf, replaceOptionGroups } from './option-groups';
import { recordSetStock } from '../../stock/movements';

type ProductRow = typeof products.$inferSelect;
type Named = { uid: string; name: string };

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

async function productApi(admin: AdminScope, db: AdminScope['db'] | Tx, row: ProductRow) {
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

/** Drops repeated labels (ignoring case), keeping the first spelling. */
const uniqueTags = (tags: string[]) =>
  tags.filter(
    (tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i,
  );

/** The folded texts search reads: the title apart (it ranks first), then the rest. */
function searchColumns(
  row: Pick<ProductRow, 'title' | 'shortDescription' | 'description' | 'brand' | 'tags'>,
  categoryName: string | null | undefined,
) {
  return {
    searchTitle: productSearchText([row.title]),
    searchText: productSearchText([
      row.shortDescription,
      row.description,
      row.brand,
      categoryName,
      ...row.tags,
    ]),
  };
}

function checkRedeemable(isRedeemable: boolean, coinPrice: number | null) {
  if (isRedeemable && !coinPrice)
    throw new ValidationError({ coin_price: [formMessages.required] });
}

async function checkCategory(
  admin: AdminScope,
  tx: Tx,
  categoryUid: string | null,
): Promise<Named | null> {
  if (!categoryUid) return null;
  const category = (await categoriesOf(admin, tx)).get(categoryUid);
  if (!category) throw new ValidationError({ category: [formMessages.invalidChoice] });
  return category;
}

/**
 * Creates a product with its option groups and its rows at the places that sell it, in one
 * transaction: any bad part (a place the user may not see, an unknown category, an option
 * group whose minimum cannot be met) is a 400 and nothing is written. Audited.
 */
export async function createProduct(
  admin: AdminScope,
  input: AdminProductCreate,
): Promise<AdminProduct> {
  const places = input.places ?? [];
  const errors: Record<string, string[]> = {};
  places.forEach((row, i) => {
    if (!isUid(row.place) || !admin.places.some((p) => p.uid === row.place))
      errors[`places.${i}.place`] = [formMessages.invalidChoice];
    else if (places.findIndex((other) => other.place === row.place) !== i)
      errors[`places.${i}.place`] = [adminCatalogueMessages.placeRepeated];
  });
  if (input.category && !isUid(input.category)) errors.category = [formMessages.invalidChoice];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const isRedeemable = input.is_redeemable ?? false;
  const coinPrice = input.coin_price ?? null;
  checkRedeemable(isRedeemable, coinPrice);

  return admin.db.transaction(async (tx) => {
    const category = await checkCategory(admin, tx, input.category ?? null);
    const uid = randomUUID();
    const fields = {
      title: input.title,
      shortDescription: input.short_description ?? '',
      description: input.description ?? '',
      brand: input.brand || null,
      tags: uniqueTags(input.tags ?? []),
    };
    // New products go last in the store's order.
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${products.position}) + 1, 0)::int` })
      .from(products)
      .where(ofTenant(admin, products, eq(products.companyUid, admin.company.uid)));
    const [row] = await tx
      .insert(products)
      .values({
        appId: admin.app.uid,
        uid,
        key: `admin-${uid}`,
        companyUid: admin.company.uid,
        categoryUid: category?.uid ?? null,
        ...fields,
        image: input.image || null,
        sku: input.sku || null,
        unitPriceCents: moneyToCents(input.price),
        coinPrice,
        isRedeemable,
        isActive: input.is_active ?? true,
        subscriptionAvailable: input.subscription_available ?? true,
        position: next,
        ...searchColumns(fields, category?.name),
      })
      .returning();
    if (input.option_groups?.length) await replaceOptionGroups(admin, tx, uid, input.option_groups);
    if (places.length) {
      await tx.insert(placeProducts).values(
        places.map((p) => ({
          appId: admin.app.uid,
          placeUid: p.place,
          productUid: uid,
          stock: p.stock ?? null,
          priceCents: p.price ? moneyToCents(p.price) : null,
          position: next,
          categoryUid: row.categoryUid,
          isActive: p.is_active ?? true,
          isRedeemable,
          searchVector: row.searchVector,
        })),
      );
      for (const p of places)
        await recordSetStock(tx, admin.app.uid, p.place, uid, null, p.stock ?? null, {
          reason: 'manual',
          actorUid: admin.user.uid,
        });
      await refreshPlaceProductCounts(tx, admin.app.uid);
    }
    const after = await productApi(admin, tx, row);
    await recordChange(withDb(admin, tx), {
      entity: 'product',
      entityUid: uid,
      action: 'create',
      before: null,
      after,
    });
    return after;
  });
}

/**
 * Edits a product: one transaction locks it, checks the version the form read, writes
 * with the version bumped, refreshes the search texts (and the copies of the vector and
 * category on its place rows), replaces the option groups when sent, and records the
 * audit line. Checkout reads the price from the product, so a shopper whose cart was
 * priced before gets the price-changed 409.
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
    const before = await productApi(admin, tx, row);
    checkVersion(row, input.version, () => before);

    const categoryUid = input.category === undefined ? row.categoryUid : input.category;
    if (categoryUid && !isUid(categoryUid))
      throw new ValidationError({ category: [formMessages.invalidChoice] });
    const category = await checkCategory(admin, tx, categoryUid);
    const isRedeemable = input.is_redeemable ?? row.isRedeemable;
    const coinPrice = input.coin_price === undefined ? row.coinPrice : input.coin_price;
    checkRedeemable(isRedeemable, coinPrice);

    const next = {
      title: input.title ?? row.title,
      shortDescription: input.short_description ?? row.shortDescription,
      description: input.description ?? row.description,
      brand: input.brand === undefined ? row.brand : input.brand || null,
      tags: input.tags === undefined ? row.tags : uniqueTags(input.tags),
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
        ...(input.subscription_available !== undefined
          ? { subscriptionAvailable: input.subscription_available }
          : {}),
        ...searchColumns(next, category?.name),
        version: sql`${products.version} + 1`,
      })
      .where(where)
      .returning();
    if (input.option_groups !== undefined)
      await replaceOptionGroups(admin, tx, uid, input.option_groups);
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
 * Removes a product the owner saw at `version`. One that an order or a subscription names
 * is switched off instead (order history and standing orders keep pointing at it), as
 * Shopify and Saleor archive rather than delete sold products. Audited either way.
 */
export async function removeProduct(
  admin: AdminScope,
  uid: string,
  version: number,
): Promise<AdminProductRemoval> {
  const where = productWhere(admin, uid);
  return admin.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(where).for('update');
    if (!row) throw new NotFoundError(adminCatalogueMessages.productNotFound);
    const before = await productApi(admin, tx, row);
    checkVersion(row, version, () => before);
    const [ordered] = await tx
      .select({ one: sql<number>`1` })
      .from(orderLines)
      .where(ofTenant(admin, orderLines, eq(orderLines.productUid, uid)))
      .limit(1);
    const [subscribed] = ordered
      ? [ordered]
      : await tx
          .select({ one: sql<number>`1` })
          .from(subscriptions)
          .where(
            ofTenant(
              admin,
              subscriptions,
              sql`${subscriptions.lines} @> ${JSON.stringify([{ uid }])}::jsonb`,
            ),
          )
          .limit(1);
    if (ordered || subscribed) {
      const [archived] = await tx
        .update(products)
        .set({ isActive: false, version: sql`${products.version} + 1` })
        .where(where)
        .returning();
      await tx
        .update(placeProducts)
        .set({ isActive: false })
        .where(ofTenant(admin, placeProducts, eq(placeProducts.productUid, uid)));
      await refreshPlaceProductCounts(tx, admin.app.uid);
      await recordChange(withDb(admin, tx), {
        entity: 'product',
        entityUid: uid,
        action: 'update',
        before,
        after: await productApi(admin, tx, archived),
      });
      return { outcome: 'archived' };
    }
    // Place rows and option groups go with it (their foreign keys cascade).
    await tx.delete(products).where(where);
    await refreshPlaceProductCounts(tx, admin.app.uid);
    await recordChange(withDb(admin, tx), {
      entity: 'product',
      entityUid: uid,
      action: 'delete',
      before,
      after: null,
    });
    return { outcome: 'deleted' };
  });
}

/**
 * Offers a product at a place or not, and sets its stock and price there; a place of the
 * user's that does not list the product yet gets it. Stock is an absolute count (what the
 * shelf holds), so the row is locked and the last count wins; orders decrement it under the
 * same lock. A price change reaches checkout as the product's does (409 price-changed).
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
    const [product] = await tx.select().from(products).where(where).for('update');
    if (!product) throw new NotFoundError(adminCatalogueMessages.productNotFound);
    const placeWhere = ofTenant(
      admin,
      placeProducts,
      eq(placeProducts.productUid, uid),
      eq(placeProducts.placeUid, place.uid),
    );
    const [row] = await tx.select().from(placeProducts).where(placeWhere).for('update');
    const changes = {
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.stock !== undefined ? { stock: input.stock } : {}),
      ...(input.low_stock_threshold !== undefined
        ? { lowStockThreshold: input.low_stock_threshold }
        : {}),
      ...(input.price !== undefined
        ? { priceCents: input.price === null ? null : moneyToCents(input.price) }
        : {}),
    };
    const [updated] = row
      ? await tx.update(placeProducts).set(changes).where(placeWhere).returning()
      : await tx
          .insert(placeProducts)
          .values({
            appId: admin.app.uid,
            placeUid: place.uid,
            productUid: uid,
            position: product.position,
            categoryUid: product.categoryUid,
            isRedeemable: product.isRedeemable,
            searchVector: product.searchVector,
            ...changes,
          })
          .returning();
    if (updated.isActive !== row?.isActive) await refreshPlaceProductCounts(tx, admin.app.uid);
    if (input.stock !== undefined)
      await recordSetStock(tx, admin.app.uid, place.uid, uid, row?.stock, updated.stock, {
        reason: 'manual',
        actorUid: admin.user.uid,
      });
    const shown = (r: typeof updated | undefined) =>
      r
        ? {
            place,
            is_active: r.isActive,
            stock: r.stock,
            price: r.priceCents === null ? null : centsToMoney(r.priceCents),
            low_stock_threshold: r.lowStockThreshold,
          }
        : null;
    await recordChange(withDb(admin, tx), {
      entity: 'place_product',
      entityUid: uid,
      action: row ? 'update' : 'create',
      before: shown(row),
      after: shown(updated),
    });
    return productApi(admin, tx, product);
  });
}
