import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { storeDateOf } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import { loyaltyLedger } from '../../db/schema';
import { lockMember } from './ledger';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { alias } from 'drizzle-orm/pg-core';

/** The ledger as `l` in the correlated sub-queries below. */
const lines = alias(loyaltyLedger, 'l');

type Db = Database | Tx;
type PointsLine = {
  amount: number;
  kind: string;
  reference: string | null;
  createdAt: Date;
  /** An earn's expiry, fixed when it was earned (null: never). */
  expiresAt: Date | null;
};
type Lot = { amount: number; earnedAt: Date; expiresAt: Date | null };

export const EXPIRE_REASON = 'Puntos vencidos';

/**
 * FIFO over a member's POINTS lines. Each earn is a lot; a reversal with the
 * same reference as an earn shrinks that lot (a cancelled order's points are
 * not "consumed"); every other negative line (spend, expire, reversal of
 * something else) consumes the oldest lots first, and positive non-earn lines
 * give consumption back. Answers the lots still open, oldest first.
 */
function openLots(lines: PointsLine[]): Lot[] {
  const sorted = [...lines].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const lots: (Lot & { reference: string | null })[] = [];
  const byReference = new Map<string, { amount: number }>();
  let consumed = 0;
  for (const line of sorted) {
    if (line.kind === 'earn') {
      const lot = {
        amount: line.amount,
        earnedAt: line.createdAt,
        expiresAt: line.expiresAt,
        reference: line.reference,
      };
      lots.push(lot);
      if (line.reference && !byReference.has(line.reference)) byReference.set(line.reference, lot);
      continue;
    }
    const lot =
      line.kind === 'reverse' && line.reference ? byReference.get(line.reference) : undefined;
    if (lot) lot.amount += line.amount;
    else consumed -= line.amount;
  }
  const open: Lot[] = [];
  for (const lot of lots) {
    const left = Math.max(0, lot.amount);
    const used = Math.min(left, Math.max(0, consumed));
    consumed -= used;
    if (left - used > 0)
      open.push({ amount: left - used, earnedAt: lot.earnedAt, expiresAt: lot.expiresAt });
  }
  return open;
}

/** Points of a member's open lots whose expiry has come by `now`, never more than the balance. */
export function pointsToExpire(lines: PointsLine[], now: Date): number {
  const balance = lines.reduce((s, l) => s + l.amount, 0);
  const old = openLots(lines)
    .filter((l) => l.expiresAt && l.expiresAt.getTime() <= now.getTime())
    .reduce((s, l) => s + l.amount, 0);
  return Math.max(0, Math.min(old, balance));
}

/**
 * The next points to expire and the (Lima) date they do: the open lots whose
 * expiry falls on the earliest such day. Lots already past it (the runner has
 * not come yet) count as expiring today.
 */
export function nextExpiring(
  lines: PointsLine[],
  now: Date,
): { amount: number; date: string } | null {
  const balance = lines.reduce((s, l) => s + l.amount, 0);
  if (balance <= 0) return null;
  // The date a member is shown is the store's day, not the UTC one.
  const lots = openLots(lines).flatMap((l) =>
    l.expiresAt
      ? [
          {
            amount: l.amount,
            date: storeDateOf(new Date(Math.max(l.expiresAt.getTime(), now.getTime()))),
          },
        ]
      : [],
  );
  if (lots.length === 0) return null;
  const date = lots.map((l) => l.date).sort()[0];
  const amount = Math.min(
    balance,
    lots.filter((l) => l.date === date).reduce((s, l) => s + l.amount, 0),
  );
  return amount > 0 ? { amount, date } : null;
}

async function pointsLines(
  db: Db,
  appId: string,
  programUid: string,
  userUid: string,
): Promise<PointsLine[]> {
  return db
    .select({
      amount: loyaltyLedger.amount,
      kind: loyaltyLedger.kind,
      reference: loyaltyLedger.reference,
      createdAt: loyaltyLedger.createdAt,
      expiresAt: loyaltyLedger.expiresAt,
    })
    .from(loyaltyLedger)
    .where(
      ofTenant(
        tenantRef(appId),
        loyaltyLedger,
        eq(loyaltyLedger.programUid, programUid),
        eq(loyaltyLedger.userUid, userUid),
        eq(loyaltyLedger.currency, 'POINTS'),
      ),
    )
    .orderBy(asc(loyaltyLedger.createdAt), asc(loyaltyLedger.uid));
}

/** A member's next expiring points in a program, or null when none of theirs expire. */
export async function memberPointsExpiring(
  db: Database,
  appId: string,
  programUid: string,
  userUid: string,
  now = new Date(),
) {
  return nextExpiring(await pointsLines(db, appId, programUid, userUid), now);
}

export type ExpiryOutcome = { appId: string; programUid: string; userUid: string; amount: number };

/**
 * Writes one `expire` line per member and program whose earned points reached their expiry by
 * `now` and are still unconsumed (FIFO, see openLots), in every store. Each member is decided
 * inside a transaction holding their member row lock, as spending does, and the amount is
 * recomputed there from the ledger: a second run at the same instant, or a concurrent one in
 * another process, finds nothing left to expire. Never takes the balance below zero.
 */
export async function expirePoints(
  db: Database,
  now: Date = new Date(),
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<ExpiryOutcome[]> {
  // Candidates only: members with an earn whose date has come and points left; the amount is
  // decided under the lock. The run goes over every store; each row names its own tenant.
  const members = await db
    .selectDistinct({
      appId: loyaltyLedger.appId,
      programUid: loyaltyLedger.programUid,
      userUid: loyaltyLedger.userUid,
    })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.currency, 'POINTS'),
        eq(loyaltyLedger.kind, 'earn'),
        lte(loyaltyLedger.expiresAt, now),
        sql`(SELECT coalesce(sum(l.amount), 0) FROM ${loyaltyLedger} l WHERE ${sameTenant(lines, loyaltyLedger)} AND l.program_uid = ${loyaltyLedger.programUid} AND l.user_uid = ${loyaltyLedger.userUid} AND l.currency = 'POINTS') > 0`,
      ),
    )
    .orderBy(asc(loyaltyLedger.appId), asc(loyaltyLedger.programUid), asc(loyaltyLedger.userUid));
  const outcomes: ExpiryOutcome[] = [];
  for (const { appId, programUid, userUid } of members) {
    try {
      const amount = await db.transaction(async (tx) => {
        if (!(await lockMember(tx, appId, programUid, userUid))) return 0;
        const due = pointsToExpire(await pointsLines(tx, appId, programUid, userUid), now);
        if (due <= 0) return 0;
        await tx.insert(loyaltyLedger).values({
          appId,
          uid: randomUUID(),
          programUid,
          userUid,
          currency: 'POINTS',
          amount: -due,
          kind: 'expire',
          reason: EXPIRE_REASON,
          reference: `expiry:${now.toISOString().slice(0, 10)}`,
          createdAt: now,
        });
        return due;
      });
      if (amount > 0) outcomes.push({ appId, programUid, userUid, amount });
    } catch (err) {
      log?.error(
        { err, program: programUid, member: userUid },
        'points expiry failed for a member; the next run tries again',
      );
    }
  }
  if (outcomes.length)
    log?.info(
      { members: outcomes.length, points: outcomes.reduce((s, o) => s + o.amount, 0) },
      'points expired',
    );
  return outcomes;
}
