import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loyaltyMessages, type Redemption } from '@store/contract';
import type { Tx } from '../../db/client';
import { places, programs, promotionPlaces, staffActivity } from '../../db/schema';
import type { MemberScope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { parseAmount } from './redemptions';
import { takePromotion } from './take';

/**
 * `POST v5/redemption-by-user/`: the member redeems at the venue, using their
 * oldest ACTIVE unit or taking one and using it at once. An unknown promotion
 * is a field error of `program_promotion`. The redemption is written to the
 * company's records (channel SELF, no staff) in the same transaction, at the
 * place the member names, so it shows at once in that place's staff activity.
 * Where the program lets only staff mark units used, it is refused and the
 * unit stays ACTIVE (take.ts).
 */
export function redeemAtVenue(
  scope: MemberScope,
  promotionUid: string,
  amount: string | undefined,
  placeUid?: string,
): Promise<Redemption> {
  const amountCents = parseAmount(amount);
  return takePromotion(scope, scope.user.uid, { promotionUid }, 'redeem', {
    amountCents,
    selfConfirmed: true,
    notFound: () => new ValidationError({ program_promotion: [loyaltyMessages.promotionNotFound] }),
    onTaken: (tx, unit) => recordSelfConfirmed(tx, scope, unit, amountCents ?? null, placeUid),
  });
}

/**
 * The records line of a redemption the member confirmed alone, at the place
 * they named: one of the promotion's places, or of the company's active places
 * when the promotion names none (400 {place} otherwise, nothing written). With
 * no place named, the promotion's place when it runs at exactly one, else none.
 */
async function recordSelfConfirmed(
  tx: Tx,
  scope: MemberScope,
  unit: Redemption,
  amountCents: number | null,
  placeUid: string | undefined,
): Promise<void> {
  const [program] = await tx
    .select({ companyUid: programs.companyUid })
    .from(programs)
    .where(ofTenant(scope, programs, eq(programs.uid, unit.program)));
  if (!program) return;
  const own = (
    await tx
      .select({ placeUid: promotionPlaces.placeUid })
      .from(promotionPlaces)
      .where(ofTenant(scope, promotionPlaces, eq(promotionPlaces.promotionUid, unit.promotion.uid)))
  ).map((p) => p.placeUid);
  let place: string | null = own.length === 1 ? own[0] : null;
  if (placeUid) {
    const usable = own.length
      ? own
      : (
          await tx
            .select({ uid: places.uid })
            .from(places)
            .where(
              ofTenant(
                scope,
                places,
                eq(places.companyUid, program.companyUid),
                eq(places.isActive, true),
              ),
            )
        ).map((p) => p.uid);
    if (!isUid(placeUid) || !usable.includes(placeUid))
      throw new ValidationError({ place: [loyaltyMessages.placeNotUsable] });
    place = placeUid;
  }
  await tx.insert(staffActivity).values({
    appId: scope.app.uid,
    uid: randomUUID(),
    companyUid: program.companyUid,
    placeUid: place,
    programUid: unit.program,
    staffUserUid: null,
    clientUserUid: scope.user.uid,
    kind: 'redemptions',
    reference: unit.uid,
    description: unit.promotion.name,
    amountCents,
    quantity: 1,
    status: unit.status,
    channel: 'SELF',
  });
}
