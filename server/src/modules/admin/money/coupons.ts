import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  adminMoneyMessages,
  centsToMoney,
  couponIssues,
  formatMessage,
  moneyToCents,
  type AdminCoupon,
  type AdminCouponCreate,
  type AdminCouponPatch,
  type AdminCouponQuery,
} from '@store/contract';
import { coupons } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { isUniqueViolation } from '../../orders/checkout/idempotency';
import { recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Row = typeof coupons.$inferSelect;

/** PERCENT values are basis points and AMOUNT values cents: both read as "x.yy". */
const toApi = (row: Row): AdminCoupon => ({
  uid: row.uid,
  code: row.code,
  kind: row.kind,
  value: centsToMoney(row.value),
  min_subtotal: centsToMoney(row.minSubtotalCents),
  valid_from: row.validFrom?.toISOString() ?? null,
  valid_until: row.validUntil?.toISOString() ?? null,
  max_uses: row.maxUses,
  max_uses_per_member: row.maxUsesPerMember,
  uses: row.uses,
  is_active: row.isActive,
  version: row.version,
});

type Fields = Omit<AdminCouponPatch, 'version'>;

/** The columns a create or a patch writes. */
function columns(input: Fields) {
  const at = (v: string | null | undefined) => (v === undefined ? undefined : v && new Date(v));
  return Object.fromEntries(
    Object.entries({
      code: input.code,
      kind: input.kind,
      value: input.value === undefined ? undefined : moneyToCents(input.value),
      minSubtotalCents:
        input.min_subtotal === undefined ? undefined : moneyToCents(input.min_subtotal),
      validFrom: at(input.valid_from),
      validUntil: at(input.valid_until),
      maxUses: input.max_uses,
      maxUsesPerMember: input.max_uses_per_member,
      isActive: input.is_active,
    }).filter(([, v]) => v !== undefined),
  );
}

const codeTaken = (err: unknown) => isUniqueViolation(err, 'coupons_company_code_key');
const takenError = () => new ValidationError({ code: [adminMoneyMessages.couponCodeTaken] });

export async function listCoupons(
  admin: AdminScope,
  query: AdminCouponQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminCoupon[] }> {
  const where = ofTenant(
    admin,
    coupons,
    eq(coupons.companyUid, admin.company.uid),
    query.q ? ilike(coupons.code, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.active ? eq(coupons.isActive, query.active === 'true') : undefined,
  );
  const [{ n }] = await admin.db.select({ n: count() }).from(coupons).where(where);
  const column = {
    code: coupons.code,
    uses: coupons.uses,
    valid_until: coupons.validUntil,
  }[query.sort.replace('-', '') as 'code' | 'uses' | 'valid_until'];
  const rows = await admin.db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(coupons.code))
    .limit(window.limit)
    .offset(window.offset);
  return { count: n, results: rows.map(toApi) };
}

export async function createCoupon(
  admin: AdminScope,
  input: AdminCouponCreate,
): Promise<AdminCoupon> {
  try {
    return await admin.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({
          appId: admin.app.uid,
          uid: randomUUID(),
          companyUid: admin.company.uid,
          key: `admin-${input.code.toLowerCase()}`,
          ...(columns(input) as Pick<Row, 'code' | 'kind' | 'value'>),
        })
        .returning();
      return recordSave(withDb(admin, tx), 'coupon', row.uid, null, toApi(row));
    });
  } catch (err) {
    if (codeTaken(err)) throw takenError();
    throw err;
  }
}

/**
 * Changes a coupon. The rules across fields are checked again on the merged record (a
 * patch of `kind` alone must still leave a valid value), and a limit never goes below the
 * uses so far: the row is locked, so no order can take the coupon meanwhile.
 */
export async function updateCoupon(
  admin: AdminScope,
  uid: string,
  input: AdminCouponPatch,
): Promise<AdminCoupon> {
  if (!isUid(uid)) throw new NotFoundError(adminMoneyMessages.couponNotFound);
  try {
    return await admin.db.transaction(async (tx) => {
      const where = ofTenant(
        admin,
        coupons,
        eq(coupons.uid, uid),
        eq(coupons.companyUid, admin.company.uid),
      );
      const [row] = await tx.select().from(coupons).where(where).for('update');
      if (!row) throw new NotFoundError(adminMoneyMessages.couponNotFound);
      checkVersion(row, input.version, toApi);
      const { version: _version, ...fields } = input;
      const merged = { ...toApi(row), ...fields };
      const issues: Record<string, string[]> = Object.fromEntries(
        Object.entries(couponIssues(merged)).map(([k, v]) => [k, [v]]),
      );
      if (merged.max_uses !== null && merged.max_uses < row.uses)
        issues.max_uses = [formatMessage('admin.coupon_max_below_uses', { uses: row.uses })];
      if (Object.keys(issues).length) throw new ValidationError(issues);
      const [updated] = await tx
        .update(coupons)
        .set({ ...columns(fields), version: sql`${coupons.version} + 1` })
        .where(and(where))
        .returning();
      return recordSave(withDb(admin, tx), 'coupon', uid, toApi(row), toApi(updated));
    });
  } catch (err) {
    if (codeTaken(err)) throw takenError();
    throw err;
  }
}
