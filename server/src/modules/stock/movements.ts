import { desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { placeProducts, stockMovements, type StockMovementReason } from '../../db/schema';
import { placeholder, preparedOnce } from '../../db/placeholder';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/** Why and by whom a stock changes: every writer of place_products.stock passes one. */
export type StockWhy = {
  reason: StockMovementReason;
  /** The user who caused it (buyer, staff, owner); null for the server's own runs. */
  actorUid: string | null;
  orderUid?: string | null;
};

/**
 * The movement of a change just made by `delta` to one place's stock, read back from the row the
 * caller's statement changed (and still locks), so `stock_after` is exact under concurrency. A row
 * whose stock is not counted (null) moves nothing. Built once: orders run it for every product.
 */
const insertMovement = preparedOnce((db) =>
  db
    .insert(stockMovements)
    .select(
      db
        .select({
          appId: placeProducts.appId,
          uid: sql<string>`gen_random_uuid()`.as('uid'),
          placeUid: placeProducts.placeUid,
          productUid: placeProducts.productUid,
          delta: sql<number>`${placeholder<number>('delta')}::int`.as('delta'),
          stockAfter: placeProducts.stock,
          reason: sql<StockMovementReason>`${placeholder<string>('reason')}::text`.as('reason'),
          orderUid: sql<string | null>`${placeholder<string | null>('order')}::uuid`.as(
            'order_uid',
          ),
          actorUid: sql<string | null>`${placeholder<string | null>('actor')}::uuid`.as(
            'actor_uid',
          ),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(placeProducts)
        .where(
          ofTenant(
            tenantRef(placeholder<string>('tenant')),
            placeProducts,
            eq(placeProducts.placeUid, placeholder<string>('place')),
            eq(placeProducts.productUid, placeholder<string>('product')),
            isNotNull(placeProducts.stock),
          ),
        ),
    )
    .prepare(''),
);

/**
 * Records the change by `delta` the caller just made to a place's stock of a product, in its
 * transaction. Sent at once (no await before the statement), so it may be part of a pipeline.
 */
export function recordMovement(
  tx: Tx,
  appId: string,
  placeUid: string,
  productUid: string,
  delta: number,
  why: StockWhy,
): Promise<unknown> {
  return insertMovement(tx).execute({
    tenant: appId,
    place: placeUid,
    product: productUid,
    delta,
    reason: why.reason,
    order: why.orderUid ?? null,
    actor: why.actorUid,
  });
}

/**
 * An absolute count set by hand or by an import (`before` -> `after`): recorded as the difference,
 * nothing when unchanged. Counting starts from 0 when the stock was not counted before.
 */
export async function recordSetStock(
  tx: Tx,
  appId: string,
  placeUid: string,
  productUid: string,
  before: number | null | undefined,
  after: number | null,
  why: StockWhy,
): Promise<void> {
  if ((before ?? null) === after) return;
  await tx.insert(stockMovements).values({
    appId,
    placeUid,
    productUid,
    delta: (after ?? 0) - (before ?? 0),
    stockAfter: after,
    reason: why.reason,
    orderUid: why.orderUid ?? null,
    actorUid: why.actorUid,
  });
}

export type MovementRow = typeof stockMovements.$inferSelect;

/**
 * One product's latest movements at the places given, newest first, read backwards on the
 * (app_id, product_uid, created_at) index.
 */
export async function movementsOf(
  db: Database,
  appId: string,
  productUid: string,
  placeUids: string[],
  limit: number,
): Promise<MovementRow[]> {
  if (placeUids.length === 0) return [];
  return db
    .select()
    .from(stockMovements)
    .where(
      ofTenant(
        tenantRef(appId),
        stockMovements,
        eq(stockMovements.productUid, productUid),
        inArray(stockMovements.placeUid, placeUids),
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.uid))
    .limit(limit);
}
