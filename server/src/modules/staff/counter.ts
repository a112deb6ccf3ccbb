import { randomUUID } from 'node:crypto';
import { rollStaffAction } from '../reports/rollup';
import { eq, inArray } from 'drizzle-orm';
import {
  centsToMoney,
  loyaltyMessages,
  redemptionNeedsPresence,
  staffMessages,
  type LedgerLine,
  type StaffLedgerResult,
  type StaffPromotionLookup,
  type StaffRedemptionResult,
  type staffPointsInput,
  type staffRedemptionInput,
  type staffStampsInput,
} from '@store/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  loyaltyLedger,
  promotionPlaces,
  promotions,
  redemptions,
  staffActivity,
  type StaffActivityKind,
} from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { verifyPromotionQr } from '../programs/qr';
import { appendLedger, balancesOf, ensureMember } from '../programs/ledger';
import { getPromotion, listRedemptions, parseAmount, takePromotion } from '../promotions/service';
import { memberUses } from '../promotions/availability';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';
import { clientToApi, findClient } from './clients';
import { companyProgram, companyPrograms } from './programs';
import { checkPresence, spendPresence, type Presence } from './presence';
import { ofTenant } from '../../scope/tenant-query';

type Activity = {
  kind: StaffActivityKind;
  programUid: string;
  placeUid: string | null;
  clientUid: string;
  reference: string;
  description: string;
  amountCents?: number | null;
  quantity?: number | null;
  status?: string | null;
};

/** One line of the records report, written in the transaction of the change it records. */
export async function recordActivity(tx: Tx, staff: StaffScope, a: Activity) {
  await tx.insert(staffActivity).values({
    appId: staff.app.uid,
    uid: randomUUID(),
    companyUid: staff.company.uid,
    placeUid: a.placeUid,
    programUid: a.programUid,
    staffUserUid: staff.user.uid,
    clientUserUid: a.clientUid,
    kind: a.kind,
    reference: a.reference,
    description: a.description,
    amountCents: a.amountCents ?? null,
    quantity: a.quantity ?? null,
    status: a.status ?? null,
  });
  await rollStaffAction(tx, staff.app.uid, {
    companyUid: staff.company.uid,
    placeUid: a.placeUid,
    staffUserUid: staff.user.uid,
    kind: a.kind,
  });
}

/** A promotion of one of the company's programs (another company's is simply not found). */
async function companyPromotion(staff: StaffScope, promotionUid: string) {
  const programUids = (await companyPrograms(staff)).map((p) => p.uid);
  if (!isUid(promotionUid) || programUids.length === 0) return null;
  const [row] = await staff.db
    .select({
      uid: promotions.uid,
      programUid: promotions.programUid,
      name: promotions.name,
      kind: promotions.kind,
      coinPrice: promotions.coinPrice,
      giftCardAmountCents: promotions.giftCardAmountCents,
      limitPerMember: promotions.limitPerMember,
      priceCents: promotions.priceCents,
    })
    .from(promotions)
    .where(
      ofTenant(
        staff,
        promotions,
        eq(promotions.uid, promotionUid),
        inArray(promotions.programUid, programUids),
      ),
    );
  return row ?? null;
}

/**
 * `code` is what the client shows: the coupon code of a unit they hold (10
 * letters and digits) or a signed promotion QR (`p1.`/`k1.`...). Both name the
 * client; `clientUid` only matters for codes that do not.
 */
