import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  optionGroups,
  options,
  placeProductCounts,
  placeProducts,
  productCategories,
  products,
} from '../db/schema';
import { foldForSearch } from '../lib/search';
import type { CatalogSection } from './catalog-schema';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { updateSet } from '../db/upsert';
import { unlistedRows, upsertByUid, upsertVersionedByUid } from './import-rows';

type UidOf = (kind: string, key: string) => string;

/** Product text as search stores it: lower case, no accents. */
export function productSearchText(parts: (string | null | undefined)[]): string {
  return foldForSearch(parts.filter(Boolean).join(' '));
}

/**
 * Upserts the catalogue of a tenant file. Products and categories are never
 * deleted (orders point at them); a product left out of the file is simply
 * not touched. Option groups and place assortments follow the file.
 */
export async function importCatalog(tx: Tx, catalog: CatalogSection, appId: string, uidOf: UidOf) {
  const categoryNames = new Map(catalog.categories.map((c) => [c.key, c.name]));
  for (const [position, c] of catalog.categories.entries()) {
    const row = {
      appId,
      uid: uidOf('product-category', c.key),
      key: c.key,
      companyUid: uidOf('company', c.company),
      name: c.name,
      image: c.image,
      color: c.color,
      isActive: c.is_active,
      position,
    };
    await upsertVersionedByUid(tx, productCategories, row);
  }
  for (const [position, p] of catalog.products.entries()) {
    const uid = uidOf('product', p.key);
    const row = {
      appId,
      uid,
      key: p.key,
      companyUid: uidOf('company', p.company),
      categoryUid: p.category ? uidOf('product-category', p.category) : null,
      title: p.title,
      shortDescription: p.short_description,
      description: p.description,
      image: p.image,
      imageReverse: p.image_reverse,
      unitPriceCents: p.price,
      coinPrice: p.coin_price,
      brand: p.brand,
      sku: p.sku,
      directPurchase: p.direct_purchase,
      isRedeemable: p.is_redeemable,
      isActive: p.is_active,
      subscriptionAvailable: p.subscription_available,
      tags: p.tags,
      position,
      searchTitle: productSearchText([p.title]),
      searchText: productSearchText([
        p.short_description,
        p.description,
        p.brand,
        p.category ? categoryNames.get(p.category) : null,
        // Tags are searched as the back office's product form stores them.
        ...p.tags,
      ]),
    };
    const [written] = await tx
      .insert(products)
      .values(row)
      .onConflictDoUpdate({
        target: [products.appId, products.uid],
        set: { ...updateSet(row), version: sql`${products.version} + 1` },
      })
      .returning({ searchVector: products.searchVector });

    await tx
      .delete(placeProducts)
      .where(ofTenant(tenantRef(appId), placeProducts, eq(placeProducts.productUid, uid)));
    const assortment = Object.entries(p.places).map(([placeKey, at]) => ({
      appId,
      placeUid: uidOf('place', placeKey),
      productUid: uid,
      stock: at.stock,
      priceCents: at.price,
      position,
      categoryUid: row.categoryUid,
      isActive: row.isActive,
      isRedeemable: row.isRedeemable,
      // The vector is generated in products (just written above); copied so a place's search
      // reads place_products alone. A value, not a sub-select: Citus refuses sub-selects in INSERT.
      searchVector: written!.searchVector,
    }));
    if (assortment.length) await tx.insert(placeProducts).values(assortment);

    const groupUids = p.option_groups.map((g) => uidOf('option-group', `${p.key}/${g.key}`));
    await tx
      .delete(optionGroups)
      .where(unlistedRows(appId, optionGroups, optionGroups.productUid, uid, groupUids));
    for (const [g, group] of p.option_groups.entries()) {
      const groupRow = {
        appId,
        uid: groupUids[g],
        productUid: uid,
        key: group.key,
        name: group.name,
        description: group.description,
        minimumToSelect: group.minimum_to_select,
        maximumToSelect: group.maximum_to_select,
        isActive: group.is_active,
        position: g,
      };
      await upsertByUid(tx, optionGroups, groupRow);
      const optionUids = group.options.map((o) =>
        uidOf('option', `${p.key}/${group.key}/${o.key}`),
      );
      await tx
        .delete(options)
        .where(unlistedRows(appId, options, options.groupUid, groupUids[g], optionUids));
      for (const [o, opt] of group.options.entries()) {
        const optionRow = {
          appId,
          uid: optionUids[o],
          groupUid: groupUids[g],
          key: opt.key,
          name: opt.name,
          description: opt.description,
          priceCents: opt.price,
          isActive: opt.is_active,
          position: o,
        };
        await upsertByUid(tx, options, optionRow);
      }
    }
  }
  await refreshPlaceProductCounts(tx, appId);
}

/** Rewrites a tenant's place_product_counts from place_products (rows of active products only, as the listing); every writer of assortments and of a product's `is_active` calls it in its transaction. */
export async function refreshPlaceProductCounts(tx: Tx | Database, appId: string) {
  await tx.delete(placeProductCounts).where(ofTenant(tenantRef(appId), placeProductCounts));
  // The column lists name app_id to copy it; the filter is the helper's.
  /* eslint-disable no-restricted-syntax */
  await tx.execute(sql`
    INSERT INTO ${placeProductCounts} (app_id, place_uid, category_uid, is_redeemable, total)
    SELECT ${placeProducts}.app_id, place_uid, ${placeProducts}.category_uid,
      ${placeProducts}.is_redeemable, count(*)::int
    FROM ${placeProducts} JOIN ${products} ON ${products}.app_id = ${placeProducts}.app_id
      AND ${products}.uid = ${placeProducts}.product_uid AND ${products}.is_active
    WHERE ${ofTenant(tenantRef(appId), placeProducts)} AND ${placeProducts}.is_active
    GROUP BY ${placeProducts}.app_id, place_uid, ${placeProducts}.category_uid,
      ${placeProducts}.is_redeemable
  `);
  /* eslint-enable no-restricted-syntax */
}
