import { randomInt } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  authMessages,
  centsToMoney,
  loyaltyMessages,
  moneyToCents,
  type Promotion,
  type PromotionState,
  type Redemption,
} from '@store/contract';
import type { Database, Tx } from '../../db/client';
import {
  places,
  promotionPlaces,
  promotions,
  redemptions,
  type RedemptionStatus,
} from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import { DetailError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { appendLedger, balancesOf, lockMember, type Balances } from '../programs/ledger';
import { findProgram } from '../programs/service';

type PromotionRow = typeof promotions.$inferSelect;
type RedemptionRow = typeof redemptions.$inferSelect;
type Uses = { taken: number; active: number };

export type PromotionFilters = {
  kind?: PromotionRow['kind'];
  search?: string;
  place?: string;
  tag?: string;
  tagged?: boolean;
  ordering?: '-rate_discount' | 'rate_discount' | 'name' | '-name' | 'coin_price' | '-coin_price';
};

function started(now: Date): SQL {
  return or(isNull(promotions.startsAt), lte(promotions.startsAt, now))!;
}
function notEnded(now: Date): SQL {
  return or(isNull(promotions.endsAt), gt(promotions.endsAt, now))!;
}
function stockLeft(): SQL {
  return sql`(${promotions.stockTotal} IS NULL OR ${promotions.stockTaken} < ${promotions.stockTotal})`;
}

/** Units of each promotion the member holds: taken (not cancelled) and still active (acquired, not used). */
function usesQuery(db: Database | Tx, appId: string, userUid: string) {
  return db
    .select({
      promotionUid: redemptions.promotionUid,
      taken: sql<number>`count(*) filter (where ${redemptions.status} <> 'CANCELLED')::int`.as(
        'taken',
      ),
      active: sql<number>`count(*) filter (where ${redemptions.status} = 'ACTIVE')::int`.as(
        'active',
      ),
    })
    .from(redemptions)
    .where(and(eq(redemptions.appId, appId), eq(redemptions.userUid, userUid)))
    .groupBy(redemptions.promotionUid)
    .as('uses');
}

/** The member's state for a promotion; the order of the checks is the order redemption applies them. */
export function stateOf(p: PromotionRow, uses: Uses, now: Date): PromotionState {
  if (!p.isActive || (p.endsAt && p.endsAt <= now)) return 'no_longer_usable';
  if (uses.active > 0) return 'active';
  if (p.limitPerMember !== null && uses.taken >= p.limitPerMember)
    return p.limitPerMember === 1 ? 'already_used' : 'limit_exceeded';
  if (p.stockTotal !== null && p.stockTaken >= p.stockTotal) return 'out_of_stock';
  return 'not_acquired';
}

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
      and(eq(places.appId, promotionPlaces.appId), eq(places.uid, promotionPlaces.placeUid)),
    )
    .where(
      and(eq(promotionPlaces.appId, appId), inArray(promotionPlaces.promotionUid, promotionUids)),
    )
    .orderBy(asc(places.name));
  for (const r of rows)
    byPromotion.set(r.promotionUid, [
      ...(byPromotion.get(r.promotionUid) ?? []),
      { uid: r.uid, name: r.name, address: r.address },
    ]);
  return byPromotion;
}

