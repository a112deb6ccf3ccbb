import { randomUUID } from 'node:crypto';
import { and, eq, max, sql } from 'drizzle-orm';
import {
  adminCatalogueCsvMessages,
  formatMessage,
  PRODUCT_CSV_MAX_ROWS,
  type AdminProductImportInput,
  type AdminProductImportResult,
} from '@store/contract';
import { companies, products } from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import { tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { refreshPlaceProductCounts } from '../../../tenants/import-catalog';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import { companyCatalogue } from './csv-export';
import { ProductsChangedError } from './products-changed';
import { columnsOf, recordsOf, rowsOf } from './csv-rows';
import { plan, valuesOf } from './csv-plan';
import { auditShape, placesAfter, searchOf, writePlaces } from './csv-write';

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
