import { eq, inArray, sql } from 'drizzle-orm';
import {
  adminCatalogueCsvMessages,
  adminCatalogueMessages,
  centsToMoney,
  moneyToCents,
  type AdminProductBulkInput,
  type AdminProductBulkResult,
} from '@store/contract';
import { companies, placeProducts, products } from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { refreshPlaceProductCounts } from '../../../tenants/import-catalog';
import { recordChange } from '../audit';
import { adminPlace, type AdminScope } from '../guard';
import { ProductsChangedError } from './products-changed';
import { recordSetStock } from '../../stock/movements';

/**
 * Saves the bulk-edit grid at once: new prices, and stock and offer at one place, for many
 * products. All or nothing in one transaction: the products are locked in uid order (two
 * saves never deadlock), every version is checked first and any stale one is a 409 naming
 * them all; then each changed product is written with its version bumped and one audit line.
 */
export async function bulkEditProducts(
  admin: AdminScope,
  input: AdminProductBulkInput,
): Promise<AdminProductBulkResult> {
  const errors: Record<string, string[]> = {};
  const touchesPlace = input.products.some(
    (p) => p.stock !== undefined || p.is_active !== undefined,
  );
  const place = input.place ? adminPlace(admin, input.place) : undefined;
  if (touchesPlace && !place) errors.place = [adminCatalogueCsvMessages.bulkPlaceRequired];
  const seen = new Set<string>();
  input.products.forEach((p, i) => {
    if (!isUid(p.uid) || seen.has(p.uid))
      errors[`products.${i}.uid`] = [adminCatalogueMessages.productNotFound];
    seen.add(p.uid);
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const uids = input.products.map((p) => p.uid);
  return admin.db.transaction(async (tx) => {
    // The company row orders bulk edits against CSV imports, which lock it first too.
    await tx
      .select({ uid: companies.uid })
      .from(companies)
      .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)))
      .for('update');
    const rows = await tx
      .select()
      .from(products)
      .where(
        ofTenant(
          admin,
          products,
          inArray(products.uid, uids),
          eq(products.companyUid, admin.company.uid),
        ),
      )
      .orderBy(products.uid)
      .for('update');
    const byUid = new Map(rows.map((r) => [r.uid, r]));
    const atPlace = place
      ? new Map(
          (
            await tx
              .select()
              .from(placeProducts)
              .where(
                ofTenant(
                  admin,
                  placeProducts,
                  eq(placeProducts.placeUid, place.uid),
                  inArray(placeProducts.productUid, uids),
                ),
              )
              .for('update')
          ).map((r) => [r.productUid, r]),
        )
      : new Map<string, typeof placeProducts.$inferSelect>();

    input.products.forEach((p, i) => {
      if (!byUid.has(p.uid)) errors[`products.${i}.uid`] = [adminCatalogueMessages.productNotFound];
      else if ((p.stock !== undefined || p.is_active !== undefined) && !atPlace.has(p.uid))
        errors[`products.${i}.stock`] = [adminCatalogueMessages.productPlaceNotFound];
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const stale = input.products
      .map((p) => byUid.get(p.uid)!)
      .filter((row, i) => row.version !== input.products[i].version);
    if (stale.length) throw new ProductsChangedError(stale);

    const audited = withDb(admin, tx);
    let offerChanged = false;
    const changed: string[] = [];
    for (const p of input.products) {
      const row = byUid.get(p.uid)!;
      const at = atPlace.get(p.uid);
      const cents = p.price === undefined ? row.unitPriceCents : moneyToCents(p.price);
      const stock = p.stock === undefined ? at?.stock : p.stock;
      const isActive = p.is_active ?? at?.isActive;
      const priceChanged = cents !== row.unitPriceCents;
      const placeChanged = Boolean(at) && (stock !== at?.stock || isActive !== at?.isActive);
      if (!priceChanged && !placeChanged) continue;
      changed.push(p.uid);
      // The version covers the product as the grid shows it, its place cells included.
      await tx
        .update(products)
        .set({ unitPriceCents: cents, version: sql`${products.version} + 1` })
        .where(ofTenant(admin, products, eq(products.uid, p.uid)));
      if (at && placeChanged) {
        offerChanged ||= isActive !== at.isActive;
        await tx
          .update(placeProducts)
          .set({ stock: stock ?? null, isActive: isActive ?? at.isActive })
          .where(
            ofTenant(
              admin,
              placeProducts,
              eq(placeProducts.productUid, p.uid),
              eq(placeProducts.placeUid, at.placeUid),
            ),
          );
        await recordSetStock(tx, admin.app.uid, at.placeUid, p.uid, at.stock, stock ?? null, {
          reason: 'bulk',
          actorUid: admin.user.uid,
        });
      }
      const shown = (cents: number, s: number | null | undefined, active: boolean | undefined) => ({
        uid: row.uid,
        title: row.title,
        price: centsToMoney(cents),
        ...(at && place ? { places: [{ place, stock: s ?? null, is_active: active }] } : {}),
      });
      await recordChange(audited, {
        entity: 'product',
        entityUid: p.uid,
        action: 'update',
        before: { ...shown(row.unitPriceCents, at?.stock, at?.isActive), version: row.version },
        after: { ...shown(cents, stock, isActive), version: row.version + 1 },
      });
    }
    if (offerChanged) await refreshPlaceProductCounts(tx, admin.app.uid);
    return { updated: changed };
  });
}
