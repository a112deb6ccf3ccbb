import {
  adminCatalogueCsvMessages,
  adminCatalogueMessages,
  csvCellField,
  formatMessage,
  moneyToCents,
  PLACE_STOCK_PREFIX,
  type ProductCsvColumn,
} from '@store/contract';
import { companyCatalogue, type ProductRow } from './csv-export';
import type { Row } from './csv-rows';

// Matching a CSV's rows to the catalogue: what each row creates, changes or leaves alone.

/** What one product becomes: the columns of `products` the file sets, and its place rows. */
export type ProductValues = {
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
export type PlaceValues = Map<string, { stock: number | null; isActive: boolean } | null>;
export type Plan =
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

export function valuesOf(row: ProductRow): ProductValues {
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

export const NEW_PRODUCT: ProductValues = {
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
export function plan(
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
