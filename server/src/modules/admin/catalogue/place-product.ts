import { eq } from 'drizzle-orm';
import {
  adminCatalogueMessages,
  centsToMoney,
  moneyToCents,
  type AdminProduct,
  type AdminPlaceProductInput,
} from '@store/contract';
import { placeProducts, products } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { refreshPlaceProductCounts } from '../../../tenants/import-catalog';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import { recordSetStock } from '../../stock/movements';
import { productApi, productWhere } from './product-reads';

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
