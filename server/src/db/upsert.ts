/**
 * The DO UPDATE SET of an upsert on a tenant table: the row without `app_id`. The conflict target
 * holds app_id, so the update never changes it; but Citus refuses any upsert whose SET names the
 * distribution column, even with the same value ("modifying the partition value of rows is not
 * allowed"), so it is left out.
 */
export function updateSet<T extends object>(row: T): Omit<T, 'appId'> {
  const rest = { ...row } as Record<string, unknown>;
  delete rest.appId;
  return rest as Omit<T, 'appId'>;
}
