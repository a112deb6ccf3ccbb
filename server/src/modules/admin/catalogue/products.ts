import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  adminCatalogueMessages,
  formMessages,
  moneyToCents,
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductInput,
  type AdminProductRemoval,
} from '@store/contract';
import { orderLines, placeProducts, products, subscriptions } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { productSearchText, refreshPlaceProductCounts } from '../../../tenants/import-catalog';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import type { Tx } from '../../../db/client';
import { replaceOptionGroups } from './option-groups';
import { recordSetStock } from '../../stock/movements';
import {
  categoriesOf,
  productApi,
  productWhere,
  type Named,
  type ProductRow,
} from './product-reads';

// Writing products: create, edit and remove, each one audited transaction.

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
    return recordSave(withDb(admin, tx), 'product', uid, null, after);
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
    return recordSave(withDb(admin, tx), 'product', uid, before, after);
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
