import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  adminMessages,
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryInput,
} from '@store/contract';
import { productCategories } from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { withDb } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';
import { recordSave } from './audit';
import { checkVersion } from './concurrency';
import type { AdminScope } from './guard';

type CategoryRow = typeof productCategories.$inferSelect;

const toApi = (row: CategoryRow): AdminCategory => ({
  uid: row.uid,
  name: row.name,
  position: row.position,
  image: row.image,
  is_active: row.isActive,
  version: row.version,
});

/** The company's product categories, in the store's order. */
export async function listCategories(admin: AdminScope): Promise<AdminCategory[]> {
  const rows = await admin.db
    .select()
    .from(productCategories)
    .where(ofTenant(admin, productCategories, eq(productCategories.companyUid, admin.company.uid)))
    .orderBy(asc(productCategories.position), asc(productCategories.name));
  return rows.map(toApi);
}

/** Creates a category, last in the store's order unless a position is given. Audited. */
export async function createCategory(
  admin: AdminScope,
  input: AdminCategoryCreate,
): Promise<AdminCategory> {
  return admin.db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${productCategories.position}) + 1, 0)::int` })
      .from(productCategories)
      .where(
        ofTenant(admin, productCategories, eq(productCategories.companyUid, admin.company.uid)),
      );
    const uid = randomUUID();
    const [row] = await tx
      .insert(productCategories)
      .values({
        appId: admin.app.uid,
        uid,
        key: `admin-${uid}`,
        companyUid: admin.company.uid,
        name: input.name,
        image: input.image || null,
        position: input.position ?? next,
        isActive: input.is_active ?? true,
      })
      .returning();
    return recordSave(withDb(admin, tx), 'product_category', uid, null, toApi(row));
  });
}

/**
 * Renames, moves, pictures or switches off a category: the pattern every back-office write follows. One
 * transaction locks the row, checks the version the form read (409 when someone else
 * wrote first), writes with the version bumped, and records the audit line.
 */
export async function updateCategory(
  admin: AdminScope,
  uid: string,
  input: AdminCategoryInput,
): Promise<AdminCategory> {
  if (!isUid(uid)) throw new NotFoundError(adminMessages.categoryNotFound);
  return admin.db.transaction(async (tx) => {
    const where = ofTenant(
      admin,
      productCategories,
      eq(productCategories.uid, uid),
      eq(productCategories.companyUid, admin.company.uid),
    );
    const [row] = await tx.select().from(productCategories).where(where).for('update');
    if (!row) throw new NotFoundError(adminMessages.categoryNotFound);
    checkVersion(row, input.version, toApi);
    const [updated] = await tx
      .update(productCategories)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.image !== undefined ? { image: input.image || null } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        version: sql`${productCategories.version} + 1`,
      })
      .where(where)
      .returning();
    return recordSave(withDb(admin, tx), 'product_category', uid, toApi(row), toApi(updated));
  });
}
