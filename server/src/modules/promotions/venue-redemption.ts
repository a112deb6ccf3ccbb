import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loyaltyMessages, type Redemption } from '@store/contract';
import type { Tx } from '../../db/client';
import { programs, promotionPlaces, staffActivity } from '../../db/schema';
import type { MemberScope } from '../../scope/scope';
import { ofTenant } from '../../scope/tenant-query';
import { ValidationError } from '../../lib/http-errors';
import { isLimitedSession } from '../../plugins/auth';
import { parseAmount } from './redemptions';
import { takePromotion } from './take';

/**
 * `POST v5/redemption-by-user/`: the member redeems at the venue, using their
 * oldest ACTIVE unit or taking one and using it at once. An unknown promotion
 * is a field error of `program_promotion`. The redemption is written to the
 * company's records (channel SELF, no staff) in the same transaction, so the
 * store reconciles it with the counter's.
 */
export function redeemAtVenue(
  scope: MemberScope,
  promotionUid: string,
  amount: string | undefined,
): Promise<Redemption> {
  const amountCents = parseAmount(amount);
  return takePromotion(scope, scope.user.uid, { promotionUid }, 'redeem', {
    amountCents,
    limitedSession: isLimitedSession(scope.sessionMethod),
    notFound: () => new ValidationError({ program_promotion: [loyaltyMessages.promotionNotFound] }),
    onTaken: (tx, unit) => recordSelfConfirmed(tx, scope, unit, amountCents ?? null),
  });
}

/**
 * The records line of a redemption the member confirmed alone. The member
 * names no place: the line carries the promotion's place when it runs at
 * exactly one, else none.
 */
async function recordSelfConfirmed(
  tx: Tx,
  scope: MemberScope,
  unit: Redemption,
  amountCents: number | null,
): Promise<void> {
  const [program] = await tx
    .select({ companyUid: programs.companyUid })
    .from(programs)
    .where(ofTenant(scope, programs, eq(programs.uid, unit.program)));
  if (!program) return;
  const places = await tx
    .select({ placeUid: promotionPlaces.placeUid })
    .from(promotionPlaces)
    .where(ofTenant(scope, promotionPlaces, eq(promotionPlaces.promotionUid, unit.promotion.uid)));
  await tx.insert(staffActivity).values({
    appId: scope.app.uid,
    uid: randomUUID(),
    companyUid: program.companyUid,
    placeUid: places.length === 1 ? places[0].placeUid : null,
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
