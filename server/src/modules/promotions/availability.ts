import { eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { promotions, redemptions } from '../../db/schema';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

/** A member's units of a promotion: taken (not cancelled) and still active (acquired, not used). */
export type Uses = { taken: number; active: number; pending: number };

/** Started, not ended, stock left: the SQL of when a promotion can be shown and taken. */
export function started(now: Date): SQL {
  return or(isNull(promotions.startsAt), lte(promotions.startsAt, now))!;
}
export function notEnded(now: Date): SQL {
  return or(isNull(promotions.endsAt), gt(promotions.endsAt, now))!;
}
export function stockLeft(): SQL {
  return sql`(${promotions.stockTotal} IS NULL OR ${promotions.stockTaken} < ${promotions.stockTotal})`;
}

/** Units of each promotion the member holds: taken (not cancelled) and still active (acquired, not used). */
export function usesQuery(db: Database | Tx, appId: string, userUid: string) {
  return db
    .select({
      promotionUid: redemptions.promotionUid,
      taken: sql<number>`count(*) filter (where ${redemptions.status} <> 'CANCELLED')::int`.as(
        'taken',
      ),
      active: sql<number>`count(*) filter (where ${redemptions.status} = 'ACTIVE')::int`.as(
        'active',
      ),
      pending: sql<number>`count(*) filter (where ${redemptions.status} = 'PENDING')::int`.as(
        'pending',
      ),
    })
    .from(redemptions)
    .where(ofTenant(tenantRef(appId), redemptions, eq(redemptions.userUid, userUid)))
    .groupBy(redemptions.promotionUid)
    .as('uses');
}

/** The member's uses of one promotion (inside the taking transaction, after the locks). */
export async function memberUses(
  db: Database | Tx,
  appId: string,
  userUid: string,
  promotionUid: string,
): Promise<Uses> {
  const [row] = await db
    .select({
      taken: sql<number>`count(*) filter (where ${redemptions.status} <> 'CANCELLED')::int`,
      active: sql<number>`count(*) filter (where ${redemptions.status} = 'ACTIVE')::int`,
      pending: sql<number>`count(*) filter (where ${redemptions.status} = 'PENDING')::int`,
    })
    .from(redemptions)
    .where(
      ofTenant(
        tenantRef(appId),
        redemptions,
        eq(redemptions.userUid, userUid),
        eq(redemptions.promotionUid, promotionUid),
      ),
    );
  return {
    taken: Number(row?.taken ?? 0),
    active: Number(row?.active ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}
