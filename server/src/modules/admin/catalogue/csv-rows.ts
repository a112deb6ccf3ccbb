import { parse } from 'csv-parse/sync';
import {
  csvCellField,
  formatMessage,
  PLACE_ACTIVE_PREFIX,
  PLACE_STOCK_PREFIX,
  productCsvCells,
  productCsvColumns,
  productCsvPlaceCells,
  productCsvRequiredColumns,
  type ProductCsvColumn,
} from '@store/contract';
import { ValidationError } from '../../../lib/http-errors';
import type { AdminScope } from '../guard';

// Reading a products CSV: its records, where each column is, and each cell through the contract.

export type Place = AdminScope['places'][number];
/** The cells of one file row, parsed; a column the file lacks is undefined (left as it is). */
type Cells = { [C in ProductCsvColumn]?: ReturnType<(typeof productCsvCells)[C]['parse']> };
type PlaceCells = { place: Place; stock?: number | null; active?: boolean | null };
export type Row = { row: number; cells: Cells; places: PlaceCells[] };

/** The export quotes text that a spreadsheet would run (`'=...`); the import reads it back as typed. */
function unquoted(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The file's records, header first; an unreadable file is a 400 naming where it broke. */
export function recordsOf(text: string): string[][] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0];
  // A spreadsheet set to Spanish saves with semicolons.
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  try {
    return parse(text, { bom: true, delimiter, skip_empty_lines: true }) as string[][];
  } catch (err) {
    const row = (err as { lines?: number }).lines ?? 1;
    throw new ValidationError({ csv: [formatMessage('admin.csv_unreadable', { row })] });
  }
}

type Columns = {
  flat: Map<ProductCsvColumn, number>;
  places: { place: Place; stock?: number; active?: number }[];
};

/** Where each known column is; an unknown, repeated or missing one is a 400 on `csv`. */
export function columnsOf(admin: AdminScope, header: string[]): Columns {
  const errors: string[] = [];
  const flat = new Map<ProductCsvColumn, number>();
  const places = new Map<string, Columns['places'][number]>();
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    const known = (productCsvColumns as readonly string[]).includes(name);
    const stockOf = name.startsWith(PLACE_STOCK_PREFIX)
      ? admin.places.find((p) => p.name === name.slice(PLACE_STOCK_PREFIX.length).trim())
      : undefined;
    const activeOf = name.startsWith(PLACE_ACTIVE_PREFIX)
      ? admin.places.find((p) => p.name === name.slice(PLACE_ACTIVE_PREFIX.length).trim())
      : undefined;
    if (seen.has(name) || !(known || stockOf || activeOf)) {
      errors.push(formatMessage('admin.csv_unknown_column', { column: name || '""' }));
      return;
    }
    seen.add(name);
    if (known) flat.set(name as ProductCsvColumn, index);
    const place = stockOf ?? activeOf;
    if (place) {
      const entry = places.get(place.uid) ?? { place };
      if (stockOf) entry.stock = index;
      else entry.active = index;
      places.set(place.uid, entry);
    }
  });
  for (const column of productCsvRequiredColumns)
    if (!flat.has(column)) errors.push(formatMessage('admin.csv_missing_column', { column }));
  if (errors.length) throw new ValidationError({ csv: errors });
  return { flat, places: [...places.values()] };
}

/** Each record's cells through the contract's rules; every bad cell is named by row and column. */
export function rowsOf(
  columns: Columns,
  records: string[][],
  errors: Record<string, string[]>,
): Row[] {
  const rows: Row[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    if (record.every((cell) => cell.trim() === '')) return;
    const cells: Record<string, unknown> = {};
    for (const [column, at] of columns.flat) {
      const parsed = productCsvCells[column].safeParse(unquoted(record[at] ?? ''));
      if (parsed.success) cells[column] = parsed.data;
      else errors[csvCellField(row, column)] = parsed.error.issues.map((i) => i.message);
    }
    const places: PlaceCells[] = [];
    for (const { place, stock, active } of columns.places) {
      const entry: PlaceCells = { place };
      if (stock !== undefined) {
        const parsed = productCsvPlaceCells.stock.safeParse(record[stock] ?? '');
        if (parsed.success) entry.stock = parsed.data;
        else
          errors[csvCellField(row, `${PLACE_STOCK_PREFIX}${place.name}`)] = parsed.error.issues.map(
            (i) => i.message,
          );
      }
      if (active !== undefined) {
        const parsed = productCsvPlaceCells.active.safeParse(record[active] ?? '');
        if (parsed.success) entry.active = parsed.data;
        else {
          errors[csvCellField(row, `${PLACE_ACTIVE_PREFIX}${place.name}`)] =
            parsed.error.issues.map((i) => i.message);
          // Whether it is listed there is unknown: its stock cell is not judged on a guess.
          continue;
        }
      }
      places.push(entry);
    }
    rows.push({ row, cells: cells as Cells, places });
  });
  return rows;
}
