import { eq, exists, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import { sameTenant, type TenantTable } from '../../scope/tenant-query';

/**
 * What the public may see of a store (issue 18): only an `approved` company. A store a merchant
 * created on a marketplace is `pending` until the marketplace owner approves it, and a
 * `rejected` or `suspended` one is gone again: from the multisite home, its /c/{uid}/ pages,
 * its places and products, and checkout. Its owner still works on it in the back office, whose
 * queries never go through these conditions.
 */
export const companyIsPublic: SQL = eq(companies.status, 'approved');

/** The row's company (its `company_uid`) is public: for places, products and the like. */
export function ofPublicCompany(db: Database, table: TenantTable & { companyUid: PgColumn }): SQL {
  return exists(
    db
      .select({ one: companies.uid })
      .from(companies)
      .where(sameTenant(companies, table, eq(companies.uid, table.companyUid), companyIsPublic)),
  );
}
