import { randomUUID } from 'node:crypto';
import { and, eq, max, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  adminCatalogueCsvMessages,
  adminCatalogueMessages,
  centsToMoney,
  csvCellField,
  formatMessage,
  moneyToCents,
  PLACE_ACTIVE_PREFIX,
  PLACE_STOCK_PREFIX,
  PRODUCT_CSV_MAX_ROWS,
  productCsvCells,
  productCsvColumns,
  productCsvPlaceCells,
  productCsvRequiredColumns,
  type AdminProductImportInput,
  type AdminProductImportResult,
  type ProductCsvColumn,
} from '@store/contract';
import { companies, placeProducts, products } from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import { tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { productSearchText, refreshPlaceProductCounts } from '../../../tenants/import-catalog';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import type { Tx } from '../../../db/client';
import { companyCatalogue, type PlaceRow, type ProductRow } from './csv-export';
import { ProductsChangedError } from './products-changed';
import { recordSetStock } from '../../stock/movements';

type Place = AdminScope['places'][number];
/** The cells of one file row, parsed; a column the file lacks is undefined (left as it is). */
type Cells = { [C in ProductCsvColumn]?: ReturnType<(typeof productCsvCells)[C]['parse']> };
type PlaceCells = { place: Place; stock?: number | null; active?: boolean | null };
type Row = { row: number; cells: Cells; places: PlaceCells[] };

/** What one product becomes: the columns of `products` the file sets, and its place rows. */
type ProductValues = {
  sku: string | null;
  title: string;
  shortDescription: string;
  description: string;
  unitPriceCents: number;
  categoryUid: string | null;
  brand: string | null;
  isActive: boolean;
  isRedeemable: boolean;
  coinPrice: number | null;
  image: string | null;
};
type PlaceValues = Map<string, { stock: number | null; isActive: boolean } | null>;
type Plan =
  | { kind: 'create'; row: number; values: ProductValues; places: PlaceValues }
  | {
      kind: 'update';
      row: number;
      current: ProductRow;
      values: ProductValues;
      places: PlaceValues;
      columns: string[];
    }
  | { kind: 'unchanged'; row: number };

/** Column → the `products` field it sets (the place columns aside). */
const fieldOf = {
  sku: 'sku',
  titulo: 'title',
  descripcion_corta: 'shortDescription',
  descripcion: 'description',
  precio: 'unitPriceCents',
  categoria: 'categoryUid',
  marca: 'brand',
  activo: 'isActive',
  canjeable: 'isRedeemable',
  precio_monedas: 'coinPrice',
  imagen: 'image',
} as const satisfies Partial<Record<ProductCsvColumn, keyof ProductValues>>;

/** The export quotes text that a spreadsheet would run (`'=...`); the import reads it back as typed. */
function unquoted(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The file's records, header first; an unreadable file is a 400 naming where it broke. */
function recordsOf(text: string): string[][] {
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
function columnsOf(admin: AdminScope, header: string[]): Columns {
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
function rowsOf(columns: Columns, records: string[][], errors: Record<string, string[]>): Row[] {
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

function valuesOf(row: ProductRow): ProductValues {
  return {
    sku: row.sku,
    title: row.title,
    shortDescription: row.shortDescription,
    description: row.description,
    unitPriceCents: row.unitPriceCents,
    categoryUid: row.categoryUid,
    brand: row.brand,
    isActive: row.isActive,
    isRedeemable: row.isRedeemable,
    coinPrice: row.coinPrice,
    image: row.image,
  };
}

const NEW_PRODUCT: ProductValues = {
  sku: null,
  title: '',
  shortDescription: '',
  description: '',
  unitPriceCents: 0,
  categoryUid: null,
  brand: null,
  isActive: true,
  isRedeemable: false,
  coinPrice: null,
  image: null,
};

type Catalogue = Awaited<ReturnType<typeof companyCatalogue>>;

/**
 * Decides what each row does against the catalogue as it is: a row is the product of its
 * SKU, else of its uid, else a new one. Errors of the matching (an unknown uid, a SKU of
 * another product, a product twice) join the cell errors.
 */
function plan(
  rows: Row[],
  catalogue: Catalogue,
  errors: Record<string, string[]>,
): { plans: Plan[]; stale: ProductRow[] } {
  const bySku = new Map(catalogue.rows.filter((p) => p.sku).map((p) => [p.sku as string, p]));
  const byUid = new Map(catalogue.rows.map((p) => [p.uid, p]));
  const categoryByName = new Map(
    catalogue.categories.map((c) => [c.name.trim().toLocaleLowerCase('es'), c.uid]),
  );
  const rowOfProduct = new Map<string, number>();
  const rowOfNewSku = new Map<string, number>();
  const plans: Plan[] = [];
  const stale: ProductRow[] = [];
  const fail = (row: number, column: string, message: string) =>
    (errors[csvCellField(row, column)] ??= []).push(message);

  for (const { row, cells, places } of rows) {
    let current: ProductRow | undefined;
    if (cells.sku) current = bySku.get(cells.sku);
    if (cells.uid) {
      const byId = byUid.get(cells.uid);
      if (!byId) fail(row, 'uid', adminCatalogueCsvMessages.csvUnknownProduct);
      else if (current && current.uid !== byId.uid)
        fail(row, 'sku', adminCatalogueCsvMessages.csvSkuOfAnotherProduct);
      else current = byId;
    }
    if (current) {
      const first = rowOfProduct.get(current.uid);
      if (first !== undefined)
        fail(
          row,
          cells.sku ? 'sku' : 'uid',
          formatMessage('admin.csv_repeated_product', { row: first }),
        );
      rowOfProduct.set(current.uid, row);
      // A SKU given to this product must not be another product's.
      if (cells.sku && bySku.get(cells.sku) && bySku.get(cells.sku)?.uid !== current.uid)
        fail(row, 'sku', adminCatalogueCsvMessages.csvSkuOfAnotherProduct);
    } else if (cells.sku) {
      const first = rowOfNewSku.get(cells.sku);
      if (first !== undefined)
        fail(row, 'sku', formatMessage('admin.csv_repeated_product', { row: first }));
      rowOfNewSku.set(cells.sku, row);
    }

    const before = current ? valuesOf(current) : NEW_PRODUCT;
    const values: ProductValues = { ...before };
    for (const [column, field] of Object.entries(fieldOf) as [
      keyof typeof fieldOf,
      keyof ProductValues,
    ][]) {
      const cell = cells[column];
      if (cell === undefined) continue;
      if (column === 'precio') values.unitPriceCents = moneyToCents(cell as string);
      else if (column === 'categoria') {
        const uid =
          cell === null ? null : categoryByName.get((cell as string).toLocaleLowerCase('es'));
        if (uid === undefined) fail(row, column, adminCatalogueCsvMessages.csvUnknownCategory);
        else values.categoryUid = uid;
      } else (values as Record<string, unknown>)[field] = cell;
    }
    if (values.isRedeemable && !values.coinPrice)
      fail(row, 'precio_monedas', adminCatalogueCsvMessages.csvCoinPriceRequired);

    const placeValues: PlaceValues = new Map();
    const atPlaces = current ? catalogue.placesOf.get(current.uid) : undefined;
    for (const { place, stock, active } of places) {
      const was = atPlaces?.get(place.uid);
      const listed = active === undefined ? Boolean(was) : active !== null;
      if (!listed) {
        if (stock !== undefined && stock !== null)
          fail(
            row,
            `${PLACE_STOCK_PREFIX}${place.name}`,
            adminCatalogueMessages.productPlaceNotFound,
          );
        if (was) placeValues.set(place.uid, null);
        continue;
      }
      const next = {
        stock: stock === undefined ? (was?.stock ?? null) : stock,
        isActive: active ?? was?.isActive ?? true,
      };
      if (!was || was.stock !== next.stock || was.isActive !== next.isActive)
        placeValues.set(place.uid, next);
    }

    if (!current) {
      plans.push({ kind: 'create', row, values, places: placeValues });
      continue;
    }
    const columns = (Object.entries(fieldOf) as [string, keyof ProductValues][])
      .filter(([, field]) => values[field] !== before[field])
      .map(([column]) => column);
    for (const [placeUid] of placeValues) {
      const place = places.find((p) => p.place.uid === placeUid)?.place;
      if (place) columns.push(`${PLACE_STOCK_PREFIX}${place.name}`);
    }
    if (!columns.length) {
      plans.push({ kind: 'unchanged', row });
      continue;
    }
    // The file says which version it was exported at: a product changed since is not overwritten.
    if (cells.version && cells.version !== current.version) stale.push(current);
    plans.push({ kind: 'update', row, current, values, places: placeValues, columns });
  }
  return { plans, stale };
}

/** The product as its audit line shows it (the form's shape, places included). */
function auditShape(
  uid: string,
  values: ProductValues,
  version: number,
  places: Map<string, { stock: number | null; isActive: boolean }>,
  admin: AdminScope,
  categoryName: Map<string, string>,
): Record<string, unknown> {
  return {
    uid,
    title: values.title,
    short_description: values.shortDescription,
    description: values.description,
    price: centsToMoney(values.unitPriceCents),
    image: values.image,
    category: values.categoryUid
      ? { uid: values.categoryUid, name: categoryName.get(values.categoryUid) ?? '' }
      : null,
    brand: values.brand,
    sku: values.sku,
    is_active: values.isActive,
    is_redeemable: values.isRedeemable,
    coin_price: values.coinPrice,
    places: admin.places
      .filter((p) => places.has(p.uid))
      .map((p) => ({
        place: p,
        is_active: places.get(p.uid)?.isActive,
        stock: places.get(p.uid)?.stock,
      })),
    version,
  };
}

function searchOf(values: ProductValues, categoryName: Map<string, string>) {
  return {
    searchTitle: productSearchText([values.title]),
    searchText: productSearchText([
      values.shortDescription,
      values.description,
      values.brand,
      values.categoryUid ? categoryName.get(values.categoryUid) : null,
    ]),
  };
}

/** Writes one product's place rows as planned, each with the copies the store's listing reads. */
async function writePlaces(
  admin: AdminScope,
  tx: Tx,
  productUid: string,
  values: ProductValues,
  position: number,
  places: PlaceValues,
  existing: Map<string, PlaceRow> | undefined,
) {
  // Read first, then copied as a value: Citus refuses sub-selects in INSERT.
  const [product] = await tx
    .select({ searchVector: products.searchVector })
    .from(products)
    .where(ofTenant(admin, products, eq(products.uid, productUid)));
  const vector = product!.searchVector;
  // The copies follow the product on every row, planned or not (as the product form does).
  await tx
    .update(placeProducts)
    .set({
      searchVector: vector,
      categoryUid: values.categoryUid,
      isRedeemable: values.isRedeemable,
    })
    .where(ofTenant(admin, placeProducts, eq(placeProducts.productUid, productUid)));
  for (const [placeUid, next] of places) {
    const where = ofTenant(
      admin,
      placeProducts,
      eq(placeProducts.productUid, productUid),
      eq(placeProducts.placeUid, placeUid),
    );
    const why = { reason: 'import', actorUid: admin.user.uid } as const;
    if (next === null) await tx.delete(placeProducts).where(where);
    else if (existing?.has(placeUid)) {
      await tx
        .update(placeProducts)
        .set({ stock: next.stock, isActive: next.isActive })
        .where(where);
      const before = existing.get(placeUid)!.stock;
      await recordSetStock(tx, admin.app.uid, placeUid, productUid, before, next.stock, why);
    } else {
      await tx.insert(placeProducts).values({
        appId: admin.app.uid,
        placeUid,
        productUid,
        stock: next.stock,
        isActive: next.isActive,
        position,
        categoryUid: values.categoryUid,
        isRedeemable: values.isRedeemable,
        searchVector: vector,
      });
      await recordSetStock(tx, admin.app.uid, placeUid, productUid, null, next.stock, why);
    }
  }
}

/** The place rows a product has after the plan, for its audit line. */
function placesAfter(existing: Map<string, PlaceRow> | undefined, planned: PlaceValues) {
  const out = new Map<string, { stock: number | null; isActive: boolean }>();
  for (const [uid, row] of existing ?? [])
    out.set(uid, { stock: row.stock, isActive: row.isActive });
  for (const [uid, next] of planned) {
    if (next === null) out.delete(uid);
    else out.set(uid, next);
  }
  return out;
}

/**
 * Imports the company's products from a CSV file (the export's format). Every row is
 * checked and matched first; any bad row is a 400 naming each bad cell and nothing is
 * written; a product changed since the file's `version` is a 409 naming it. Otherwise,
 * unless it is a dry run, one transaction creates and updates the products (versions
 * bumped, search texts and place counts refreshed as the tenant importer does) and
 * records one audit line per product it changed.
 */
export async function importProductsCsv(
  admin: AdminScope,
  input: AdminProductImportInput,
): Promise<AdminProductImportResult> {
  const [header, ...records] = recordsOf(input.csv);
  if (!header) throw new ValidationError({ csv: [adminCatalogueCsvMessages.csvEmpty] });
  const columns = columnsOf(admin, header);
  if (records.length > PRODUCT_CSV_MAX_ROWS)
    throw new ValidationError({
      csv: [formatMessage('admin.csv_too_many_rows', { max: PRODUCT_CSV_MAX_ROWS })],
    });
  const errors: Record<string, string[]> = {};
  const rows = rowsOf(columns, records, errors);
  if (!rows.length && !Object.keys(errors).length)
    throw new ValidationError({ csv: [adminCatalogueCsvMessages.csvEmpty] });

  return admin.db.transaction(async (tx) => {
    if (!input.dry_run)
      // Imports and bulk edits of one company take turns: two files creating the same SKU
      // never both pass the check.
      await tx
        .select({ uid: companies.uid })
        .from(companies)
        .where(ofTenant(admin, companies, eq(companies.uid, admin.company.uid)))
        .for('update');
    const catalogue = await companyCatalogue(admin, tx, !input.dry_run);
    const { plans, stale } = plan(rows, catalogue, errors);
    if (Object.keys(errors).length)
      throw new ValidationError({ csv: [adminCatalogueCsvMessages.csvBadRows], ...errors });
    if (stale.length) throw new ProductsChangedError(stale);

    const result: AdminProductImportResult = {
      dry_run: input.dry_run,
      created: [],
      updated: [],
      unchanged: plans.filter((p) => p.kind === 'unchanged').length,
    };
    for (const p of plans)
      if (p.kind === 'create')
        result.created.push({ row: p.row, uid: null, sku: p.values.sku, title: p.values.title });
      else if (p.kind === 'update')
        result.updated.push({
          row: p.row,
          uid: p.current.uid,
          sku: p.values.sku,
          title: p.values.title,
          columns: p.columns,
        });
    if (input.dry_run) return result;

    const categoryName = new Map(catalogue.categories.map((c) => [c.uid, c.name]));
    const audited = withDb(admin, tx);
    const [{ last }] = await tx
      .select({ last: max(products.position) })
      .from(products)
      .where(ofTenant(admin, products, eq(products.companyUid, admin.company.uid)));
    let position = (last ?? -1) + 1;
    let created = 0;
    for (const p of plans) {
      if (p.kind === 'unchanged') continue;
      if (p.kind === 'create') {
        // The same uid the tenant importer derives from the key, so the store's exported
        // tenant file imports back onto this very row.
        const key = `product-${randomUUID()}`;
        const uid = tenantUid(admin.app.key, 'product', key);
        await tx.insert(products).values({
          appId: admin.app.uid,
          uid,
          key,
          companyUid: admin.company.uid,
          ...p.values,
          position,
          ...searchOf(p.values, categoryName),
        });
        await writePlaces(admin, tx, uid, p.values, position, p.places, undefined);
        position += 1;
        result.created[created++].uid = uid;
        await recordChange(audited, {
          entity: 'product',
          entityUid: uid,
          action: 'create',
          before: null,
          after: auditShape(
            uid,
            p.values,
            1,
            placesAfter(undefined, p.places),
            admin,
            categoryName,
          ),
        });
        continue;
      }
      const existing = catalogue.placesOf.get(p.current.uid);
      await tx
        .update(products)
        .set({
          ...p.values,
          ...searchOf(p.values, categoryName),
          version: sql`${products.version} + 1`,
        })
        .where(
          ofTenant(
            admin,
            products,
            and(eq(products.uid, p.current.uid), eq(products.companyUid, admin.company.uid)),
          ),
        );
      await writePlaces(admin, tx, p.current.uid, p.values, p.current.position, p.places, existing);
      await recordChange(audited, {
        entity: 'product',
        entityUid: p.current.uid,
        action: 'update',
        before: auditShape(
          p.current.uid,
          valuesOf(p.current),
          p.current.version,
          placesAfter(existing, new Map()),
          admin,
          categoryName,
        ),
        after: auditShape(
          p.current.uid,
          p.values,
          p.current.version + 1,
          placesAfter(existing, p.places),
          admin,
          categoryName,
        ),
      });
    }
    await refreshPlaceProductCounts(tx, admin.app.uid);
    return result;
  });
}
