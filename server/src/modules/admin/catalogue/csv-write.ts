import { eq } from 'drizzle-orm';
import { centsToMoney } from '@store/contract';
import { placeProducts, products } from '../../../db/schema';
import { ofTenant } from '../../../scope/tenant-query';
import { productSearchText } from '../../../tenants/import-catalog';
import type { AdminScope } from '../guard';
import type { Tx } from '../../../db/client';
import { recordSetStock } from '../../stock/movements';
import type { PlaceRow } from './csv-export';
import type { PlaceValues, ProductValues } from './csv-plan';

// What a planned CSV row writes beside the product: its place rows, search texts and audit shape.

/** The product as its audit line shows it (the form's shape, places included). */
export function auditShape(
  uid: string,
  values: ProductValues,
  version: number,
  places: Map<string, { stock: number | null; isActive: boolean }>,
  admin: AdminScope,
  categoryName: Map<string, string>,
): Record<string, unknown> {
  return {
    uid,
    title: values.title,
    short_description: values.shortDescription,
    description: values.description,
    price: centsToMoney(values.unitPriceCents),
    image: values.image,
    category: values.categoryUid
      ? { uid: values.categoryUid, name: categoryName.get(values.categoryUid) ?? '' }
      : null,
    brand: values.brand,
    sku: values.sku,
    is_active: values.isActive,
    is_redeemable: values.isRedeemable,
    coin_price: values.coinPrice,
    places: admin.places
      .filter((p) => places.has(p.uid))
      .map((p) => ({
        place: p,
        is_active: places.get(p.uid)?.isActive,
        stock: places.get(p.uid)?.stock,
      })),
    version,
  };
}

export function searchOf(values: ProductValues, categoryName: Map<string, string>) {
  return {
    searchTitle: productSearchText([values.title]),
    searchText: productSearchText([
      values.shortDescription,
      values.description,
      values.brand,
      values.categoryUid ? categoryName.get(values.categoryUid) : null,
    ]),
  };
}

/** Writes one product's place rows as planned, each with the copies the store's listing reads. */
export async function writePlaces(
  admin: AdminScope,
  tx: Tx,
  productUid: string,
  values: ProductValues,
  position: number,
  places: PlaceValues,
  existing: Map<string, PlaceRow> | undefined,
) {
  // Read first, then copied as a value: Citus refuses sub-selects in INSERT.
  const [product] = await tx
    .select({ searchVector: products.searchVector })
    .from(products)
    .where(ofTenant(admin, products, eq(products.uid, productUid)));
  const vector = product!.searchVector;
  // The copies follow the product on every row, planned or not (as the product form does).
  await tx
    .update(placeProducts)
    .set({
      searchVector: vector,
      categoryUid: values.categoryUid,
      isRedeemable: values.isRedeemable,
    })
    .where(ofTenant(admin, placeProducts, eq(placeProducts.productUid, productUid)));
  for (const [placeUid, next] of places) {
    const where = ofTenant(
      admin,
      placeProducts,
      eq(placeProducts.productUid, productUid),
      eq(placeProducts.placeUid, placeUid),
    );
    const why = { reason: 'import', actorUid: admin.user.uid } as const;
    if (next === null) await tx.delete(placeProducts).where(where);
    else if (existing?.has(placeUid)) {
      await tx
        .update(placeProducts)
        .set({ stock: next.stock, isActive: next.isActive })
        .where(where);
      const before = existing.get(placeUid)!.stock;
      await recordSetStock(tx, admin.app.uid, placeUid, productUid, before, next.stock, why);
    } else {
      await tx.insert(placeProducts).values({
        appId: admin.app.uid,
        placeUid,
        productUid,
        stock: next.stock,
        isActive: next.isActive,
        position,
        categoryUid: values.categoryUid,
        isRedeemable: values.isRedeemable,
        searchVector: vector,
      });
      await recordSetStock(tx, admin.app.uid, placeUid, productUid, null, next.stock, why);
    }
  }
}

/** The place rows a product has after the plan, for its audit line. */
export function placesAfter(existing: Map<string, PlaceRow> | undefined, planned: PlaceValues) {
  const out = new Map<string, { stock: number | null; isActive: boolean }>();
  for (const [uid, row] of existing ?? [])
    out.set(uid, { stock: row.stock, isActive: row.isActive });
  for (const [uid, next] of planned) {
    if (next === null) out.delete(uid);
    else out.set(uid, next);
  }
  return out;
}
