import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { coinOrderMessages, loyaltyMessages } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import { companies, paymentMethods, programMembers, programs } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { appendLedger, balancesOf, lockMember } from '../programs/ledger';
import type { PricedLine } from '../cart/lines';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';

/**
 * Orders of redeemable products paid with the coins of the company's benefit
 * program (docs/decisions.md "Coin orders"). A cart is all-coins or all-money;
 * the coins are spent through the loyalty ledger, with the order uid as the
 * reference, in the transaction that writes the order and takes the stock, so
 * a cancellation's reverseByReference gives them back with the stock.
 */

// The row type is spelled from the table rather than imported from ./settings, which reads this
// file: the two made an import circle (issue 38).
type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const COINS_METHOD_NAME = 'Monedas';

/** A line paid in coins: a redeemable product with a coin price. */
export function isCoinLine(l: PricedLine): boolean {
  return l.item.product.isRedeemable && (l.item.product.coinPrice ?? 0) > 0;
}

/**
 * The COINS method has one uid per company, derived from the company uid, so
 * it needs no tenant-file entry and every server computes the same uid; its
 * row (which orders reference) is written with the first coins order.
 */
export function coinsMethodUid(companyUid: string): string {
  const h = createHash('sha1').update(`coins-payment-method:${companyUid}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export function coinsMethodRow(appId: string, companyUid: string): PaymentMethodRow {
  // Inactive on purpose: the money checkout lists active methods only; checkout-options adds this one itself.
  return {
    appId,
    uid: coinsMethodUid(companyUid),
    companyUid,
    key: 'coins',
    type: 'COINS',
    name: COINS_METHOD_NAME,
    publicKey: null,
    accessToken: null,
    webhookSecret: null,
    provider: null,
    position: 1000,
    isActive: false,
    version: 1,
  };
}

type Db = Database | Tx;

/** The company's active benefit programs with coins, first by position. */
async function coinPrograms(db: Db, appId: string, companyUid: string) {
  return db
    .select({ uid: programs.uid, name: programs.name })
    .from(programs)
    .innerJoin(companies, sameTenant(companies, programs, eq(companies.uid, programs.companyUid)))
    .where(
      ofTenant(
        tenantRef(appId),
        programs,
        eq(programs.companyUid, companyUid),
        eq(programs.isActive, true),
        eq(programs.coinsEnabled, true),
        eq(companies.benefitProgramsEnabled, true),
      ),
    )
    .orderBy(asc(programs.position), asc(programs.name));
}

export async function hasCoinProgram(db: Db, appId: string, companyUid: string): Promise<boolean> {
  return (await coinPrograms(db, appId, companyUid)).length > 0;
}

/** The program whose coins pay: the first coins program of the company the member belongs to; a clear 400 otherwise. */
export async function memberCoinProgram(
  db: Db,
  appId: string,
  companyUid: string,
  userUid: string,
): Promise<string> {
  const candidates = await coinPrograms(db, appId, companyUid);
  if (candidates.length === 0) throw new ValidationError(coinOrderMessages.noCoinsProgram);
  const memberships = await db
    .select({ programUid: programMembers.programUid })
    .from(programMembers)
    .where(ofTenant(tenantRef(appId), programMembers, eq(programMembers.userUid, userUid)));
  const found = candidates.find((c) => memberships.some((m) => m.programUid === c.uid));
  if (!found) throw new ValidationError(coinOrderMessages.notMember);
  return found.uid;
}

/**
 * Inside the order's transaction, before anything else is written: locks the
 * member's row (so two orders spending the same last coins queue and the
 * second one sees the first one's spend) and checks the balance.
 */
export async function lockCoins(
  tx: Tx,
  appId: string,
  programUid: string,
  userUid: string,
  coinTotal: number,
) {
  if (!(await lockMember(tx, appId, programUid, userUid)))
    throw new ValidationError(coinOrderMessages.notMember);
  const { coins } = await balancesOf(tx, appId, programUid, userUid);
  if (coins < coinTotal) throw new ValidationError(loyaltyMessages.notEnoughCoins);
}

/** Writes the COINS method row if this is the company's first coins order (same uid everywhere, so a race just finds it). */
export async function ensureCoinsMethod(tx: Tx, appId: string, companyUid: string) {
  await tx.insert(paymentMethods).values(coinsMethodRow(appId, companyUid)).onConflictDoNothing();
}

/** Spends a member's coins: one ledger line, found again (and reversed) by its reference. */
export async function spendCoins(
  tx: Tx,
  appId: string,
  programUid: string,
  userUid: string,
  spend: { coins: number; reason: string; reference: string },
) {
  const [line] = await appendLedger(tx, [
    {
      appId,
      programUid,
      userUid,
      currency: 'COINS',
      amount: -spend.coins,
      kind: 'spend',
      reason: spend.reason,
      reference: spend.reference,
    },
  ]);
  return line;
}

/** The spend line of a coins order, referenced by the order uid. */
export async function spendOrderCoins(
  tx: Tx,
  appId: string,
  programUid: string,
  userUid: string,
  order: { uid: string; number: number },
  coinTotal: number,
) {
  await spendCoins(tx, appId, programUid, userUid, {
    coins: coinTotal,
    reason: `Pedido ${order.number}`,
    reference: order.uid,
  });
}
