import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Tenant-scoped query conditions. Every tenant table carries `app_id`; the
 * only way the rest of the server may compare it is through these helpers
 * (ESLint's `no-restricted-syntax` in eslint.config.js refuses `eq(x.appId, …)`
 * anywhere else), so a query on a tenant table either goes through
 * `ofTenant` and names its tenant, or visibly does not. See docs/decisions.md
 * "Architecture (issue 23): one request scope".
 */

/** A table with an `app_id` column: every table whose rows belong to one store. */
export type TenantTable = PgTable & { appId: PgColumn };

/** Anything that knows its tenant: a Scope, or a resolved tenant before the scope exists. */
export type TenantRef = { app: { uid: string } };

type Condition = SQL | undefined;

/**
 * The rows of `table` that belong to the scope's tenant, and match every other
 * condition given (undefined ones are skipped, as drizzle's `and` does).
 */
export function ofTenant(scope: TenantRef, table: TenantTable, ...conditions: Condition[]): SQL {
  return and(eq(table.appId, scope.app.uid), ...conditions)!;
}

/**
 * A join condition between two tenant tables: same tenant, plus the key
 * conditions given. The schema's composite foreign keys already say a child
 * row points within its tenant; stating it in the join lets PostgreSQL use the
 * (app_id, …) indexes and keeps a wrong key from reaching another store's rows.
 */
export function sameTenant(a: TenantTable, b: TenantTable, ...conditions: Condition[]): SQL {
  return and(eq(a.appId, b.appId), ...conditions)!;
}

/**
 * The tenant of a row or job that has only its app uid: a ledger primitive, a
 * scheduled job running over every store, the session look-up before the
 * request's scope exists.
 */
export function tenantRef(appUid: string): TenantRef {
  return { app: { uid: appUid } };
}
