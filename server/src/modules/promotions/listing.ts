import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { loyaltyMessages, type Promotion } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import { places, promotionPlaces, promotions } from '../../db/schema';
import type { Scope } from '../../scope/scope';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { balancesOf, type Balances } from '../programs/ledger';
import { findProgram } from '../programs/service';
import { memberUses, notEnded, started, stockLeft, usesQuery } from './availability';
import { promotionToApi } from './serialize';
import { cardMethodsOf } from '../payments/methods';
import { paymentMethodToApi } from '../orders/settings';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';

type PromotionRow = typeof promotions.$inferSelect;

export type PromotionFilters = {
  kind?: PromotionRow['kind'];
  search?: string;
  place?: string;
  tag?: string;
  tagged?: boolean;
  ordering?: '-rate_discount' | 'rate_discount' | 'name' | '-name' | 'coin_price' | '-coin_price';
};

async function placesOf(db: Database, appId: string, promotionUids: string[]) {
  const byPromotion = new Map<string, { uid: string; name: string; address: string }[]>();
  if (promotionUids.length === 0) return byPromotion;
  const rows = await db
    .select({
      promotionUid: promotionPlaces.promotionUid,
      uid: places.uid,
      name: places.name,
      address: places.address,
    })
    .from(promotionPlaces)
    .innerJoin(
      places,
      sameTenant(places, promotionPlaces, eq(places.uid, promotionPlaces.placeUid)),
    )
    .where(
      ofTenant(
        tenantRef(appId),
        promotionPlaces,
        inArray(promotionPlaces.promotionUid, promotionUids),
      ),
    )
    .orderBy(asc(places.name));
  for (const r of rows)
    byPromotion.set(r.promotionUid, [
      ...(byPromotion.get(r.promotionUid) ?? []),
      { uid: r.uid, name: r.name, address: r.address },
    ]);
  return byPromotion;
}

/**
 * Tagged rule (`tagged=true`, "featured for this member"): promotions the
 * member can still take (stock left, under their limit) that are either
 * featured by the store or affordable right now with the member's coins
 * (coin_price > 0) or stamps (STAMPS kind).
 */
function taggedWhere(balances: Balances, uses: ReturnType<typeof usesQuery>): SQL {
  return and(
    stockLeft(),
    sql`(${promotions.limitPerMember} IS NULL OR coalesce(${uses.taken}, 0) < ${promotions.limitPerMember})`,
    or(
      eq(promotions.featured, true),
      and(gt(promotions.coinPrice, 0), lte(promotions.coinPrice, balances.coins)),
      and(eq(promotions.kind, 'STAMPS'), lte(promotions.stampsRequired, balances.stamps)),
    ),
  )!;
}

export async function listPromotions(
  scope: Scope,
  userUid: string,
  programUid: string,
  filters: PromotionFilters,
  window: PageWindow,
) {
  const { db, app } = scope;
  const program = await findProgram(db, app, programUid);
  const now = scope.clock();
  if (filters.place !== undefined && !isUid(filters.place))
    return { count: 0, results: [] as Promotion[] };
  const uses = usesQuery(db, app.uid, userUid);
  const balances = filters.tagged
    ? await balancesOf(db, app.uid, program.program.uid, userUid)
    : null;
  const where = ofTenant(
    { app },
    promotions,
    eq(promotions.programUid, program.program.uid),
    eq(promotions.isActive, true),
    started(now),
    notEnded(now),
    filters.kind ? eq(promotions.kind, filters.kind) : undefined,
    filters.search
      ? sql`${promotions.name} ILIKE ${'%' + filters.search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`
      : undefined,
    filters.tag ? sql`${promotions.tags} @> ${JSON.stringify([filters.tag])}::jsonb` : undefined,
    filters.place
      ? sql`(NOT EXISTS (SELECT 1 FROM ${promotionPlaces} WHERE ${sameTenant(promotionPlaces, promotions, eq(promotionPlaces.promotionUid, promotions.uid))})
             OR EXISTS (SELECT 1 FROM ${promotionPlaces} WHERE ${sameTenant(promotionPlaces, promotions, eq(promotionPlaces.promotionUid, promotions.uid), eq(promotionPlaces.placeUid, filters.place))}))`
      : undefined,
    balances ? taggedWhere(balances, uses) : undefined,
  );
  const order: SQL[] = {
    '-rate_discount': [sql`${promotions.rateDiscountBp} DESC NULLS LAST`],
    rate_discount: [sql`${promotions.rateDiscountBp} ASC NULLS LAST`],
    name: [asc(promotions.name)],
    '-name': [desc(promotions.name)],
    coin_price: [asc(promotions.coinPrice)],
    '-coin_price': [desc(promotions.coinPrice)],
  }[filters.ordering ?? 'name'];
  const ordering = filters.ordering ? order : [];
  const base = () =>
    db
      .select({
        promotion: promotions,
        taken: uses.taken,
        active: uses.active,
        pending: uses.pending,
      })
      .from(promotions)
      .leftJoin(uses, eq(uses.promotionUid, promotions.uid));
  const [total, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(promotions)
      .leftJoin(uses, eq(uses.promotionUid, promotions.uid))
      .where(where),
    base()
      .where(where)
      .orderBy(...ordering, asc(promotions.position), asc(promotions.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  const placeMap = await placesOf(
    db,
    app.uid,
    rows.map((r) => r.promotion.uid),
  );
  return {
    count: Number(total[0]?.n ?? 0),
    results: rows.map((r) =>
      promotionToApi(
        r.promotion,
        {
          taken: Number(r.taken ?? 0),
          active: Number(r.active ?? 0),
          pending: Number(r.pending ?? 0),
        },
        placeMap.get(r.promotion.uid) ?? [],
        now,
      ),
    ),
  };
}

/** A promotion of the program; one that has not started yet is not found, an ended one is shown with its state. */
async function findPromotion(
  db: Database | Tx,
  appId: string,
  programUid: string,
  uid: string,
  now: Date,
): Promise<PromotionRow | null> {
  if (!isUid(uid)) return null;
  const [row] = await db
    .select()
    .from(promotions)
    .where(
      ofTenant(
        tenantRef(appId),
        promotions,
        eq(promotions.programUid, programUid),
        eq(promotions.uid, uid),
        started(now),
      ),
    );
  return row ?? null;
}

export async function getPromotion(
  scope: Scope,
  userUid: string,
  programUid: string,
  uid: string,
): Promise<Promotion> {
  const { db, app } = scope;
  const program = await findProgram(db, app, programUid);
  const now = scope.clock();
  const row = await findPromotion(db, app.uid, program.program.uid, uid, now);
  if (!row) throw new NotFoundError(loyaltyMessages.promotionNotFound);
  const [uses, placeMap, cardMethods] = await Promise.all([
    memberUses(db, app.uid, userUid, row.uid),
    placesOf(db, app.uid, [row.uid]),
    row.priceCents === null ? null : cardMethodsOf(db, app.uid, program.program.companyUid),
  ]);
  return promotionToApi(
    row,
    uses,
    placeMap.get(row.uid) ?? [],
    now,
    cardMethods?.map(paymentMethodToApi),
  );
}
