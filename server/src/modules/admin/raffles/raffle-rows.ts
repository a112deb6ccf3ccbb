import { and, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { adminRafflesMessages, type AdminRaffle } from '@store/contract';
import type { Database, Tx } from '../../../db/client';
import { programs, raffleDraws, raffleMembers, raffles } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

// Reading a company's raffles, shared by the editor's service, the entries list and the draw:
// the joined row, its entry count, its lock, and its shape in the API.

export type Db = Database | Tx;
export type RaffleRow = typeof raffles.$inferSelect;
export type DrawRow = typeof raffleDraws.$inferSelect;
export type Joined = {
  raffle: RaffleRow;
  program: { uid: string; name: string };
  drawnAt: Date | null;
};

export const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

function isOpen(r: RaffleRow, drawn: boolean, now: Date): boolean {
  return (
    !drawn && r.isActive && (!r.startsAt || r.startsAt <= now) && (!r.endsAt || r.endsAt > now)
  );
}

export function toApi(row: Joined, entries: number, now: Date): AdminRaffle {
  const r = row.raffle;
  return {
    uid: r.uid,
    program: row.program,
    name: r.name,
    description: r.description,
    image: r.image,
    prize: r.prize,
    starts_at: r.startsAt?.toISOString() ?? null,
    ends_at: r.endsAt?.toISOString() ?? null,
    draw_at: r.drawAt?.toISOString() ?? null,
    winners_count: r.winnersCount,
    is_active: r.isActive,
    is_open: isOpen(r, !!row.drawnAt, now),
    entries,
    drawn_at: row.drawnAt?.toISOString() ?? null,
    version: r.version,
  };
}

/** Raffles of the company's programs (raffles are per program, not per place: every manager sees them). */
export function ofCompany(admin: AdminScope, ...more: (SQL | undefined)[]) {
  return and(ofTenant(admin, raffles), eq(programs.companyUid, admin.company.uid), ...more)!;
}

export function joined(db: Db) {
  return db
    .select({
      raffle: raffles,
      program: { uid: programs.uid, name: programs.name },
      drawnAt: raffleDraws.drawnAt,
    })
    .from(raffles)
    .innerJoin(programs, sameTenant(programs, raffles, eq(programs.uid, raffles.programUid)))
    .leftJoin(
      raffleDraws,
      sameTenant(raffleDraws, raffles, eq(raffleDraws.raffleUid, raffles.uid)),
    );
}

export const registered = (raffleUid: string) =>
  and(eq(raffleMembers.raffleUid, raffleUid), isNotNull(raffleMembers.registeredAt));

export async function entryCounts(admin: AdminScope, db: Db, uids: string[]) {
  if (!uids.length) return new Map<string, number>();
  const rows = await db
    .select({ uid: raffleMembers.raffleUid, n: count() })
    .from(raffleMembers)
    .where(
      ofTenant(
        admin,
        raffleMembers,
        inArray(raffleMembers.raffleUid, uids),
        isNotNull(raffleMembers.registeredAt),
      ),
    )
    .groupBy(raffleMembers.raffleUid);
  return new Map(rows.map((r) => [r.uid, Number(r.n)]));
}

export async function one(admin: AdminScope, db: Db, uid: string): Promise<AdminRaffle> {
  const [row] = await joined(db).where(ofCompany(admin, eq(raffles.uid, uid)));
  if (!row) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  const counts = await entryCounts(admin, db, [uid]);
  return toApi(row, counts.get(uid) ?? 0, admin.clock());
}

/** Locks the raffle row (edits and the draw queue behind each other) and reads it. */
export async function lockRaffle(admin: AdminScope, tx: Tx, uid: string) {
  if (!isUid(uid)) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  const [locked] = await tx
    .select({ uid: raffles.uid })
    .from(raffles)
    .innerJoin(programs, sameTenant(programs, raffles, eq(programs.uid, raffles.programUid)))
    .where(ofCompany(admin, eq(raffles.uid, uid)))
    .for('update', { of: raffles });
  if (!locked) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  const [row] = await joined(tx).where(ofCompany(admin, eq(raffles.uid, uid)));
  return row;
}

export const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');
