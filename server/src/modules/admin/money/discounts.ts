import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  adminMoneyMessages,
  centsToMoney,
  discountIssues,
  formatMessage,
  hhmmOf,
  minutesOf,
  moneyToCents,
  type AdminDiscount,
  type AdminDiscountCreate,
  type AdminDiscountPatch,
  type AdminDiscountQuery,
  type Weekday,
} from '@store/contract';
import { discountRules, places, productCategories, products } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Row = typeof discountRules.$inferSelect;

/** PERCENT values are basis points and money values cents: both read as "x.yy". */
const toApi = (row: Row): AdminDiscount => ({
  uid: row.uid,
  name: row.name,
  kind: row.kind,
  target: row.target,
  product_uids: row.productUids,
  category_uids: row.categoryUids,
  value: centsToMoney(row.value),
  buy_quantity: row.buyQuantity,
  pay_quantity: row.payQuantity,
  min_subtotal: centsToMoney(row.minSubtotalCents),
  place_uids: row.placeUids,
  weekdays: row.weekdays as Weekday[],
  start_time: row.startMinute === null ? null : hhmmOf(row.startMinute),
  end_time: row.endMinute === null ? null : hhmmOf(row.endMinute),
  valid_from: row.validFrom?.toISOString() ?? null,
  valid_until: row.validUntil?.toISOString() ?? null,
  member_levels: row.memberLevels,
  stackable_with_coupons: row.stackableWithCoupons,
  max_uses: row.maxUses,
  uses: row.uses,
  is_active: row.isActive,
  version: row.version,
});

type Fields = Omit<AdminDiscountPatch, 'version'>;

/** The columns a create or a patch writes (what is left out stays as it is). */
function columns(input: Fields) {
  const at = (v: string | null | undefined) => (v === undefined ? undefined : v && new Date(v));
  const minute = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null ? null : minutesOf(v);
  const cents = (v: string | undefined) => (v === undefined ? undefined : moneyToCents(v));
  return Object.fromEntries(
    Object.entries({
      name: input.name,
      kind: input.kind,
      target: input.target,
      productUids: input.product_uids && [...new Set(input.product_uids)],
      categoryUids: input.category_uids && [...new Set(input.category_uids)],
      value: input.kind === 'BUY_X_PAY_Y' ? 0 : cents(input.value),
      buyQuantity: input.buy_quantity,
      payQuantity: input.pay_quantity,
      minSubtotalCents: cents(input.min_subtotal),
      placeUids: input.place_uids && [...new Set(input.place_uids)],
      weekdays: input.weekdays && [...new Set(input.weekdays)],
      startMinute: minute(input.start_time),
      endMinute: minute(input.end_time),
      validFrom: at(input.valid_from),
      validUntil: at(input.valid_until),
      memberLevels: input.member_levels,
      stackableWithCoupons: input.stackable_with_coupons,
      maxUses: input.max_uses,
      isActive: input.is_active,
    }).filter(([, v]) => v !== undefined),
  );
}

/** Products, categories and places named must be the company's own: 400 on the field otherwise. */
async function checkRefs(admin: AdminScope, tx: Tx, d: Fields) {
  const issues: Record<string, string[]> = {};
  const owned = async (
    field: string,
    wanted: string[] | undefined,
    table: typeof products | typeof productCategories | typeof places,
  ) => {
    const list = [...new Set(wanted ?? [])];
    if (!list.length) return;
    const [{ n }] = await tx
      .select({ n: count() })
      .from(table)
      .where(
        ofTenant(admin, table, eq(table.companyUid, admin.company.uid), inArray(table.uid, list)),
      );
    if (n !== list.length) issues[field] = [adminMoneyMessages.discountUnknownRef];
  };
  await owned('product_uids', d.product_uids, products);
  await owned('category_uids', d.category_uids, productCategories);
  await owned('place_uids', d.place_uids, places);
  if (Object.keys(issues).length) throw new ValidationError(issues);
}

export async function listDiscounts(
  admin: AdminScope,
  query: AdminDiscountQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminDiscount[] }> {
  const where = ofTenant(
    admin,
    discountRules,
    eq(discountRules.companyUid, admin.company.uid),
    query.active ? eq(discountRules.isActive, query.active === 'true') : undefined,
  );
  const [{ n }] = await admin.db.select({ n: count() }).from(discountRules).where(where);
  const rows = await admin.db
    .select()
    .from(discountRules)
    .where(where)
    .orderBy(desc(discountRules.createdAt), desc(discountRules.uid))
    .limit(window.limit)
    .offset(window.offset);
  return { count: n, results: rows.map(toApi) };
}

export async function createDiscount(
  admin: AdminScope,
  input: AdminDiscountCreate,
): Promise<AdminDiscount> {
  return admin.db.transaction(async (tx) => {
    await checkRefs(admin, tx, input);
    const [row] = await tx
      .insert(discountRules)
      .values({
        appId: admin.app.uid,
        uid: randomUUID(),
        companyUid: admin.company.uid,
        ...(columns(input) as Pick<Row, 'name' | 'kind' | 'target' | 'value'>),
      })
      .returning();
    return recordSave(withDb(admin, tx), 'discount', row.uid, null, toApi(row));
  });
}

/**
 * Changes a rule (pausing it is `is_active: false`). The rules across fields are checked again on
 * the merged record, and a limit never goes below the uses so far: the row is locked, so no order
 * can take the rule meanwhile.
 */
export async function updateDiscount(
  admin: AdminScope,
  uid: string,
  input: AdminDiscountPatch,
): Promise<AdminDiscount> {
  if (!isUid(uid)) throw new NotFoundError(adminMoneyMessages.discountNotFound);
  return admin.db.transaction(async (tx) => {
    const where = ofTenant(
      admin,
      discountRules,
      eq(discountRules.uid, uid),
      eq(discountRules.companyUid, admin.company.uid),
    );
    const [row] = await tx.select().from(discountRules).where(where).for('update');
    if (!row) throw new NotFoundError(adminMoneyMessages.discountNotFound);
    checkVersion(row, input.version, toApi);
    const { version: _version, ...fields } = input;
    const merged = { ...toApi(row), ...fields };
    const issues: Record<string, string[]> = Object.fromEntries(
      Object.entries(discountIssues(merged)).map(([k, v]) => [k, [v]]),
    );
    if (merged.max_uses !== null && merged.max_uses < row.uses)
      issues.max_uses = [formatMessage('admin.discount_max_below_uses', { uses: row.uses })];
    if (Object.keys(issues).length) throw new ValidationError(issues);
    await checkRefs(admin, tx, fields);
    const [updated] = await tx
      .update(discountRules)
      .set({ ...columns(fields), version: sql`${discountRules.version} + 1` })
      .where(and(where))
      .returning();
    return recordSave(withDb(admin, tx), 'discount', uid, toApi(row), toApi(updated));
  });
}
