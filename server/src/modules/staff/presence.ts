import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { COUNTER_CODE_LENGTH, staffMessages, type CounterCode } from '@store/contract';
import type { Tx } from '../../db/client';
import { counterCodes, spentQrNonces } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { tokenHash } from '../../lib/secrets';
import { QR_LIFETIME_SECONDS, verifyMemberQr, verifyPromotionQr } from '../programs/qr';
import type { MemberScope, StaffScope } from '../../scope/scope';
import { companyPrograms } from './programs';
import { ofTenant } from '../../scope/tenant-query';
import { updateSet } from '../../db/upsert';

/**
 * Proof that the client stands at the counter (docs/decisions.md "Security
 * (issue 15)" and "Proof of presence works once (issue 35)"): staff spend a
 * client's coins, stamps, held units or limited uses only with the member QR
 * the client shows, the promotion QR of the activation steps, or the one-time
 * code their phone shows. Every proof works once and lives
 * PRESENCE_PROOF_SECONDS: a QR's nonce, or the code, is spent inside the
 * spending transaction. The code is 6 digits and dies after MAX_FAILED wrong tries.
 */
export const PRESENCE_PROOF_SECONDS = QR_LIFETIME_SECONDS;
export const COUNTER_CODE_SECONDS = PRESENCE_PROOF_SECONDS;
export const MAX_FAILED = 5;

// The stored hash binds the code to its member, so equal codes of two members never match each other.
const codeHash = (userUid: string, code: string) => tokenHash(`counter:${userUid}:${code}`);

/** `POST v5/me/counter-code/`: a new code replaces the member's previous one (and its failed tries). */
export async function issueCounterCode(
  scope: MemberScope,
  now = scope.clock(),
): Promise<CounterCode> {
  const { db } = scope;
  const userUid = scope.user.uid;
  const code = String(randomInt(0, 10 ** COUNTER_CODE_LENGTH)).padStart(COUNTER_CODE_LENGTH, '0');
  const row = {
    appId: scope.app.uid,
    userUid,
    codeHash: codeHash(userUid, code),
    expiresAt: new Date(now.getTime() + COUNTER_CODE_SECONDS * 1000),
    usedAt: null,
    failedAttempts: 0,
    createdAt: now,
  };
  await db
    .insert(counterCodes)
    .values(row)
    .onConflictDoUpdate({
      target: [counterCodes.appId, counterCodes.userUid],
      set: updateSet(row),
    });
  return { code, expires_at: row.expiresAt.toISOString() };
}

export type Presence =
  { kind: 'qr'; nonce: string; expiresAt: Date } | { kind: 'code'; hash: string };

const refuse = (message: string) => new ValidationError({ proof: [message] });

/** Whether a QR's nonce was spent already: an early, friendly answer (the spend itself is the guard). */
async function spentAlready(staff: StaffScope, clientUid: string, nonce: string) {
  const [row] = await staff.db
    .select({ nonce: spentQrNonces.nonce })
    .from(spentQrNonces)
    .where(
      ofTenant(
        staff,
        spentQrNonces,
        eq(spentQrNonces.userUid, clientUid),
        eq(spentQrNonces.nonce, nonce),
      ),
    );
  return Boolean(row);
}

/**
 * Checks the proof before the spending transaction opens: a wrong code counts
 * a failed try here, in its own statement, so the count survives the 400.
 * The proof itself is spent by `spendPresence` inside the spending transaction,
 * so a redemption refused for another reason (no coins, no stock) leaves it usable.
 * A promotion QR (`p1.`) proves presence only for its own promotion (`promotionUid`).
 */
