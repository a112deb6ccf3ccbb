import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { ofTenant, type TenantRef, type TenantTable } from '../scope/tenant-query';

/**
 * Every row of one tenant in `table`, sorted by the order given (without one, in whatever order
 * the database returns them: the file sorts those itself where it matters).
 */
export async function tenantRows<T extends TenantTable>(
  tx: Tx,
  tenant: TenantRef,
  table: T,
  ...order: SQL[]
): Promise<T['$inferSelect'][]> {
  const rows = tx
    .select()
    .from(table as PgTable)
    .where(ofTenant(tenant, table))
    .$dynamic();
  return (await (order.length ? rows.orderBy(...order) : rows)) as T['$inferSelect'][];
}
