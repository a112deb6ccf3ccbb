import { randomBytes } from 'node:crypto';
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
  formatMessage,
  moneyToCents,
  type AdminPromotion,
  type AdminPromotionCreate,
  type AdminPromotionQuery,
  type AdminPromotionStatus,
  type AdminPromotionSwitch,
  type AdminPromotionUpdate,
} from '@store/contract';
import type { Tx } from '../../../db/client';
import { places, programs, promotionPlaces, promotions, redemptions } from '../../../db/schema';
import { NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid, tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type Db = AdminScope['db'] | Tx;
type PromotionRow = typeof promotions.$inferSelect;
type Loaded = {
  promotion: PromotionRow;
  program: { uid: string; name: string };
  used: number | null;
  held: number | null;
};

const notFound = () => new NotFoundError(adminPromotionsMessages.promotionNotFound);

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
function visible(admin: AdminScope, ...conditions: (SQL | undefined)[]): SQL {
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
    name: p.name,
    description: p.description,
    image: p.image,
    kind: p.kind,
    rate_discount: p.rateDiscountBp === null ? null : p.rateDiscountBp / 100,
    fixed_discount: money(p.fixedDiscountCents),
    special_price: money(p.specialPriceCents),
    gift_card_amount: money(p.giftCardAmountCents),
    stamps_required: p.stampsRequired,
    coin_price: p.coinPrice,
    price: money(p.priceCents),
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

async function readOne(db: Db, admin: AdminScope, uid: string): Promise<AdminPromotion | null> {
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

type Fields = AdminPromotionCreate;

/** The columns of a promotion's rules; a kind's value columns other than its own are emptied. */
function columns(input: Fields) {
  const cents = (v: string | null | undefined) => (v ? moneyToCents(v) : null);
  return {
    name: input.name,
    description: input.description,
    image: input.image,
    kind: input.kind,
    rateDiscountBp: input.kind === 'DISCOUNT_RATE' ? Math.round(input.rate_discount * 100) : null,
    fixedDiscountCents: input.kind === 'FIXED_DISCOUNT' ? cents(input.fixed_discount) : null,
    specialPriceCents: input.kind === 'SPECIAL_PRICE' ? cents(input.special_price) : null,
    giftCardAmountCents: input.kind === 'GIFT_CARD' ? cents(input.gift_card_amount) : null,
    stampsRequired: input.kind === 'STAMPS' ? input.stamps_required : null,
    coinPrice: input.coin_price,
    priceCents: cents(input.price),
    stockTotal: input.stock,
    limitPerMember: input.limit_per_member,
    maxAmountCents: cents(input.max_amount),
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    tags: input.tags,
    featured: input.featured,
    isActive: input.is_active,
  };
}

/**
 * The places named must be the user's (the company's, or a limited MANAGER's own); a limited
 * MANAGER must name at least one, since "no place" means every place of the company.
 */
async function checkPlaces(db: Db, admin: AdminScope, uids: string[]): Promise<string[]> {
  const unique = [...new Set(uids)];
  const mine = new Set(admin.places.map((p) => p.uid));
  if (unique.some((uid) => !mine.has(uid)))
    throw new ValidationError({ places: [adminPromotionsMessages.promotionPlaceNotAllowed] });
  if (admin.limitedToPlaces && unique.length === 0)
    throw new ValidationError({ places: [adminPromotionsMessages.promotionPlacesRequired] });
  if (unique.length) {
    const found = await db
      .select({ uid: places.uid })
      .from(places)
      .where(
        ofTenant(
          admin,
          places,
          eq(places.companyUid, admin.company.uid),
          inArray(places.uid, unique),
        ),
      );
    if (found.length !== unique.length)
      throw new ValidationError({ places: [adminPromotionsMessages.promotionPlaceNotAllowed] });
  }
  return unique;
}

async function writePlaces(tx: Tx, admin: AdminScope, promotionUid: string, uids: string[]) {
  await tx
    .delete(promotionPlaces)
    .where(ofTenant(admin, promotionPlaces, eq(promotionPlaces.promotionUid, promotionUid)));
  if (uids.length)
    await tx
      .insert(promotionPlaces)
      .values(uids.map((placeUid) => ({ appId: admin.app.uid, promotionUid, placeUid })));
}

/**
 * Creates a promotion in a program of the company. Its key and uid follow the tenant file's
 * rule (uid from the program's key and its own), so an export and a re-import keep the same
 * promotion, with its redemptions, instead of a copy.
 */
export async function createPromotion(
  admin: AdminScope,
  input: AdminPromotionCreate,
): Promise<AdminPromotion> {
  return admin.db.transaction(async (tx) => {
    const program = isUid(input.program)
      ? (
          await tx
            .select({ uid: programs.uid, key: programs.key })
            .from(programs)
            .where(
              ofTenant(
                admin,
                programs,
                eq(programs.uid, input.program),
                eq(programs.companyUid, admin.company.uid),
              ),
            )
        )[0]
      : undefined;
    if (!program)
      throw new ValidationError({ program: [adminPromotionsMessages.promotionProgramNotFound] });
    const placeUids = await checkPlaces(tx, admin, input.places);
    const key = `promo-${randomBytes(6).toString('hex')}`;
    const uid = tenantUid(admin.app.key, 'promotion', `${program.key}/${key}`);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${promotions.position}), -1)::int` })
      .from(promotions)
      .where(ofTenant(admin, promotions, eq(promotions.programUid, program.uid)));
    await tx.insert(promotions).values({
      appId: admin.app.uid,
      uid,
      programUid: program.uid,
      key,
      position: Number(last) + 1,
      ...columns(input),
    });
    await writePlaces(tx, admin, uid, placeUids);
    const after = (await readOne(tx, admin, uid))!;
    await recordChange(withDb(admin, tx), {
      entity: 'promotion',
      entityUid: uid,
      action: 'create',
      before: null,
      after,
    });
    return after;
  });
}

/**
 * Locks a promotion the user may see, for a write. Taking a unit (purchase, code, redemption)
 * locks the same row first, so a write waits for a take in flight and the take after it sees
 * the new rules: a stock lowered here can never be oversold.
 */
async function lockVisible(tx: Tx, admin: AdminScope, uid: string) {
  if (!isUid(uid)) throw notFound();
  const [locked] = await tx
    .select({ uid: promotions.uid })
    .from(promotions)
    .innerJoin(programs, sameTenant(programs, promotions, eq(programs.uid, promotions.programUid)))
    .where(visible(admin, eq(promotions.uid, uid)))
    .for('update', { of: promotions });
  if (!locked) throw notFound();
  return (await readOne(tx, admin, uid))!;
}

export async function updatePromotion(
  admin: AdminScope,
  uid: string,
  input: AdminPromotionUpdate,
): Promise<AdminPromotion> {
  return admin.db.transaction(async (tx) => {
    const before = await lockVisible(tx, admin, uid);
    checkVersion(before, input.version, (x) => x);
    if (input.program !== before.program.uid)
      throw new ValidationError({ program: [adminPromotionsMessages.promotionProgramFixed] });
    if (input.stock !== null && input.stock < before.stock_taken)
      throw new ValidationError({
        stock: [formatMessage('admin.promotion_stock_below_taken', { taken: before.stock_taken })],
      });
    const placeUids = await checkPlaces(tx, admin, input.places);
    const { version: _version, ...fields } = input;
    await tx
      .update(promotions)
      .set({ ...columns(fields), version: sql`${promotions.version} + 1` })
      .where(ofTenant(admin, promotions, eq(promotions.uid, uid)));
    await writePlaces(tx, admin, uid, placeUids);
    const after = (await readOne(tx, admin, uid))!;
    await recordChange(withDb(admin, tx), {
      entity: 'promotion',
      entityUid: uid,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/** Switches a promotion off (members stop seeing it; units held can no longer be used) or on. */
export async function switchPromotion(
  admin: AdminScope,
  uid: string,
  input: AdminPromotionSwitch,
): Promise<AdminPromotion> {
  return admin.db.transaction(async (tx) => {
    const before = await lockVisible(tx, admin, uid);
    checkVersion(before, input.version, (x) => x);
    await tx
      .update(promotions)
      .set({ isActive: input.is_active, version: sql`${promotions.version} + 1` })
      .where(ofTenant(admin, promotions, eq(promotions.uid, uid)));
    const after = (await readOne(tx, admin, uid))!;
    await recordChange(withDb(admin, tx), {
      entity: 'promotion',
      entityUid: uid,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * Deletes a promotion no member ever took a unit of (any redemption row, even a cancelled card
 * purchase, is history the store keeps): otherwise 400, switch it off instead.
 */
export async function deletePromotion(
  admin: AdminScope,
  uid: string,
  version: number,
): Promise<void> {
  await admin.db.transaction(async (tx) => {
    const before = await lockVisible(tx, admin, uid);
    checkVersion(before, version, (x) => x);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(redemptions)
      .where(ofTenant(admin, redemptions, eq(redemptions.promotionUid, uid)));
    if (n > 0) throw new ValidationError(adminPromotionsMessages.promotionRedeemed);
    await tx.delete(promotions).where(ofTenant(admin, promotions, eq(promotions.uid, uid)));
    await recordChange(withDb(admin, tx), {
      entity: 'promotion',
      entityUid: uid,
      action: 'delete',
      before,
      after: null,
    });
  });
}
