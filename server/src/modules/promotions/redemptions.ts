import { count, desc, eq } from 'drizzle-orm';
import { moneyToCents, type Redemption } from '@store/contract';
import { promotions, redemptions, type RedemptionStatus } from '../../db/schema';
import type { Scope } from '../../scope/scope';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { findProgram } from '../programs/service';
import { redemptionToApi } from './serialize';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

/** A consumption amount as sent ("12.50"), in cents. */
export function parseAmount(amount: string | undefined): number | undefined {
  return amount === undefined ? undefined : moneyToCents(amount);
}

/** The member's units of a program's promotions, newest first. */
export async function listRedemptions(
  scope: Scope,
  userUid: string,
  programUid: string,
  filters: { status?: RedemptionStatus; promotion?: string },
  window: PageWindow,
) {
  const { db, app } = scope;
  const program = await findProgram(db, app, programUid);
  if (filters.promotion !== undefined && !isUid(filters.promotion))
    return { count: 0, results: [] as Redemption[] };
  const where = ofTenant(
    { app },
    redemptions,
    eq(redemptions.programUid, program.program.uid),
    eq(redemptions.userUid, userUid),
    filters.status ? eq(redemptions.status, filters.status) : undefined,
    filters.promotion ? eq(redemptions.promotionUid, filters.promotion) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(redemptions).where(where),
    db
      .select({
        redemption: redemptions,
        promotion: { uid: promotions.uid, name: promotions.name, kind: promotions.kind },
      })
      .from(redemptions)
      .innerJoin(
        promotions,
        sameTenant(promotions, redemptions, eq(promotions.uid, redemptions.promotionUid)),
      )
      .where(where)
      .orderBy(desc(redemptions.createdAt), desc(redemptions.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    results: rows.map((r) => redemptionToApi(r.redemption, r.promotion)),
  };
}
