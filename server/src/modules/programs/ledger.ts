import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  loyaltyLedger,
  programMembers,
  programs,
  type LedgerKind,
  type LoyaltyCurrency,
} from '../../db/schema';
import { sumAsNumber } from '../../lib/sum';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

type Db = Database | Tx;
export type Balances = { points: number; coins: number; stamps: number };

/** A member's balances: the sums of their ledger lines, never a stored figure. */
export async function balancesOf(
  db: Db,
  appId: string,
  programUid: string,
  userUid: string,
): Promise<Balances> {
  const rows = await db
    .select({
      currency: loyaltyLedger.currency,
      total: sumAsNumber(loyaltyLedger.amount),
    })
    .from(loyaltyLedger)
    .where(
      ofTenant(
        tenantRef(appId),
        loyaltyLedger,
        eq(loyaltyLedger.programUid, programUid),
        eq(loyaltyLedger.userUid, userUid),
      ),
    )
    .groupBy(loyaltyLedger.currency);
  const total = (c: LoyaltyCurrency) => rows.find((r) => r.currency === c)?.total ?? 0;
  return { points: total('POINTS'), coins: total('COINS'), stamps: total('STAMPS') };
}

export type LedgerEntry = {
  appId: string;
  programUid: string;
  userUid: string;
  currency: LoyaltyCurrency;
  amount: number;
  kind: LedgerKind;
  reason: string;
  reference?: string | null;
};

/**
 * Appends lines and answers them as written; callers that spend hold the member's row lock (see
 * lockMember) in the same transaction. Earned points get their expiry here, whoever earns them:
 * the program's `points_expire_after_days` as it is now, so changing the rule later moves only
 * the points earned after the change.
 */
export async function appendLedger(
  db: Db,
  entries: LedgerEntry[],
): Promise<(typeof loyaltyLedger.$inferSelect)[]> {
  const now = new Date();
  const expiring = await expiryDaysOf(db, entries);
  const rows = entries
    .filter((e) => e.amount !== 0)
    .map((e) => {
      const days =
        e.kind === 'earn' && e.currency === 'POINTS' ? expiring.get(e.programUid) : undefined;
      return {
        ...e,
        uid: randomUUID(),
        reference: e.reference ?? null,
        expiresAt: days ? new Date(now.getTime() + days * DAY_MS) : null,
      };
    });
  return rows.length ? db.insert(loyaltyLedger).values(rows).returning() : [];
}

const DAY_MS = 86_400_000;

/** The expiry rule of each program that earns points among the entries (one read, or none). */
async function expiryDaysOf(db: Db, entries: LedgerEntry[]): Promise<Map<string, number | null>> {
  const earning = entries.filter((e) => e.kind === 'earn' && e.currency === 'POINTS');
  if (earning.length === 0) return new Map();
  const rows = await db
    .select({ uid: programs.uid, days: programs.pointsExpireAfterDays })
    .from(programs)
    .where(
      ofTenant(
        tenantRef(earning[0].appId),
        programs,
        inArray(programs.uid, [...new Set(earning.map((e) => e.programUid))]),
      ),
    );
  return new Map(rows.map((r) => [r.uid, r.days]));
}

/** Enrols a member if needed (an order may earn points for someone who never pressed "join"). */
export async function ensureMember(
  db: Db,
  appId: string,
  programUid: string,
  userUid: string,
): Promise<void> {
  await db.insert(programMembers).values({ appId, programUid, userUid }).onConflictDoNothing();
}

/**
 * Earns points, coins or stamps for something (an order, a staff action):
 * enrols the member if needed and appends one earn line with its reference.
 */
export async function earn(db: Db, entry: Omit<LedgerEntry, 'kind'>): Promise<void> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0)
    throw new Error('earn needs a positive whole amount');
  await ensureMember(db, entry.appId, entry.programUid, entry.userUid);
  await appendLedger(db, [{ ...entry, kind: 'earn' }]);
}

/**
 * Reverses every line of a reference (the points of a cancelled order): one
 * opposite `reverse` line per original line, so the history keeps both. Calling
 * it again reverses nothing twice: what is already reversed is skipped. Returns
 * how many lines it added. Runs in the caller's transaction when given one.
 */
export async function reverseByReference(
  db: Database | Tx,
  appId: string,
  reference: string,
  reason: string,
): Promise<number> {
  const run = async (tx: Db) => {
    const lines = await tx
      .select()
      .from(loyaltyLedger)
      .where(ofTenant(tenantRef(appId), loyaltyLedger, eq(loyaltyLedger.reference, reference)))
      .for('update');
    if (lines.length === 0) return 0;
    // What is left to reverse per member and currency: the net of the original lines and earlier reversals.
    const net = new Map<
      string,
      { programUid: string; userUid: string; currency: LoyaltyCurrency; amount: number }
    >();
    for (const line of lines) {
      const k = `${line.programUid}|${line.userUid}|${line.currency}`;
      const entry = net.get(k) ?? {
        programUid: line.programUid,
        userUid: line.userUid,
        currency: line.currency,
        amount: 0,
      };
      entry.amount += line.amount;
      net.set(k, entry);
    }
    const reversals = [...net.values()].filter((n) => n.amount !== 0);
    await appendLedger(
      tx,
      reversals.map((n) => ({
        appId,
        ...n,
        amount: -n.amount,
        kind: 'reverse' as const,
        reason,
        reference,
      })),
    );
    return reversals.length;
  };
  // Inside a caller's transaction this is a savepoint; otherwise its own transaction.
  return (db as Database).transaction(run);
}

/** Locks the member's row for the rest of the transaction: spending is serialised per member and program. */
export async function lockMember(tx: Tx, appId: string, programUid: string, userUid: string) {
  const [row] = await tx
    .select()
    .from(programMembers)
    .where(
      ofTenant(
        tenantRef(appId),
        programMembers,
        eq(programMembers.programUid, programUid),
        eq(programMembers.userUid, userUid),
      ),
    )
    .for('update');
  return row;
}
