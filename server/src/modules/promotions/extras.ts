import { asc, count, eq } from 'drizzle-orm';
import { loyaltyMessages, type Promotion } from '@store/contract';
import { places, promotionPlaces, promotions, redemptions } from '../../db/schema';
import type { MemberScope, TenantDb } from '../../scope/scope';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { findMembership, findProgram } from '../programs/service';
import { signPromotionQr } from '../programs/qr';
import { issueCounterCode } from '../staff/presence';
import { getPromotion, listPromotions } from './service';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

const stateMessages: Partial<Record<Promotion['state'], string>> = {
  no_longer_usable: loyaltyMessages.noLongerUsable,
  already_used: loyaltyMessages.alreadyUsed,
  limit_exceeded: loyaltyMessages.limitExceeded,
  out_of_stock: loyaltyMessages.stockExhausted,
};

/**
 * The QR the member shows at the venue for a promotion: signed and short-lived
 * like the member QR, naming the member, the promotion and the member's oldest
 * ACTIVE unit (null when none is held: staff then take one on the spot), with
 * a one-time counter code for staff to type when they cannot scan. Both prove
 * the member present once (staff/presence.ts); a document-only session gets
 * neither proof (`k1.` QR, no code). Members only; refused with the promotion's
 * own message when the member could not use it now (ended, already used, limit, stock).
 */
export async function promotionQr(scope: MemberScope, programUid: string, promotionUid: string) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const promotion = await getPromotion(scope, userUid, programUid, promotionUid);
  if (!(await findMembership(db, app.uid, promotion.program, userUid)))
    throw new ValidationError(loyaltyMessages.notMember);
  const refusal = stateMessages[promotion.state];
  if (refusal) throw new ValidationError(refusal);
  const [unit] =
    promotion.state === 'active'
      ? await db
          .select({ uid: redemptions.uid, code: redemptions.code })
          .from(redemptions)
          .where(
            ofTenant(
              { app },
              redemptions,
              eq(redemptions.promotionUid, promotion.uid),
              eq(redemptions.userUid, userUid),
              eq(redemptions.status, 'ACTIVE'),
            ),
          )
          .orderBy(asc(redemptions.createdAt))
          .limit(1)
      : [];
  // The route asks a limited session to step up first; should one get here, its QR proves nothing.
  const limited = scope.limitedSession;
  const now = scope.clock();
  const { qr, expiresAt } = signPromotionQr(
    app.uid,
    userUid,
    promotion.uid,
    unit?.uid ?? null,
    now,
    limited ? 'k1' : 'p1',
  );
  const program = await findProgram(db, app, promotion.program);
  return {
    qr,
    expires_at: expiresAt.toISOString(),
    redemption: unit?.uid ?? null,
    code: unit?.code ?? null,
    counter_code: limited ? null : (await issueCounterCode(scope, now)).code,
    member_confirms: !program.program.staffConfirmsRedemptions,
  };
}

/** Places where a promotion can be used: its own list, or every active place of the program's company when it has none. */
export async function promotionPlacesOf(scope: TenantDb, promotionUid: string, window: PageWindow) {
  const { db, app } = scope;
  if (!isUid(promotionUid)) throw new NotFoundError(loyaltyMessages.promotionNotFound);
  const [p] = await db
    .select({
      uid: promotions.uid,
      programUid: promotions.programUid,
      isActive: promotions.isActive,
    })
    .from(promotions)
    .where(ofTenant({ app }, promotions, eq(promotions.uid, promotionUid)));
  if (!p) throw new NotFoundError(loyaltyMessages.promotionNotFound);
  const program = await findProgram(db, app, p.programUid).catch(() => {
    throw new NotFoundError(loyaltyMessages.promotionNotFound);
  });
  const [own] = await db
    .select({ n: count() })
    .from(promotionPlaces)
    .where(ofTenant({ app }, promotionPlaces, eq(promotionPlaces.promotionUid, p.uid)));
  const where =
    Number(own?.n ?? 0) > 0
      ? ofTenant(
          { app },
          places,
          eq(places.isActive, true),
          eq(promotionPlaces.promotionUid, p.uid),
        )
      : ofTenant(
          { app },
          places,
          eq(places.isActive, true),
          eq(places.companyUid, program.program.companyUid),
        );
  const from = () =>
    Number(own?.n ?? 0) > 0
      ? db
          .select({ uid: places.uid, name: places.name, address: places.address })
          .from(places)
          .innerJoin(
            promotionPlaces,
            sameTenant(promotionPlaces, places, eq(promotionPlaces.placeUid, places.uid)),
          )
      : db.select({ uid: places.uid, name: places.name, address: places.address }).from(places);
  const all = await from().where(where).orderBy(asc(places.name), asc(places.uid));
  return { count: all.length, results: all.slice(window.offset, window.offset + window.limit) };
}

const RELATED_LIMIT = 12;

/**
 * Other current promotions of the program, for "you may also like": those of
 * the same kind or sharing a tag first (more shared traits first), then the
 * rest in the program's order; at most 12, never the promotion itself.
 */
export async function relatedPromotions(
  scope: MemberScope,
  programUid: string,
  promotionUid: string,
): Promise<Promotion[]> {
  const userUid = scope.user.uid;
  const promotion = await getPromotion(scope, userUid, programUid, promotionUid);
  const all = await listPromotions(
    scope,
    userUid,
    programUid,
    {},
    { page: 1, pageSize: 200, limit: 200, offset: 0 },
  );
  const score = (x: Promotion) =>
    (x.kind === promotion.kind ? 1 : 0) + x.tags.filter((t) => promotion.tags.includes(t)).length;
  return all.results
    .filter((x) => x.uid !== promotion.uid)
    .map((x, i) => ({ x, i, s: score(x) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, RELATED_LIMIT)
    .map((e) => e.x);
}
