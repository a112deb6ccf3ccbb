import { eq, gte, isNull, or, sql } from 'drizzle-orm';
import { orderMessages, formatMessage } from '@store/contract';
import type { Tx } from '../../db/client';
import { placeProducts } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import { placeholder, preparedOnce } from '../../db/placeholder';
import { settleInOrder } from '../../db/pipeline';

const takeProductStock = preparedOnce((db) => {
  const quantity = placeholder<number>('quantity');
  return db
    .update(placeProducts)
    .set({
      stock: sql`CASE WHEN ${placeProducts.stock} IS NULL THEN NULL ELSE ${placeProducts.stock} - ${quantity} END`,
    })
    .where(
      ofTenant(
        tenantRef(placeholder<string>('tenant')),
        placeProducts,
        eq(placeProducts.placeUid, placeholder<string>('place')),
        eq(placeProducts.productUid, placeholder<string>('product')),
        eq(placeProducts.isActive, true),
        or(isNull(placeProducts.stock), gte(placeProducts.stock, quantity)),
      ),
    )
    .returning({ productUid: placeProducts.productUid })
    .prepare('');
});

/**
 * Takes a place's stock of each product inside the caller's transaction (orders, staff product
 * redemptions). The guarded UPDATE is the check: a product whose stock is short takes nothing and
 * fails with 'Out of stock: {product}', so the whole transaction rolls back. Products go in uid
 * order so concurrent takers lock rows in the same order and never deadlock; the updates are all
 * sent at once (they run in that order), so this may be part of a pipeline (db/pipeline.ts).
 */
export function takeStock(
  tx: Tx,
  appId: string,
  placeUid: string,
  wanted: Map<string, { quantity: number; title: string }>,
): Promise<void> {
  const takes = [...wanted]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([productUid, w]) =>
      takeProductStock(tx)
        .execute({ tenant: appId, place: placeUid, product: productUid, quantity: w.quantity })
        .then((taken) => {
          if (taken.length === 0)
            throw new ValidationError(
              formatMessage(orderMessages.outOfStock, { product: w.title }),
            );
        }),
    );
  return settleInOrder(takes).then(() => undefined);
}
