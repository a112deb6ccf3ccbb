import { eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  centsToMoney,
  hhmmOf,
  type DiscountRule,
  type PlaceDiscount,
  type Weekday,
} from '@store/contract';
import type { Database, Tx } from '../../db/client';
import { discountRules, programMembers, programs, type AppliedDiscountRow } from '../../db/schema';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { settleInOrder } from '../../db/pipeline';
import { balancesOf } from '../programs/ledger';
import { levelFor } from '../programs/service';

type RuleRow = typeof discountRules.$inferSelect;

/** A stored rule as the engine (contract orders/discounts.ts) reads it. */
export function ruleOf(row: RuleRow): DiscountRule & { maxUses: number | null } {
  return {
    uid: row.uid,
    name: row.name,
    kind: row.kind,
    target: row.target,
    productUids: row.productUids,
    categoryUids: row.categoryUids,
    value: row.value,
    buyQuantity: row.buyQuantity,
    payQuantity: row.payQuantity,
    minSubtotalCents: row.minSubtotalCents,
    placeUids: row.placeUids,
    weekdays: row.weekdays as Weekday[],
    startMinute: row.startMinute,
    endMinute: row.endMinute,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    memberLevels: row.memberLevels,
    stackableWithCoupons: row.stackableWithCoupons,
    maxUses: row.maxUses,
  };
}

export type StoredRule = ReturnType<typeof ruleOf>;

/** The company's switched-on rules with uses left; the conditions are the engine's to check. */
export async function activeRulesOf(
  db: Database | Tx,
  appId: string,
  companyUid: string,
): Promise<StoredRule[]> {
  const rows = await db
    .select()
    .from(discountRules)
    .where(
      ofTenant(
        tenantRef(appId),
        discountRules,
        eq(discountRules.companyUid, companyUid),
        eq(discountRules.isActive, true),
        or(isNull(discountRules.maxUses), lt(discountRules.uses, discountRules.maxUses)),
      ),
    );
  return rows.map(ruleOf);
}

/**
 * The names of the levels a member holds in the company's programs, read only when some rule asks
 * for a level (most orders never pay for this look-up).
 */
export async function memberLevelsOf(
  db: Database,
  appId: string,
  companyUid: string,
  userUid: string | null,
  rules: StoredRule[],
): Promise<string[]> {
  if (!userUid || !rules.some((r) => r.memberLevels.length)) return [];
  const joined = await db
    .select({ uid: programs.uid, levels: programs.levels })
    .from(programs)
    .innerJoin(
      programMembers,
      sameTenant(
        programMembers,
        programs,
        eq(programMembers.programUid, programs.uid),
        eq(programMembers.userUid, userUid),
      ),
    )
    .where(ofTenant(tenantRef(appId), programs, eq(programs.companyUid, companyUid)));
  const levels = await Promise.all(
    joined.map(async (p) => {
      const b = await balancesOf(db, appId, p.uid, userUid);
      return levelFor(p.levels, b.points).current?.name ?? null;
    }),
  );
  return levels.filter((l): l is string => l !== null);
}

/** Raised inside the order's transaction when a limited rule was used up by a racing order. */
export class DiscountUsedUp extends Error {
  constructor(readonly ruleUid: string) {
    super(`discount rule ${ruleUid} used up`);
  }
}

/**
 * One use of each limited rule the order got, inside the order's transaction: the guarded update
 * is the check (the row lock queues racing orders; the one that finds it spent writes nothing),
 * so "the first 50 orders" are never 51.
 */
export async function useDiscounts(tx: Tx, appId: string, limitedRuleUids: string[]) {
  // Sent at once (this may be part of a pipeline, db/pipeline.ts), in uid order so racing orders lock alike.
  const updates = [...limitedRuleUids].sort().map((uid) =>
    tx
      .update(discountRules)
      .set({ uses: sql`${discountRules.uses} + 1` })
      .where(
        ofTenant(
          tenantRef(appId),
          discountRules,
          eq(discountRules.uid, uid),
          eq(discountRules.isActive, true),
          sql`${discountRules.uses} < ${discountRules.maxUses}`,
        ),
      )
      .returning({ uid: discountRules.uid })
      .execute()
      .then((used) => ({ uid, used: used.length > 0 })),
  );
  for (const { uid, used } of await settleInOrder(updates))
    if (!used) throw new DiscountUsedUp(uid);
}

/** A canceled or undone order gives its limited rules' uses back. */
export async function giveDiscountsBack(tx: Tx, appId: string, applied: AppliedDiscountRow[]) {
  const uids = applied.map((a) => a.rule_uid).sort();
  if (!uids.length) return;
  await tx
    .update(discountRules)
    .set({ uses: sql`${discountRules.uses} - 1` })
    .where(
      ofTenant(
        tenantRef(appId),
        discountRules,
        inArray(discountRules.uid, uids),
        sql`${discountRules.maxUses} IS NOT NULL AND ${discountRules.uses} > 0`,
      ),
    );
}

/**
 * `GET v5/places/{uid}/discounts/`: the company's rules that may hold at this place, not yet
 * ended; the shopper's clock and level decide the rest on the store front.
 */
export async function placeDiscounts(
  db: Database,
  appId: string,
  place: { uid: string; companyUid: string },
  now: Date,
): Promise<PlaceDiscount[]> {
  const rules = await activeRulesOf(db, appId, place.companyUid);
  return rules
    .filter(
      (r) =>
        (!r.placeUids.length || r.placeUids.includes(place.uid)) &&
        (!r.validUntil || r.validUntil > now),
    )
    .map((r) => ({
      uid: r.uid,
      name: r.name,
      kind: r.kind,
      target: r.target,
      product_uids: [...r.productUids],
      category_uids: [...r.categoryUids],
      value: centsToMoney(r.value),
      buy_quantity: r.buyQuantity,
      pay_quantity: r.payQuantity,
      min_subtotal: centsToMoney(r.minSubtotalCents),
      weekdays: [...r.weekdays],
      start_time: r.startMinute === null ? null : hhmmOf(r.startMinute),
      end_time: r.endMinute === null ? null : hhmmOf(r.endMinute),
      valid_from: r.validFrom?.toISOString() ?? null,
      valid_until: r.validUntil?.toISOString() ?? null,
      member_levels: [...r.memberLevels],
      stackable_with_coupons: r.stackableWithCoupons,
    }));
}
