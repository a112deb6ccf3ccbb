import { and, asc, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { engagementMessages, loyaltyMessages, type Raffle } from '@store/contract';
import type { Tx } from '../../db/client';
import { raffleDraws, raffleMembers, raffles } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { findMembership, findProgram } from '../programs/service';
import { type TenantRef, ofTenant, sameTenant } from '../../scope/tenant-query';
import type { MemberScope } from '../../scope/scope';

type RaffleRow = typeof raffles.$inferSelect;
type MemberRow = Pick<typeof raffleMembers.$inferSelect, 'registeredAt' | 'dismissedAt'> | null;

/** Raffles a member sees: active and started; an ended one is still shown (not open any more). */
function shown(scope: TenantRef, programUid: string, now: Date): SQL {
  return ofTenant(
    scope,
    raffles,
    eq(raffles.programUid, programUid),
    eq(raffles.isActive, true),
    or(isNull(raffles.startsAt), lte(raffles.startsAt, now)),
  )!;
}

function isOpen(r: RaffleRow, now: Date): boolean {
  return r.isActive && (!r.startsAt || r.startsAt <= now) && (!r.endsAt || r.endsAt > now);
}

function raffleToApi(r: RaffleRow, m: MemberRow, now: Date): Raffle {
  return {
    uid: r.uid,
    program: r.programUid,
    name: r.name,
    description: r.description,
    image: r.image,
    prize: r.prize,
    starts_at: r.startsAt?.toISOString() ?? null,
    ends_at: r.endsAt?.toISOString() ?? null,
    draw_at: r.drawAt?.toISOString() ?? null,
    is_active: r.isActive,
    is_open: isOpen(r, now),
    registered: !!m?.registeredAt,
    registered_at: m?.registeredAt?.toISOString() ?? null,
    dismissed: !!m?.dismissedAt,
  };
}

function selectWithMember(scope: MemberScope) {
  const { db } = scope;
  const userUid = scope.user.uid;
  return db
    .select({
      raffle: raffles,
      registeredAt: raffleMembers.registeredAt,
      dismissedAt: raffleMembers.dismissedAt,
    })
    .from(raffles)
    .leftJoin(
      raffleMembers,
      sameTenant(
        raffleMembers,
        raffles,
        eq(raffleMembers.raffleUid, raffles.uid),
        eq(raffleMembers.userUid, userUid),
      ),
    );
}

/** The program's raffles with the member's state; the ones the member dismissed leave the list. */
export async function listRaffles(scope: MemberScope, programUid: string, window: PageWindow) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const program = await findProgram(db, app, programUid);
  const now = new Date();
  const where = and(shown(scope, program.program.uid, now), isNull(raffleMembers.dismissedAt));
  const [total, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(raffles)
      .leftJoin(
        raffleMembers,
        sameTenant(
          raffleMembers,
          raffles,
          eq(raffleMembers.raffleUid, raffles.uid),
          eq(raffleMembers.userUid, userUid),
        ),
      )
      .where(where),
    selectWithMember(scope)
      .where(where)
      .orderBy(asc(raffles.position), asc(raffles.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    results: rows.map((r) => raffleToApi(r.raffle, r, now)),
  };
}

async function findRaffle(scope: MemberScope, programUid: string, uid: string, now: Date) {
  const { db, app } = scope;
  const program = await findProgram(db, app, programUid);
  if (!isUid(uid)) throw new NotFoundError(engagementMessages.raffleNotFound);
  const [row] = await selectWithMember(scope).where(
    and(shown(scope, program.program.uid, now), eq(raffles.uid, uid)),
  );
  if (!row) throw new NotFoundError(engagementMessages.raffleNotFound);
  return { program, row };
}

/** One raffle with the member's state (a dismissed one is still found here); 404 is the not-found state. */
export async function getRaffle(
  scope: MemberScope,
  programUid: string,
  uid: string,
): Promise<Raffle> {
  const now = new Date();
  const { row } = await findRaffle(scope, programUid, uid, now);
  return raffleToApi(row.raffle, row, now);
}

/**
 * Registers the member. One row per member and raffle (primary key): the
 * insert does nothing when the row exists, and the update only sets
 * registered_at when it is still empty, so concurrent or repeated calls make
 * one participation and exactly one of them reports `created`. Registering
 * also undoes a dismissal. Members of the program only; refused once ended.
 */
export async function registerRaffle(scope: MemberScope, programUid: string, uid: string) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const now = new Date();
  const { program, row } = await findRaffle(scope, programUid, uid, now);
  if (!(await findMembership(db, app.uid, program.program.uid, userUid)))
    throw new ValidationError(loyaltyMessages.notMember);
  if (row.registeredAt) return { created: false, raffle: await getRaffle(scope, programUid, uid) };
  if (!isOpen(row.raffle, now)) throw new ValidationError(engagementMessages.raffleClosed);
  const created = await db.transaction(async (tx) => {
    // A shared lock on the raffle: the back office's draw locks it for update, so an entry
    // is either in the draw's frozen list or refused as closed, never written after it.
    const [locked] = await tx
      .select({ raffle: raffles, drawn: raffleDraws.raffleUid })
      .from(raffles)
      .leftJoin(
        raffleDraws,
        sameTenant(raffleDraws, raffles, eq(raffleDraws.raffleUid, raffles.uid)),
      )
      .where(ofTenant(scope, raffles, eq(raffles.uid, row.raffle.uid)))
      .for('share', { of: raffles });
    if (!locked || locked.drawn || !isOpen(locked.raffle, new Date()))
      throw new ValidationError(engagementMessages.raffleClosed);
    return insertEntry(tx, scope, row.raffle.uid, now);
  });
  return { created, raffle: await getRaffle(scope, programUid, uid) };
}

/** The registration's rows (see registerRaffle), inside its transaction. */
async function insertEntry(
  db: Tx,
  scope: MemberScope,
  raffleUid: string,
  now: Date,
): Promise<boolean> {
  const { app } = scope;
  const userUid = scope.user.uid;
  const row = { raffle: { uid: raffleUid } };
  const inserted = await db
    .insert(raffleMembers)
    .values({ appId: app.uid, raffleUid: row.raffle.uid, userUid, registeredAt: now })
    .onConflictDoNothing()
    .returning({ uid: raffleMembers.raffleUid });
  let created = inserted.length > 0;
  if (!created) {
    const updated = await db
      .update(raffleMembers)
      .set({ registeredAt: now, dismissedAt: null })
      .where(
        ofTenant(
          scope,
          raffleMembers,
          eq(raffleMembers.raffleUid, row.raffle.uid),
          eq(raffleMembers.userUid, userUid),
          isNull(raffleMembers.registeredAt),
        ),
      )
      .returning({ uid: raffleMembers.raffleUid });
    created = updated.length > 0;
  }
  return created;
}

/** The member hides a raffle: it leaves their list (the detail still answers, with dismissed true). Idempotent. */
export async function dismissRaffle(
  scope: MemberScope,
  programUid: string,
  uid: string,
): Promise<Raffle> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const now = new Date();
  const { row } = await findRaffle(scope, programUid, uid, now);
  await db
    .insert(raffleMembers)
    .values({ appId: app.uid, raffleUid: row.raffle.uid, userUid, dismissedAt: now })
    .onConflictDoUpdate({
      target: [raffleMembers.appId, raffleMembers.raffleUid, raffleMembers.userUid],
      set: {
        dismissedAt: sql`coalesce(${raffleMembers.dismissedAt}, ${now.toISOString()}::timestamptz)`,
      },
    });
  return getRaffle(scope, programUid, uid);
}
