import { getTableColumns, is, sql, Table, type Column, type SQL } from 'drizzle-orm';

type Columns = Record<string, Column>;

/**
 * A table's row (or the given columns of it) as a JSON object keyed by drizzle's field names, for
 * reading a row's children in the parent's statement (`json_agg` in a correlated sub-query)
 * instead of one more round trip, or a wide row in one value. `rowFromJson` / `jsonRowReader`
 * turn it back into the row drizzle would have answered.
 */
export function jsonRow(source: Table | Columns): SQL {
  const fields = Object.entries(columnsOf(source)).map(
    // Field names are the schema's own identifiers, never input.
    ([field, column]) => sql`${sql.raw(`'${field}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(fields, sql`, `)})`;
}

/**
 * A reader of `jsonRow`'s objects for these columns: each value through its column's driver
 * mapping (dates, numbers). The columns are listed once, not for every row read: a page's rows
 * read through drizzle's own mapping cost it a type check per cell.
 */
export function jsonRowReader<T extends Table>(
  source: T | Columns,
): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(columnsOf(source));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of columns) {
      const value = json[field];
      row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

/** A row of `table` from `jsonRow`'s object (see jsonRowReader). */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  return jsonRowReader(table)(json);
}

function columnsOf(source: Table | Columns): Columns {
  return is(source, Table) ? getTableColumns(source) : source;
}
