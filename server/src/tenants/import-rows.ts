import { eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { updateSet } from '../db/upsert';
import { ofTenant, tenantRef, type TenantTable } from '../scope/tenant-query';

/** A tenant table keyed by (app_id, uid): the rows a tenant file names by key. */
type UidTable = TenantTable & { uid: PgColumn };

/** A keyed table the back office edits under optimistic concurrency (admin/concurrency.ts). */
type VersionedTable = UidTable & { version: PgColumn };

/**
 * The rows of one parent that the file no longer lists (all of them when it lists none), with
 * any further conditions: the ones a re-import hides or deletes.
 */
export function unlistedRows(
  appId: string,
  table: UidTable,
  parentColumn: PgColumn,
  parentUid: string,
  listedUids: string[],
  ...conditions: (SQL | undefined)[]
): SQL {
  return ofTenant(
    tenantRef(appId),
    table,
    eq(parentColumn, parentUid),
    ...conditions,
    listedUids.length ? notInArray(table.uid, listedUids) : undefined,
  );
}

/** Writes a file's row, or rewrites the one an earlier import of the same key wrote. */
export async function upsertByUid<T extends UidTable>(tx: Tx, table: T, row: PgInsertValue<T>) {
  await tx
    .insert(table)
    .values(row)
    .onConflictDoUpdate({
      target: [table.appId, table.uid],
      set: updateSet(row) as PgUpdateSetSource<T>,
    });
}

/**
 * As upsertByUid, and a rewrite moves the row's version: a re-import is a write too, so a
 * back-office form opened before it gets the version conflict (409).
 */
export async function upsertVersionedByUid<T extends VersionedTable>(
  tx: Tx,
  table: T,
  row: PgInsertValue<T>,
) {
  await tx
    .insert(table)
    .values(row)
    .onConflictDoUpdate({
      target: [table.appId, table.uid],
      set: { ...updateSet(row), version: sql`${table.version} + 1` } as PgUpdateSetSource<T>,
    });
}