function promotionToApi(
  p: PromotionRow,
  uses: Uses,
  placeList: Promotion['places'],
  now: Date,
): Promotion {
  const money = (cents: number | null) => (cents === null ? null : centsToMoney(cents));
  return {
    uid: p.uid,
    program: p.programUid,
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
    stock: p.stockTotal === null ? null : p.stockTotal - p.stockTaken,
    limit_per_member: p.limitPerMember,
    max_amount: money(p.maxAmountCents),
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    tags: p.tags,
    featured: p.featured,
    places: placeList,
    state: stateOf(p, uses, now),
    member_uses: uses.taken,
  };
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
  db: Database,
  app: AppRow,
  userUid: string,
  programUid: string,
  filters: PromotionFilters,
  window: PageWindow,
) {
  const program = await findProgram(db, app, programUid);
  const now = new Date();
  if (filters.place !== undefined && !isUid(filters.place))
    return { count: 0, results: [] as Promotion[] };
  const uses = usesQuery(db, app.uid, userUid);
  const balances = filters.tagged
    ? await balancesOf(db, app.uid, program.program.uid, userUid)
    : null;
  const where = and(
    eq(promotions.appId, app.uid),
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
      ? sql`(NOT EXISTS (SELECT 1 FROM ${promotionPlaces} WHERE ${promotionPlaces.appId} = ${promotions.appId} AND ${promotionPlaces.promotionUid} = ${promotions.uid})
             OR EXISTS (SELECT 1 FROM ${promotionPlaces} WHERE ${promotionPlaces.appId} = ${promotions.appId} AND ${promotionPlaces.promotionUid} = ${promotions.uid} AND ${promotionPlaces.placeUid} = ${filters.place}))`
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
      .select({ promotion: promotions, taken: uses.taken, active: uses.active })
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
        { taken: Number(r.taken ?? 0), active: Number(r.active ?? 0) },
        placeMap.get(r.promotion.uid) ?? [],
        now,
      ),
    ),
  };
}

async function memberUses(
  db: Database | Tx,
  appId: string,
  userUid: string,
  promotionUid: string,
): Promise<Uses> {
  const [row] = await db
    .select({
      taken: sql<number>`count(*) filter (where ${redemptions.status} <> 'CANCELLED')::int`,
      active: sql<number>`count(*) filter (where ${redemptions.status} = 'ACTIVE')::int`,
    })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.appId, appId),
        eq(redemptions.userUid, userUid),
        eq(redemptions.promotionUid, promotionUid),
      ),
    );
  return { taken: Number(row?.taken ?? 0), active: Number(row?.active ?? 0) };
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
      and(
        eq(promotions.appId, appId),
        eq(promotions.programUid, programUid),
        eq(promotions.uid, uid),
        started(now),
      ),
    );
  return row ?? null;
}

