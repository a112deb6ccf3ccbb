import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  adminPromotionsMessages,
  centsToMoney,
  type AdminPromotion,
  type AdminPromotionQuery,
  type AdminPromotionStatus,
} from '@store/contract';
import type { Tx } from '../../../db/client';
import { places, programs, promotionPlaces, promotions, redemptions } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';
import { offerToApi } from '../../promotions/serialize';

// Reading the promotions the user may see, with their usage, status and places, as the back
// office shows them.

export type Db = AdminScope['db'] | Tx;
type PromotionRow = typeof promotions.$inferSelect;
type Loaded = {
  promotion: PromotionRow;
  program: { uid: string; name: string };
  used: number | null;
  held: number | null;
};

export const notFound = () => new NotFoundError(adminPromotionsMessages.promotionNotFound);

/** Units of each promotion used at the venue and held (acquired, not used yet). */
function usageOf(db: Db, admin: AdminScope) {
  return db
    .select({
      promotionUid: redemptions.promotionUid,
      used: sql<number>`count(*) filter (where ${redemptions.status} = 'USED')::int`.as('used'),
      held: sql<number>`count(*) filter (where ${redemptions.status} = 'ACTIVE')::int`.as('held'),
    })
    .from(redemptions)
    .where(ofTenant(admin, redemptions))
    .groupBy(redemptions.promotionUid)
    .as('usage');
}

/**
 * The promotions this user may see: those of the company's programs; a MANAGER limited to some
 * places sees only those that name places and name no other place than theirs.
 */
export function visible(admin: AdminScope, ...conditions: (SQL | undefined)[]): SQL {
  const mine = admin.places.map((p) => p.uid);
  const own = sameTenant(
    promotionPlaces,
    promotions,
    eq(promotionPlaces.promotionUid, promotions.uid),
  );
  return ofTenant(
    admin,
    promotions,
    eq(programs.companyUid, admin.company.uid),
    admin.limitedToPlaces
      ? sql`EXISTS (SELECT 1 FROM ${promotionPlaces} WHERE ${own})
         AND NOT EXISTS (SELECT 1 FROM ${promotionPlaces} WHERE ${and(
           own,
           mine.length ? sql`${promotionPlaces.placeUid} NOT IN ${mine}` : undefined,
         )})`
      : undefined,
    ...conditions,
  );
}

function loaded(db: Db, admin: AdminScope) {
  const usage = usageOf(db, admin);
  return db
    .select({
      promotion: promotions,
      program: { uid: programs.uid, name: programs.name },
      used: usage.used,
      held: usage.held,
    })
    .from(promotions)
    .innerJoin(programs, sameTenant(programs, promotions, eq(programs.uid, promotions.programUid)))
    .leftJoin(usage, eq(usage.promotionUid, promotions.uid));
}

function statusWhere(status: AdminPromotionStatus, now: Date): SQL {
  switch (status) {
    case 'off':
      return eq(promotions.isActive, false);
    case 'scheduled':
      return and(eq(promotions.isActive, true), gt(promotions.startsAt, now))!;
    case 'ended':
      return and(
        eq(promotions.isActive, true),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        lte(promotions.endsAt, now),
      )!;
    case 'active':
      return and(
        eq(promotions.isActive, true),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      )!;
  }
}

function statusOf(p: PromotionRow, now: Date): AdminPromotionStatus {
  if (!p.isActive) return 'off';
  if (p.startsAt && p.startsAt > now) return 'scheduled';
  if (p.endsAt && p.endsAt <= now) return 'ended';
  return 'active';
}

async function placesOf(db: Db, admin: AdminScope, uids: string[]) {
  const byPromotion = new Map<string, { uid: string; name: string }[]>();
  if (uids.length === 0) return byPromotion;
  const rows = await db
    .select({ promotionUid: promotionPlaces.promotionUid, uid: places.uid, name: places.name })
    .from(promotionPlaces)
    .innerJoin(
      places,
      sameTenant(places, promotionPlaces, eq(places.uid, promotionPlaces.placeUid)),
    )
    .where(ofTenant(admin, promotionPlaces, inArray(promotionPlaces.promotionUid, uids)))
    .orderBy(asc(places.name));
  for (const r of rows)
    byPromotion.set(r.promotionUid, [
      ...(byPromotion.get(r.promotionUid) ?? []),
      { uid: r.uid, name: r.name },
    ]);
  return byPromotion;
}

function toApi(row: Loaded, placeList: AdminPromotion['places'], now: Date): AdminPromotion {
  const p = row.promotion;
  const money = (cents: number | null) => (cents === null ? null : centsToMoney(cents));
  return {
    uid: p.uid,
    program: row.program,
    ...offerToApi(p),
    stock: p.stockTotal,
    stock_taken: p.stockTaken,
    units_left: p.stockTotal === null ? null : p.stockTotal - p.stockTaken,
    limit_per_member: p.limitPerMember,
    max_amount: money(p.maxAmountCents),
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    places: placeList,
    tags: p.tags,
    featured: p.featured,
    is_active: p.isActive,
    status: statusOf(p, now),
    usage: { used: Number(row.used ?? 0), held: Number(row.held ?? 0) },
    version: p.version,
  };
}

export async function readOne(
  db: Db,
  admin: AdminScope,
  uid: string,
): Promise<AdminPromotion | null> {
  const [row] = await loaded(db, admin).where(visible(admin, eq(promotions.uid, uid)));
  if (!row) return null;
  const placeMap = await placesOf(db, admin, [uid]);
  return toApi(row, placeMap.get(uid) ?? [], admin.clock());
}

export async function listPromotions(
  admin: AdminScope,
  query: AdminPromotionQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminPromotion[] }> {
  const now = admin.clock();
  if (query.program !== undefined && query.program !== '' && !isUid(query.program))
    return { count: 0, results: [] };
  const where = visible(
    admin,
    query.program ? eq(promotions.programUid, query.program) : undefined,
    query.kind ? eq(promotions.kind, query.kind) : undefined,
    query.status ? statusWhere(query.status, now) : undefined,
    query.q ? ilike(promotions.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [{ n }] = await admin.db
    .select({ n: count() })
    .from(promotions)
    .innerJoin(programs, sameTenant(programs, promotions, eq(programs.uid, promotions.programUid)))
    .where(where);
  const rows = await loaded(admin.db, admin)
    .where(where)
    .orderBy(
      desc(promotions.isActive),
      asc(programs.position),
      asc(promotions.position),
      asc(promotions.uid),
    )
    .limit(window.limit)
    .offset(window.offset);
  const placeMap = await placesOf(
    admin.db,
    admin,
    rows.map((r) => r.promotion.uid),
  );
  return {
    count: n,
    results: rows.map((r) => toApi(r, placeMap.get(r.promotion.uid) ?? [], now)),
  };
}

export async function getPromotion(admin: AdminScope, uid: string): Promise<AdminPromotion> {
  if (!isUid(uid)) throw notFound();
  const found = await readOne(admin.db, admin, uid);
  if (!found) throw notFound();
  return found;
}
