import { asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MarketplaceStore, MarketplaceStoreQuery } from '@store/contract';
import {
  companies,
  companyCategories,
  companyCategoryMembers,
  staffMembers,
  users,
} from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { nameContains } from '../../lib/search';
import type { TenantDb } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

export type CompanyRow = typeof companies.$inferSelect;

/** A change of what shoppers see waits for the marketplace owner (admin/stores/profile-review.ts). */
const changeWaits = sql`coalesce(${companies.pendingProfile}->>'status' = 'pending', false)`;

/** The categories and first owner of these companies, for the store answers. */
async function detailsOf(scope: TenantDb, companyUids: string[]) {
  if (companyUids.length === 0) return { categories: new Map(), owners: new Map() };
  const [categoryRows, ownerRows] = await Promise.all([
    scope.db
      .select({
        companyUid: companyCategoryMembers.companyUid,
        uid: companyCategories.uid,
        name: companyCategories.name,
      })
      .from(companyCategoryMembers)
      .innerJoin(
        companyCategories,
        sameTenant(
          companyCategories,
          companyCategoryMembers,
          eq(companyCategories.uid, companyCategoryMembers.categoryUid),
        ),
      )
      .where(
        ofTenant(
          scope,
          companyCategoryMembers,
          inArray(companyCategoryMembers.companyUid, companyUids),
        ),
      )
      .orderBy(asc(companyCategories.position)),
    scope.db
      .select({
        companyUid: staffMembers.companyUid,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(staffMembers)
      .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
      .where(
        ofTenant(
          scope,
          staffMembers,
          eq(staffMembers.role, 'OWNER'),
          inArray(staffMembers.companyUid, companyUids),
        ),
      )
      .orderBy(asc(staffMembers.createdAt)),
  ]);
  const categories = new Map<string, { uid: string; name: string }>();
  for (const row of categoryRows)
    if (!categories.has(row.companyUid))
      categories.set(row.companyUid, { uid: row.uid, name: row.name });
  const owners = new Map<string, { name: string; email: string | null }>();
  for (const row of ownerRows)
    if (!owners.has(row.companyUid))
      owners.set(row.companyUid, {
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
      });
  return { categories, owners };
}

export function storeToApi(
  row: CompanyRow,
  details: Awaited<ReturnType<typeof detailsOf>>,
): MarketplaceStore {
  return {
    uid: row.uid,
    name: row.name,
    logo: row.logo,
    description: row.description,
    status: row.status,
    status_reason: row.statusReason,
    category: details.categories.get(row.uid) ?? null,
    owner: details.owners.get(row.uid) ?? null,
    signed_up_at: row.signedUpAt?.toISOString() ?? null,
    review_requested_at: row.reviewRequestedAt?.toISOString() ?? null,
    pending_change: row.pendingProfile
      ? {
          ...row.pendingProfile.changes,
          requested_at: row.pendingProfile.requested_at,
          status: row.pendingProfile.status,
          reason: row.pendingProfile.reason,
        }
      : null,
    version: row.version,
  };
}

/** One company as a store answer (its category and owner read fresh). */
export async function storeOfRow(scope: TenantDb, row: CompanyRow): Promise<MarketplaceStore> {
  return storeToApi(row, await detailsOf(scope, [row.uid]));
}

export async function storeOfCompany(
  scope: TenantDb,
  companyUid: string,
): Promise<MarketplaceStore> {
  const [row] = await scope.db
    .select()
    .from(companies)
    .where(ofTenant(scope, companies, eq(companies.uid, companyUid)));
  if (!row) throw new NotFoundError();
  return storeOfRow(scope, row);
}

/**
 * The marketplace's stores (every company but the main one), those waiting for review first
 * when no status is asked: pending ones that asked for review, then those whose change of name,
 * logo or description waits, then newest sign-ups.
 */
export async function listStores(
  scope: TenantDb,
  query: MarketplaceStoreQuery,
  window: PageWindow,
): Promise<{ count: number; results: MarketplaceStore[] }> {
  const where = ofTenant(
    scope,
    companies,
    scope.app.mainCompanyUid ? ne(companies.uid, scope.app.mainCompanyUid) : undefined,
    query.status ? eq(companies.status, query.status) : undefined,
    query.q ? nameContains(companies.name, query.q) : undefined,
    query.changes === 'pending' ? changeWaits : undefined,
  );
  const [{ total }] = await scope.db.select({ total: count() }).from(companies).where(where);
  const rows = await scope.db
    .select()
    .from(companies)
    .where(where)
    .orderBy(
      sql`case when ${companies.status} = 'pending' then 0 when ${changeWaits} then 1 when ${companies.status} = 'suspended' then 2 when ${companies.status} = 'rejected' then 3 else 4 end`,
      sql`${companies.reviewRequestedAt} is null`,
      sql`${companies.signedUpAt} desc nulls last`,
      asc(companies.name),
      asc(companies.uid),
    )
    .limit(window.limit)
    .offset(window.offset);
  const details = await detailsOf(
    scope,
    rows.map((r) => r.uid),
  );
  return { count: total, results: rows.map((row) => storeToApi(row, details)) };
}