export async function checkPresence(
  staff: StaffScope,
  clientUid: string,
  proof: string | undefined,
  promotionUid?: string,
): Promise<Presence> {
  const given = proof?.trim() ?? '';
  if (!given) throw refuse(staffMessages.proofRequired);
  if (given.startsWith('v1.') || given.startsWith('l1.')) {
    const check = verifyMemberQr(given);
    if (!check.valid)
      throw refuse(check.reason === 'expired' ? staffMessages.qrExpired : staffMessages.qrInvalid);
    // A QR shown from a session made with a document number alone finds the client, nothing more.
    if (!check.provesPresence) throw refuse(staffMessages.proofLimitedSession);
    const programs = await companyPrograms(staff);
    if (check.appUid !== staff.app.uid || !programs.some((p) => p.uid === check.programUid))
      throw refuse(staffMessages.qrInvalid);
    if (check.userUid !== clientUid) throw refuse(staffMessages.proofOtherClient);
    if (await spentAlready(staff, clientUid, check.nonce)) throw refuse(staffMessages.qrUsed);
    return { kind: 'qr', nonce: check.nonce, expiresAt: check.expiresAt };
  }
  if (given.startsWith('p1.') || given.startsWith('k1.')) {
    const check = verifyPromotionQr(given);
    if (!check.valid)
      throw refuse(check.reason === 'expired' ? staffMessages.qrExpired : staffMessages.qrInvalid);
    if (!check.provesPresence) throw refuse(staffMessages.proofLimitedSession);
    if (check.appUid !== staff.app.uid) throw refuse(staffMessages.qrInvalid);
    if (check.userUid !== clientUid) throw refuse(staffMessages.proofOtherClient);
    if (!promotionUid || check.promotionUid !== promotionUid)
      throw refuse(staffMessages.qrOtherPromotion);
    if (await spentAlready(staff, clientUid, check.nonce)) throw refuse(staffMessages.qrUsed);
    return { kind: 'qr', nonce: check.nonce, expiresAt: check.expiresAt };
  }
  if (!new RegExp(`^\\d{${COUNTER_CODE_LENGTH}}$`).test(given))
    throw refuse(staffMessages.proofInvalid);
  const now = new Date();
  const [row] = await staff.db
    .select()
    .from(counterCodes)
    .where(ofTenant(staff, counterCodes, eq(counterCodes.userUid, clientUid)));
  if (!row || row.usedAt || row.expiresAt <= now) throw refuse(staffMessages.proofExpired);
  if (row.failedAttempts >= MAX_FAILED) throw refuse(staffMessages.proofBlocked);
  const hash = codeHash(clientUid, given);
  if (!timingSafeEqual(Buffer.from(hash), Buffer.from(row.codeHash))) {
    const [counted] = await staff.db
      .update(counterCodes)
      .set({ failedAttempts: sql`${counterCodes.failedAttempts} + 1` })
      .where(
        ofTenant(
          staff,
          counterCodes,
          eq(counterCodes.userUid, clientUid),
          eq(counterCodes.codeHash, row.codeHash),
        ),
      )
      .returning({ failedAttempts: counterCodes.failedAttempts });
    throw refuse(
      (counted?.failedAttempts ?? MAX_FAILED) >= MAX_FAILED
        ? staffMessages.proofBlocked
        : staffMessages.proofInvalid,
    );
  }
  return { kind: 'code', hash };
}

/**
 * Inside the spending transaction: spends the proof in the statement that
 * checks it is still good, so two actions racing on one proof spend it once.
 * A code is marked used by a guarded update; a QR's nonce is inserted under
 * the table's primary key: the second insert of the same nonce waits for the
 * first transaction and then finds it (nothing inserted, refused), or takes
 * its place if the first rolled back.
 */
export async function spendPresence(
  tx: Tx,
  staff: StaffScope,
  clientUid: string,
  presence: Presence,
): Promise<void> {
  const now = new Date();
  if (presence.kind === 'qr') {
    if (presence.expiresAt <= now) throw refuse(staffMessages.qrExpired);
    // The member's expired nonces prove nothing any more (their QRs are refused as expired).
    await tx
      .delete(spentQrNonces)
      .where(
        ofTenant(
          staff,
          spentQrNonces,
          eq(spentQrNonces.userUid, clientUid),
          lte(spentQrNonces.expiresAt, now),
        ),
      );
    const spent = await tx
      .insert(spentQrNonces)
      .values({
        appId: staff.app.uid,
        userUid: clientUid,
        nonce: presence.nonce,
        expiresAt: presence.expiresAt,
        spentAt: now,
      })
      .onConflictDoNothing()
      .returning({ nonce: spentQrNonces.nonce });
    if (spent.length === 0) throw refuse(staffMessages.qrUsed);
    return;
  }
  const used = await tx
    .update(counterCodes)
    .set({ usedAt: now })
    .where(
      ofTenant(
        staff,
        counterCodes,
        eq(counterCodes.userUid, clientUid),
        eq(counterCodes.codeHash, presence.hash),
        isNull(counterCodes.usedAt),
        gt(counterCodes.expiresAt, now),
        lt(counterCodes.failedAttempts, MAX_FAILED),
      ),
    )
    .returning({ userUid: counterCodes.userUid });
  if (used.length === 0) throw refuse(staffMessages.proofExpired);
}
