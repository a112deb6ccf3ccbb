import { eq, inArray } from 'drizzle-orm';
import { adminCatalogueMessages, type AdminStockMovement } from '@store/contract';
import { orders, products, users } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { ofTenant } from '../../../scope/tenant-query';
import { movementsOf } from '../../stock/movements';
import type { AdminScope } from '../guard';

const SHOWN = 100;

/** A product's latest stock movements at the places the user may see (404: not the company's). */
export async function productMovements(
  admin: AdminScope,
  productUid: string,
): Promise<AdminStockMovement[]> {
  if (!isUid(productUid)) throw new NotFoundError(adminCatalogueMessages.productNotFound);
  const [product] = await admin.db
    .select({ uid: products.uid })
    .from(products)
    .where(
      ofTenant(
        admin,
        products,
        eq(products.uid, productUid),
        eq(products.companyUid, admin.company.uid),
      ),
    );
  if (!product) throw new NotFoundError(adminCatalogueMessages.productNotFound);
  const placeNames = new Map(admin.places.map((p) => [p.uid, p]));
  const rows = await movementsOf(
    admin.db,
    admin.app.uid,
    productUid,
    [...placeNames.keys()],
    SHOWN,
  );
  const actorUids = [...new Set(rows.map((r) => r.actorUid).filter((u): u is string => !!u))];
  const orderUids = [...new Set(rows.map((r) => r.orderUid).filter((u): u is string => !!u))];
  const actors = actorUids.length
    ? await admin.db
        .select({
          uid: users.uid,
          first: users.firstName,
          last: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(ofTenant(admin, users, inArray(users.uid, actorUids)))
    : [];
  const numbers = orderUids.length
    ? await admin.db
        .select({ uid: orders.uid, number: orders.number })
        .from(orders)
        .where(ofTenant(admin, orders, inArray(orders.uid, orderUids)))
    : [];
  const actorOf = new Map(
    actors.map((a) => [a.uid, `${a.first} ${a.last}`.trim() || a.email || '']),
  );
  const numberOf = new Map(numbers.map((o) => [o.uid, o.number]));
  return rows.map((r) => ({
    uid: r.uid,
    place: placeNames.get(r.placeUid)!,
    delta: r.delta,
    stock_after: r.stockAfter,
    reason: r.reason,
    order: r.orderUid ? { uid: r.orderUid, number: numberOf.get(r.orderUid) ?? null } : null,
    // A deleted account leaves the movement without a name, as the audit log does.
    actor: r.actorUid ? { uid: r.actorUid, name: actorOf.get(r.actorUid) ?? '' } : null,
    created_at: r.createdAt.toISOString(),
  }));
}
