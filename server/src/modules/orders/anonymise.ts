import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/**
 * Account deletion: the member's orders stay (the store's records) but lose
 * every personal detail: billing copy, address, reference, coordinates,
 * comments, the idempotency key and the link to the user. Runs in the
 * deletion's transaction.
 */
export async function anonymiseOrdersOf(tx: Tx, appId: string, userUid: string) {
  await tx
    .update(orders)
    .set({
      billing: null,
      receiptRequest: null,
      address: null,
      reference: null,
      latitude: null,
      longitude: null,
      comments: '',
      idempotencyKey: null,
      userUid: null,
      updatedAt: new Date(),
    })
    .where(ofTenant(tenantRef(appId), orders, eq(orders.userUid, userUid)));
}
