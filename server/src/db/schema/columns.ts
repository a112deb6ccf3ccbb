import { foreignKey, integer, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A tenant table's row as another row points at it: `app_id` and `uid`, its primary key. */
interface TenantRow {
  appId: AnyPgColumn;
  uid: AnyPgColumn;
}

/**
 * A foreign key to a row of the same tenant (`app_id` first, as in every primary key, so it
 * cannot point at another tenant's row); the row goes when the row it belongs to is deleted.
 * Called with the same columns as `foreignKey`, it makes the same constraint and the same name.
 */
export function belongsTo(appId: AnyPgColumn, parentUid: AnyPgColumn, parent: TenantRow) {
  return foreignKey({
    columns: [appId, parentUid],
    foreignColumns: [parent.appId, parent.uid],
  }).onDelete('cascade');
}

/**
 * The first columns of a tenant's row named by its own uid: (app_id, uid) is its primary key, so
 * its rows are found (and, on Citus, distributed) with their tenant's.
 */
export const tenantRowKeys = () => ({
  appId: uuid('app_id').notNull(),
  uid: uuid('uid').notNull(),
});

/**
 * The back office's optimistic concurrency (modules/admin/concurrency.ts): each write sends the
 * version it read, and bumps it.
 */
export const editVersion = () => ({
  version: integer('version').notNull().default(1),
});
