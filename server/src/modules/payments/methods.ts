import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { paymentMethods } from '../../db/schema';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/**
 * Whether any company of the tenant takes cards or Yape through Mercado Pago: only such a tenant's pages
 * name MercadoPago.js and allow its hosts in their CSP (the shell is built before any scope).
 */
export async function usesMercadoPago(db: Database, appUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: paymentMethods.uid })
    .from(paymentMethods)
    .where(
      ofTenant(
        tenantRef(appUid),
        paymentMethods,
        and(
          inArray(paymentMethods.type, ['ONLINE_CARD', 'YAPE']),
          eq(paymentMethods.provider, 'mercadopago'),
          eq(paymentMethods.isActive, true),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/** A company's active online card methods, in their order: what a card purchase may be paid with. */
export async function cardMethodsOf(
  db: Database | Tx,
  appUid: string,
  companyUid: string,
): Promise<(typeof paymentMethods.$inferSelect)[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(
      ofTenant(
        tenantRef(appUid),
        paymentMethods,
        eq(paymentMethods.companyUid, companyUid),
        eq(paymentMethods.type, 'ONLINE_CARD'),
        eq(paymentMethods.isActive, true),
      ),
    )
    .orderBy(asc(paymentMethods.position));
}
