import { asc, eq, inArray } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  centsToMoney,
  PLACE_ACTIVE_PREFIX,
  PLACE_STOCK_PREFIX,
  productCsvColumns,
} from '@store/contract';
import { placeProducts, productCategories, products } from '../../../db/schema';
import { ofTenant } from '../../../scope/tenant-query';
import { safeCell } from '../../staff/records';
import type { AdminScope } from '../guard';
import type { Tx } from '../../../db/client';

type Db = AdminScope['db'] | Tx;
export type ProductRow = typeof products.$inferSelect;
export type PlaceRow = typeof placeProducts.$inferSelect;

/** The columns of the company's file: the flat ones, then a stock/offer pair per place the user may see. */
export function productCsvHeader(admin: AdminScope): string[] {
  return [
    ...productCsvColumns,
    ...admin.places.flatMap((p) => [
      `${PLACE_STOCK_PREFIX}${p.name}`,
      `${PLACE_ACTIVE_PREFIX}${p.name}`,
    ]),
  ];
}

/** Everything the file speaks about: the company's products, categories and place rows. */
export async function companyCatalogue(admin: AdminScope, db: Db, lock = false) {
  const query = db
    .select()
    .from(products)
    .where(ofTenant(admin, products, eq(products.companyUid, admin.company.uid)))
    .orderBy(asc(products.position), asc(products.uid));
  // The import locks every product it may write, in one order, so two imports never deadlock.
  const rows = lock ? await query.for('update') : await query;
  const categories = await db
    .select({ uid: productCategories.uid, name: productCategories.name })
    .from(productCategories)
    .where(ofTenant(admin, productCategories, eq(productCategories.companyUid, admin.company.uid)));
  const placeRows =
    rows.length && admin.places.length
      ? await db
          .select()
          .from(placeProducts)
          .where(
            ofTenant(
              admin,
              placeProducts,
              inArray(
                placeProducts.placeUid,
                admin.places.map((p) => p.uid),
              ),
              inArray(
                placeProducts.productUid,
                rows.map((r) => r.uid),
              ),
            ),
          )
      : [];
  const placesOf = new Map<string, Map<string, PlaceRow>>();
  for (const row of placeRows) {
    const byPlace = placesOf.get(row.productUid) ?? new Map<string, PlaceRow>();
    byPlace.set(row.placeUid, row);
    placesOf.set(row.productUid, byPlace);
  }
  return { rows, categories, placesOf };
}

const yesNo = (value: boolean) => (value ? 'sí' : 'no');

/**
 * The company's products as the import reads them back: UTF-8 with a BOM (so spreadsheet
 * programs read the accents), one row per product, formula-safe text cells. The whole
 * catalogue fits in memory (a store has hundreds or a few thousand products), unlike the
 * orders file, which streams.
 */
export async function productsCsv(admin: AdminScope): Promise<string> {
  const { rows, categories, placesOf } = await companyCatalogue(admin, admin.db);
  const categoryName = new Map(categories.map((c) => [c.uid, c.name]));
  const records = rows.map((p) => {
    const atPlaces = placesOf.get(p.uid);
    return [
      p.uid,
      String(p.version),
      safeCell(p.sku ?? ''),
      safeCell(p.title),
      safeCell(p.shortDescription),
      safeCell(p.description),
      centsToMoney(p.unitPriceCents),
      safeCell((p.categoryUid && categoryName.get(p.categoryUid)) || ''),
      safeCell(p.brand ?? ''),
      yesNo(p.isActive),
      yesNo(p.isRedeemable),
      p.coinPrice === null ? '' : String(p.coinPrice),
      safeCell(p.image ?? ''),
      ...admin.places.flatMap((place) => {
        const at = atPlaces?.get(place.uid);
        return at ? [at.stock === null ? '' : String(at.stock), yesNo(at.isActive)] : ['', ''];
      }),
    ];
  });
  return stringify([productCsvHeader(admin), ...records], { bom: true });
}
