import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * A table's row as a JSON object keyed by drizzle's field names, for reading a row's children
 * in the parent's statement (`json_agg` in a correlated sub-query) instead of one more round
 * trip. `rowFromJson` turns it back into the row drizzle would have answered.
 */
export function jsonRow(table: Table): SQL {
  const fields = Object.entries(getTableColumns(table)).map(
    // Field names are the schema's own identifiers, never input.
    ([field, column]) => sql`${sql.raw(`'${field}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(fields, sql`, `)})`;
}

/** A row of `table` from `jsonRow`'s object: each value through its column's driver mapping (dates, numbers). */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[field];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
