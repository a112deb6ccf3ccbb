import { eq, gte, isNull, or, sql } from 'drizzle-orm';
import { orderMessages, formatMessage } from '@store/contract';
import type { Tx } from '../../db/client';
import { placeProducts } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { ofTenant, tenantRef } from '../../scope/tenant-query';
import { placeholder, preparedOnce } from '../../db/placeholder';
import { settleInOrder } from '../../db/pipeline';
import { recordMovement, type StockWhy } from '../stock/movements';

/**
 * One product's take, which fails as a statement when the product's stock is short (or it is no
 * longer sold there): the guarded UPDATE takes nothing then, and `1 / count(*)` of its rows is a
 * division by zero. So a short stock aborts the transaction by itself, and a COMMIT sent right
 * behind it (db/transaction.ts) rolls back instead of waiting for the server to look first.
 */
const takeProductStock = preparedOnce((db) => {
  const quantity = placeholder<number>('quantity');
  const update = db
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
    .returning({ productUid: placeProducts.productUid });
  // Bare SQL: PostgreSQL takes no parentheses around a data-modifying CTE's own statement.
  const taken = db
    .$with('taken', { productUid: sql<string>`product_uid`.as('product_uid') })
    .as(update.getSQL());
  return db
    .with(taken)
    .select({ taken: sql<number>`1 / count(*)` })
    .from(taken)
    .prepare('');
});

/** SQLSTATE division_by_zero: how `takeProductStock` says the stock was short. */
const STOCK_SHORT = '22012';

const isStockShort = (err: unknown) => {
  const cause = (err as { cause?: { code?: string } }).cause ?? err;
  return (cause as { code?: string }).code === STOCK_SHORT;
};

/**
 * Takes a place's stock of each product inside the caller's transaction (orders, staff product
 * redemptions). The guarded UPDATE is the check: a product whose stock is short takes nothing,
 * aborts the transaction and fails with 'Out of stock: {product}'. Products go in uid
 * order so concurrent takers lock rows in the same order and never deadlock; the updates are all
 * sent at once (they run in that order), so this may be part of a pipeline (db/pipeline.ts).
 */
export function takeStock(
  tx: Tx,
  appId: string,
  placeUid: string,
  wanted: Map<string, { quantity: number; title: string }>,
  why: StockWhy,
): Promise<void> {
  // Each take is followed by its movement (read back from the row it still locks), in one pipeline.
  const takes = [...wanted]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([productUid, w]) => [
      takeProductStock(tx)
        .execute({ tenant: appId, place: placeUid, product: productUid, quantity: w.quantity })
        .catch((err: unknown) => {
          throw isStockShort(err)
            ? new ValidationError(formatMessage(orderMessages.outOfStock, { product: w.title }))
            : err;
        }),
      recordMovement(tx, appId, placeUid, productUid, -w.quantity, why),
    ]);
  return settleInOrder(takes).then(() => undefined);
}
