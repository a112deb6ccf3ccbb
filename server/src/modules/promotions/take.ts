import { randomInt } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { loyaltyMessages, orderMessages, type Redemption } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import { promotions, redemptions, type RedemptionStatus } from '../../db/schema';
import type { AppRow } from '../tenancy/service';
import type { Scope } from '../../scope/scope';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { appendLedger, balancesOf, lockMember } from '../programs/ledger';
import { findProgram } from '../programs/service';
import { memberUses, started, stockLeft } from './availability';
import { redemptionToApi } from './serialize';
import { ofTenant } from '../../scope/tenant-query';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCode(): string {
  return Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
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
  scope: Scope,
  userUid: string,
  target: { programUid?: string; promotionUid: string },
  mode: TakeMode,
  options: TakeOptions,
): Promise<Redemption> {
  return scope.db.transaction(async (tx) => {
    const { unit, held } = await takeUnit(tx, scope.app, userUid, target, mode, {
      ...options,
      now: scope.clock(),
    });
    // What the caller records about the unit (the staff console's records) commits or fails with it.
    await options.onTaken?.(tx, unit, { held });
    return unit;
  });
}

export type TakeOptions = {
  amountCents?: number;
  notFound: () => Error;
  /**
   * The member confirms the redemption alone (`POST v5/redemption-by-user/`): refused where the
   * program lets only staff mark units used, before anything is taken or used.
   */
  selfConfirmed?: boolean;
  /**
   * Runs inside the transaction once the unit is taken or used; `held` says the unit was one the
   * member already held (acquired before), rather than taken now.
   */
  onTaken?: (tx: Tx, unit: Redemption, taken: { held: boolean }) => Promise<void>;
  /**
   * A purchase paid by card: the unit is taken PENDING (held against the stock and the member's
   * limit) until the payment is decided (card-purchase.ts).
   */
  card?: { methodUid: string; idempotencyKey: string | null; expiresAt: Date };
};

/** The member's oldest unit of a promotion still ACTIVE: the code already held, or the unit a redemption uses. */
async function oldestActiveUnit(tx: Tx, app: AppRow, promotionUid: string, userUid: string) {
  const [unit] = await tx
    .select()
    .from(redemptions)
    .where(
      ofTenant(
        { app },
        redemptions,
        eq(redemptions.promotionUid, promotionUid),
        eq(redemptions.userUid, userUid),
        eq(redemptions.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(redemptions.createdAt))
    .limit(1);
  return unit;
}
async function takeUnit(
  tx: Tx,
  app: AppRow,
  userUid: string,
  target: { programUid?: string; promotionUid: string },
  mode: TakeMode,
  options: TakeOptions & { now: Date },
): Promise<{ unit: Redemption; held: boolean }> {
  const { now } = options;
  if (!isUid(target.promotionUid) || (target.programUid !== undefined && !isUid(target.programUid)))
    throw options.notFound();
  const [p] = await tx
    .select()
    .from(promotions)
    .where(
      ofTenant(
        { app },
        promotions,
        eq(promotions.uid, target.promotionUid),
        target.programUid ? eq(promotions.programUid, target.programUid) : undefined,
        started(now),
      ),
    )
    .for('update');
  if (!p) throw options.notFound();
  // The program must be visible on this app (active, its company with programs on).
  const program = await findProgram(tx as unknown as Database, app, p.programUid).catch(() => {
    throw options.notFound();
  });
  const member = await lockMember(tx, app.uid, p.programUid, userUid);
  if (!member) throw new ValidationError(loyaltyMessages.notMember);
  // The unit stays as it is (ACTIVE, or not taken) until staff scan the member's QR or type their code.
  if (options.selfConfirmed && program.program.staffConfirmsRedemptions)
    throw new ValidationError(loyaltyMessages.staffConfirmsRedemption);

  if (!p.isActive || (p.endsAt && p.endsAt <= now))
    throw new ValidationError(loyaltyMessages.noLongerUsable);
  if (
    options.amountCents !== undefined &&
    p.maxAmountCents !== null &&
    options.amountCents > p.maxAmountCents
  ) {
    throw new ValidationError({ amount: [loyaltyMessages.amountExceedsMaximum] });
  }
  if (mode === 'purchase') {
    if (p.priceCents !== null && !options.card)
      throw new ValidationError({ card: [orderMessages.cardRequired] });
    if (p.priceCents === null && options.card)
      throw new ValidationError({ card: [orderMessages.cardNotExpected] });
    if (p.priceCents === null && p.coinPrice === 0)
      throw new ValidationError(loyaltyMessages.notForSale);
  }

  const uses = await memberUses(tx, app.uid, userUid, p.uid);
  if (mode === 'code' && uses.active > 0) {
    // Asking again for a code gives the code already held, not a second unit.
    const held = await oldestActiveUnit(tx, app, p.uid, userUid);
    return { unit: redemptionToApi(held, p), held: true };
  }
  if (mode === 'redeem' && uses.active > 0) {
    const acquired = await oldestActiveUnit(tx, app, p.uid, userUid);
    const [used] = await tx
      .update(redemptions)
      .set({ status: 'USED', usedAt: now, amountCents: options.amountCents ?? null })
      .where(
        ofTenant(
          { app },
          redemptions,
          eq(redemptions.uid, acquired.uid),
          eq(redemptions.status, 'ACTIVE'),
        ),
      )
      .returning();
    if (!used) throw new ValidationError(loyaltyMessages.alreadyUsed);
    return { unit: redemptionToApi(used, p), held: true };
  }
  // A money-priced unit is only ever taken by a card purchase, never handed out unpaid.
  if (p.priceCents !== null && mode !== 'purchase')
    throw new ValidationError(loyaltyMessages.buyByCardFirst);
  if (p.limitPerMember !== null && uses.taken >= p.limitPerMember) {
    throw new ValidationError(
      p.limitPerMember === 1 ? loyaltyMessages.alreadyUsed : loyaltyMessages.limitExceeded,
    );
  }
  if (p.stockTotal !== null && p.stockTaken >= p.stockTotal)
    throw new ValidationError(loyaltyMessages.stockExhausted);

  const spends = p.coinPrice > 0 || p.kind === 'STAMPS' || p.priceCents !== null;
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
    .where(ofTenant({ app }, promotions, eq(promotions.uid, p.uid), stockLeft()))
    .returning({ uid: promotions.uid });
  if (taken.length === 0) throw new ValidationError(loyaltyMessages.stockExhausted);

  const card = p.priceCents !== null ? options.card : undefined;
  const status: RedemptionStatus = mode === 'redeem' ? 'USED' : card ? 'PENDING' : 'ACTIVE';
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
      ...(card
        ? {
            paidCents: p.priceCents,
            paymentMethodUid: card.methodUid,
            paymentStatus: 'IN_PROCESS' as const,
            paymentExpiresAt: card.expiresAt,
            idempotencyKey: card.idempotencyKey,
          }
        : {}),
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
  return { unit: redemptionToApi(row, p), held: false };
}
