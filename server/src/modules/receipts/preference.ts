import { eq } from 'drizzle-orm';
import type { OrderInput } from '@store/contract';
import { users, type ReceiptRequest } from '../../db/schema';
import type { Database } from '../../db/client';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/**
 * Keeps the receipt of the member's order ("¿Boleta o factura?", with the DNI or the RUC, razón
 * social and fiscal address) on their profile, so the next checkout offers it again. Written
 * after the order is placed: a lost write costs only the prefill, never the order.
 */
export async function rememberReceipt(
  db: Database,
  appUid: string,
  userUid: string,
  receipt: OrderInput['receipt'],
): Promise<void> {
  if (!receipt) return;
  await db
    .update(users)
    .set({ receiptPreference: receipt as ReceiptRequest })
    .where(ofTenant(tenantRef(appUid), users, eq(users.uid, userUid)));
}