export async function lookupPromotion(
  staff: StaffScope,
  code: string,
  clientUid?: string,
): Promise<StaffPromotionLookup> {
  // `k1.` is the QR of a document-only session: it finds the promotion and the client, and proves nothing.
  if (code.startsWith('p1.') || code.startsWith('k1.')) {
    const check = verifyPromotionQr(code);
    if (!check.valid)
      throw new ValidationError({
        code: [check.reason === 'expired' ? staffMessages.qrExpired : staffMessages.qrInvalid],
      });
    const promotion =
      check.appUid === staff.app.uid ? await companyPromotion(staff, check.promotionUid) : null;
    if (!promotion) throw new ValidationError({ code: [staffMessages.qrInvalid] });
    return answer(staff, promotion, check.userUid, check.redemptionUid);
  }
  const programUids = (await companyPrograms(staff)).map((p) => p.uid);
  const [unit] = programUids.length
    ? await staff.db
        .select({
          uid: redemptions.uid,
          userUid: redemptions.userUid,
          promotionUid: redemptions.promotionUid,
        })
        .from(redemptions)
        .where(
          ofTenant(
            staff,
            redemptions,
            eq(redemptions.code, code.toUpperCase()),
            inArray(redemptions.programUid, programUids),
          ),
        )
    : [];
  const promotion = unit ? await companyPromotion(staff, unit.promotionUid) : null;
  if (!unit || !promotion) throw new NotFoundError(staffMessages.promotionCodeNotFound);
  return answer(staff, promotion, unit.userUid ?? clientUid ?? null, unit.uid);
}

async function answer(
  staff: StaffScope,
  promotion: { uid: string; programUid: string },
  userUid: string | null,
  redemptionUid: string | null,
): Promise<StaffPromotionLookup> {
  const client = userUid ? await findClient(staff, userUid).catch(() => null) : null;
  const window = { limit: 100, offset: 0, page: 1, pageSize: 100 };
  const [detail, units] = await Promise.all([
    getPromotion(
      staff,
      client?.uid ?? '00000000-0000-0000-0000-000000000000',
      promotion.programUid,
      promotion.uid,
    ),
    client && redemptionUid
      ? listRedemptions(
          staff,
          client.uid,
          promotion.programUid,
          { promotion: promotion.uid },
          window,
        )
      : null,
  ]);
  return {
    promotion: detail,
    client: client ? await clientToApi(staff, client) : null,
    redemption: units?.results.find((r) => r.uid === redemptionUid) ?? null,
  };
}

/**
 * Redeems a promotion for the client at a place: the member redemption rules
 * and messages (takePromotion, mode 'redeem': uses a unit the client holds or
 * takes and uses one, under the row locks that make the last unit go once),
 * plus the place check and the records line in the same transaction.
 * Whatever uses up something the client owns or is limited to (coins, stamps,
 * a unit they hold, a use of a per-member limit) needs their proof of presence,
 * spent in that transaction; a unit the client came to hold between the check
 * and the locks is refused there too, so no race uses it without the proof.
 */
export async function redeem(
  staff: StaffScope,
  input: z.infer<typeof staffRedemptionInput>,
): Promise<StaffRedemptionResult> {
  const client = await findClient(staff, input.client_uid);
  const place = allowedPlace(staff, input.place_uid);
  const promotion = await companyPromotion(staff, input.promotion_uid);
  if (!promotion) throw new ValidationError({ promotion_uid: [loyaltyMessages.promotionNotFound] });
  const limited = await staff.db
    .select({ placeUid: promotionPlaces.placeUid })
    .from(promotionPlaces)
    .where(ofTenant(staff, promotionPlaces, eq(promotionPlaces.promotionUid, promotion.uid)));
  if (limited.length && !limited.some((l) => l.placeUid === place.uid))
    throw new ValidationError({ place_uid: [staffMessages.promotionNotAtPlace] });
  const amountCents = parseAmount(input.amount);
  const held = (await memberUses(staff.db, staff.app.uid, client.uid, promotion.uid)).active > 0;
  const needsPresence = redemptionNeedsPresence({
    coin_price: promotion.coinPrice,
    kind: promotion.kind,
    limit_per_member: promotion.limitPerMember,
    price: promotion.priceCents === null ? null : centsToMoney(promotion.priceCents),
    state: held ? 'active' : 'not_acquired',
  });
  const presence: Presence | null = needsPresence
    ? await checkPresence(staff, client.uid, input.proof, promotion.uid)
    : null;
  const redemption = await takePromotion(
    staff,
    client.uid,
    { programUid: promotion.programUid, promotionUid: promotion.uid },
    'redeem',
    {
      amountCents,
      notFound: () => new ValidationError({ promotion_uid: [loyaltyMessages.promotionNotFound] }),
      onTaken: async (tx, unit, taken) => {
        if (!presence && taken.held)
          throw new ValidationError({ proof: [staffMessages.proofRequired] });
        if (presence) await spendPresence(tx, staff, client.uid, presence);
        await recordActivity(tx, staff, {
          kind: 'redemptions',
          programUid: promotion.programUid,
          placeUid: place.uid,
          clientUid: client.uid,
          reference: unit.uid,
          description: promotion.name,
          amountCents: amountCents ?? null,
          quantity: 1,
          status: unit.status,
        });
      },
    },
  ).catch((err: unknown) => {
    // The member's wording ("join the program") speaks to the member; staff read who is not a member.
    if (err instanceof ValidationError && err.firstCode() === loyaltyMessages.notMember) {
      throw new ValidationError(staffMessages.notMember);
    }
    throw err;
  });
  return {
    redemption,
    client: await clientToApi(staff, client),
    gift_card_amount:
      redemption.promotion.kind === 'GIFT_CARD' && promotion.giftCardAmountCents !== null
        ? centsToMoney(promotion.giftCardAmountCents)
        : null,
  };
}

