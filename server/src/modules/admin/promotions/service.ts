import { randomBytes } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  adminPromotionsMessages,
  formatMessage,
  moneyToCents,
  type AdminPromotion,
  type AdminPromotionCreate,
  type AdminPromotionSwitch,
  type AdminPromotionUpdate,
} from '@store/contract';
import type { Tx } from '../../../db/client';
import { places, programs, promotionPlaces, promotions, redemptions } from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import { isUid, tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import { notFound, readOne, visible, type Db } from './promotion-reads';

// The promotion editor's rules: create, change, switch and delete, each one audited transaction
// (promotion-reads.ts lists and reads them).

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
    return recordSave(withDb(admin, tx), 'promotion', uid, null, after);
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
    return recordSave(withDb(admin, tx), 'promotion', uid, before, after);
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
    return recordSave(withDb(admin, tx), 'promotion', uid, before, after);
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