export async function getPromotion(
  db: Database,
  app: AppRow,
  userUid: string,
  programUid: string,
  uid: string,
): Promise<Promotion> {
  const program = await findProgram(db, app, programUid);
  const now = new Date();
  const row = await findPromotion(db, app.uid, program.program.uid, uid, now);
  if (!row) throw new NotFoundError(loyaltyMessages.promotionNotFound);
  const [uses, placeMap] = await Promise.all([
    memberUses(db, app.uid, userUid, row.uid),
    placesOf(db, app.uid, [row.uid]),
  ]);
  return promotionToApi(row, uses, placeMap.get(row.uid) ?? [], now);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCode(): string {
  return Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

function redemptionToApi(
  r: RedemptionRow,
  p: Pick<PromotionRow, 'uid' | 'name' | 'kind'>,
): Redemption {
  return {
    uid: r.uid,
    program: r.programUid,
    promotion: { uid: p.uid, name: p.name, kind: p.kind },
    status: r.status,
    amount: r.amountCents === null ? null : centsToMoney(r.amountCents),
    coins_spent: r.coinsSpent,
    stamps_spent: r.stampsSpent,
    code: r.code,
    created_at: r.createdAt.toISOString(),
    used_at: r.usedAt?.toISOString() ?? null,
  };
}

export type TakeMode =
  /** Buy with coins: the unit is acquired (ACTIVE) and shown at the venue later. */
  | 'purchase'
  /** Redeem at the venue: uses an acquired unit, or takes one and uses it at once. */
  | 'redeem'
  /** Coupon code: acquire a unit (free or paid) to get its code. */
  | 'code';

/**
 * Takes one unit of a promotion for a member in ONE transaction. The promotion
 * row is locked first (FOR UPDATE), then the member's row, always in that
 * order: concurrent takers of the last unit, of a member's last allowed use, or
 * of a member's last coins queue on those locks and each sees what the one
 * before committed. Checks, in order: usable (active, within dates), amount
 * under the maximum, an already acquired unit (redeem uses it), the member's
 * limit, stock, coins, stamps.
 */
export async function takePromotion(
  db: Database,
  app: AppRow,
  userUid: string,
  target: { programUid?: string; promotionUid: string },
  mode: TakeMode,
  options: TakeOptions,
): Promise<Redemption> {
  return db.transaction(async (tx) => {
    const unit = await takeUnit(tx, app, userUid, target, mode, options);
    // What the caller records about the unit (the staff console's records) commits or fails with it.
    await options.onTaken?.(tx, unit);
    return unit;
  });
}

export type TakeOptions = {
  amountCents?: number;
  /** The member asks from a limited session (document number alone): nothing may be paid with coins or stamps. */
  limitedSession?: boolean;
  notFound: () => Error;
  /** Runs inside the transaction once the unit is taken or used. */
  onTaken?: (tx: Tx, unit: Redemption) => Promise<void>;
};

async function takeUnit(
  tx: Tx,
  app: AppRow,
  userUid: string,
  target: { programUid?: string; promotionUid: string },
  mode: TakeMode,
  options: TakeOptions,
): Promise<Redemption> {
  const now = new Date();
  if (!isUid(target.promotionUid) || (target.programUid !== undefined && !isUid(target.programUid)))
    throw options.notFound();
  const [p] = await tx
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.appId, app.uid),
        eq(promotions.uid, target.promotionUid),
        target.programUid ? eq(promotions.programUid, target.programUid) : undefined,
        started(now),
      ),
    )
    .for('update');
  if (!p) throw options.notFound();
  // The program must be visible on this app (active, its company with programs on).
  await findProgram(tx as unknown as Database, app, p.programUid).catch(() => {
    throw options.notFound();
  });
  const member = await lockMember(tx, app.uid, p.programUid, userUid);
  if (!member) throw new ValidationError(loyaltyMessages.notMember);

  if (!p.isActive || (p.endsAt && p.endsAt <= now))
    throw new ValidationError(loyaltyMessages.noLongerUsable);
  if (
    options.amountCents !== undefined &&
    p.maxAmountCents !== null &&
    options.amountCents > p.maxAmountCents
  ) {
    throw new ValidationError({ amount: [loyaltyMessages.amountExceedsMaximum] });
  }
  if (mode === 'purchase' && p.coinPrice === 0)
    throw new ValidationError(loyaltyMessages.notForSale);

  const uses = await memberUses(tx, app.uid, userUid, p.uid);
  if (mode === 'code' && uses.active > 0) {
    // Asking again for a code gives the code already held, not a second unit.
    const [held] = await tx
      .select()
      .from(redemptions)
      .where(
        and(
          eq(redemptions.appId, app.uid),
          eq(redemptions.promotionUid, p.uid),
          eq(redemptions.userUid, userUid),
          eq(redemptions.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(redemptions.createdAt))
      .limit(1);
    return redemptionToApi(held, p);
  }
  if (mode === 'redeem' && uses.active > 0) {
    const [acquired] = await tx
      .select()
      .from(redemptions)
      .where(
        and(
          eq(redemptions.appId, app.uid),
          eq(redemptions.promotionUid, p.uid),
          eq(redemptions.userUid, userUid),
          eq(redemptions.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(redemptions.createdAt))
      .limit(1);
    const [used] = await tx
      .update(redemptions)
      .set({ status: 'USED', usedAt: now, amountCents: options.amountCents ?? null })
      .where(
        and(
          eq(redemptions.appId, app.uid),
          eq(redemptions.uid, acquired.uid),
          eq(redemptions.status, 'ACTIVE'),
        ),
      )
      .returning();
    if (!used) throw new ValidationError(loyaltyMessages.alreadyUsed);
    return redemptionToApi(used, p);
  }
  if (p.limitPerMember !== null && uses.taken >= p.limitPerMember) {
    throw new ValidationError(
      p.limitPerMember === 1 ? loyaltyMessages.alreadyUsed : loyaltyMessages.limitExceeded,
    );
  }
  if (p.stockTotal !== null && p.stockTaken >= p.stockTotal)
    throw new ValidationError(loyaltyMessages.stockExhausted);

  const spends = p.coinPrice > 0 || p.kind === 'STAMPS';
  // A document number alone is no proof of who is asking: such a session never spends coins or stamps.
  if (spends && options.limitedSession) throw new ForbiddenError(authMessages.limitedSession);
  const balances = spends ? await balancesOf(tx, app.uid, p.programUid, userUid) : null;
  if (p.coinPrice > 0 && balances!.coins < p.coinPrice)
    throw new ValidationError(loyaltyMessages.notEnoughCoins);
  const stamps = p.kind === 'STAMPS' ? (p.stampsRequired ?? 0) : 0;
  if (stamps > 0 && balances!.stamps < stamps)
    throw new ValidationError(loyaltyMessages.notEnoughStamps);

  // Conditional as well as locked: the stock can never go past its total.
  const taken = await tx
    .update(promotions)
    .set({ stockTaken: sql`${promotions.stockTaken} + 1` })
    .where(and(eq(promotions.appId, app.uid), eq(promotions.uid, p.uid), stockLeft()))
    .returning({ uid: promotions.uid });
  if (taken.length === 0) throw new ValidationError(loyaltyMessages.stockExhausted);

  const status: RedemptionStatus = mode === 'redeem' ? 'USED' : 'ACTIVE';
  const [row] = await tx
    .insert(redemptions)
    .values({
      appId: app.uid,
      uid: crypto.randomUUID(),
      programUid: p.programUid,
      promotionUid: p.uid,
      userUid,
      status,
      amountCents: mode === 'redeem' ? (options.amountCents ?? null) : null,
      coinsSpent: p.coinPrice,
      stampsSpent: stamps,
      code: newCode(),
      createdAt: now,
      usedAt: mode === 'redeem' ? now : null,
    })
    .returning();
  await appendLedger(tx, [
    {
      appId: app.uid,
      programUid: p.programUid,
      userUid,
      currency: 'COINS',
      amount: -p.coinPrice,
      kind: 'spend',
      reason: `Canje: ${p.name}`,
      reference: row.uid,
    },
    {
      appId: app.uid,
      programUid: p.programUid,
      userUid,
      currency: 'STAMPS',
      amount: -stamps,
      kind: 'spend',
      reason: `Canje: ${p.name}`,
      reference: row.uid,
    },
  ]);
  return redemptionToApi(row, p);
}

export function parseAmount(amount: string | undefined): number | undefined {
  return amount === undefined ? undefined : moneyToCents(amount);
}

export async function listRedemptions(
  db: Database,
  app: AppRow,
  userUid: string,
  programUid: string,
  filters: { status?: RedemptionStatus; promotion?: string },
  window: PageWindow,
) {
  const program = await findProgram(db, app, programUid);
  if (filters.promotion !== undefined && !isUid(filters.promotion))
    return { count: 0, results: [] as Redemption[] };
  const where = and(
    eq(redemptions.appId, app.uid),
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
        and(eq(promotions.appId, redemptions.appId), eq(promotions.uid, redemptions.promotionUid)),
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

/**
 * Coupon code of a promotion: acquires one unit (paying its coin price, if any)
 * and answers its code; asking again answers the code already held. 406 when
 * the promotion itself cannot give codes any more (ended, switched off, stock
 * exhausted); 400 for the member's own rules (limit, coins, stamps, membership).
 */
export async function getCouponCode(
  db: Database,
  app: AppRow,
  userUid: string,
  programUid: string,
  promotionUid: string,
  limitedSession: boolean,
) {
  try {
    const unit = await takePromotion(db, app, userUid, { programUid, promotionUid }, 'code', {
      notFound: () => new NotFoundError(loyaltyMessages.promotionNotFound),
      limitedSession,
    });
    return { code: unit.code, redemption: unit };
  } catch (error) {
    const code = error instanceof ValidationError ? error.firstCode() : undefined;
    if (code === loyaltyMessages.noLongerUsable || code === loyaltyMessages.stockExhausted)
      throw new DetailError(406, code);
    throw error;
  }
}