function lineToApi(row: typeof loyaltyLedger.$inferSelect): LedgerLine {
  return {
    uid: row.uid,
    currency: row.currency,
    amount: row.amount,
    kind: row.kind,
    reason: row.reason,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  };
}

/** Earns stamps or points for the client (enrolling them if needed), with its records line, in one transaction. */
async function earnForClient(
  staff: StaffScope,
  clientUid: string,
  programUid: string,
  currency: 'STAMPS' | 'POINTS',
  amount: number,
  reason: string,
  placeUid: string | null,
): Promise<StaffLedgerResult> {
  const client = await findClient(staff, clientUid);
  // Staff would otherwise pay themselves: what they give goes to clients only.
  if (client.uid === staff.user.uid)
    throw new ValidationError({ client_uid: [staffMessages.notOwnAccount] });
  return staff.db.transaction(async (tx) => {
    await ensureMember(tx, staff.app.uid, programUid, client.uid);
    const reference = randomUUID();
    const [line] = await appendLedger(tx, [
      {
        appId: staff.app.uid,
        programUid,
        userUid: client.uid,
        currency,
        amount,
        kind: 'earn',
        reason,
        reference: `staff:${reference}`,
      },
    ]);
    await recordActivity(tx, staff, {
      kind: currency === 'STAMPS' ? 'stamps' : 'points',
      programUid,
      placeUid,
      clientUid: client.uid,
      reference: line.uid,
      description: reason,
      quantity: amount,
    });
    return {
      entry: lineToApi(line),
      balances: await balancesOf(tx, staff.app.uid, programUid, client.uid),
    };
  });
}

/** Stamps for a purchase at a place, where the program runs stamps. */
export async function giveStamps(
  staff: StaffScope,
  input: z.infer<typeof staffStampsInput>,
): Promise<StaffLedgerResult> {
  const place = allowedPlace(staff, input.place_uid);
  const program = await companyProgram(staff, input.program_uid);
  if (!program.stampsEnabled) throw new ValidationError(staffMessages.featureDisabled);
  return earnForClient(
    staff,
    input.client_uid,
    program.uid,
    'STAMPS',
    input.quantity,
    `Sellos en ${place.name}`,
    place.uid,
  );
}

/** Points added by hand (spec: amount above 0, description required, only where the program enables it). */
export async function addPoints(
  staff: StaffScope,
  input: z.infer<typeof staffPointsInput>,
): Promise<StaffLedgerResult> {
  const place = input.place_uid ? allowedPlace(staff, input.place_uid) : null;
  const program = await companyProgram(staff, input.program_uid);
  if (!program.pointsEnabled || !program.addPointsEnabled)
    throw new ValidationError(staffMessages.featureDisabled);
  return earnForClient(
    staff,
    input.client_uid,
    program.uid,
    'POINTS',
    input.amount,
    input.description,
    place?.uid ?? null,
  );
}
