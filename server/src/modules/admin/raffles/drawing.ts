import { eq, inArray, sql } from 'drizzle-orm';
import {
  adminRafflesMessages,
  type AdminRaffleDraw,
  type AdminRaffleVerification,
} from '@store/contract';
import { raffleDraws, raffleMembers, raffles, users } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import type { Mailer } from '../../mail/mailer';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import { DRAW_ALGORITHM, drawWinners, entriesHash, newSeed, sortEntries } from './draw';
import { raffleWinnerMail } from './mail';
import {
  fullName,
  joined,
  lockRaffle,
  ofCompany,
  one,
  registered,
  type Db,
  type DrawRow,
  type Joined,
} from './raffle-rows';

// Drawing a raffle once and keeping its record, and checking that record later. The algorithm
// itself (seed, hash, winners) is draw.ts.

async function currentEntries(admin: AdminScope, db: Db, uid: string): Promise<string[]> {
  const rows = await db
    .select({ user: raffleMembers.userUid })
    .from(raffleMembers)
    .where(ofTenant(admin, raffleMembers, registered(uid)));
  return sortEntries(rows.map((r) => r.user));
}

async function drawRecord(admin: AdminScope, db: Db, uid: string) {
  if (!isUid(uid)) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  const [row] = await joined(db).where(ofCompany(admin, eq(raffles.uid, uid)));
  if (!row) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  const [draw] = await db
    .select()
    .from(raffleDraws)
    .where(ofTenant(admin, raffleDraws, eq(raffleDraws.raffleUid, uid)));
  if (!draw) throw new NotFoundError(adminRafflesMessages.raffleNotDrawn);
  return { row, draw };
}

async function recordToApi(
  admin: AdminScope,
  db: Db,
  row: Joined,
  draw: DrawRow,
): Promise<AdminRaffleDraw> {
  const people = draw.winners.length
    ? await db
        .select({ uid: users.uid, first: users.firstName, last: users.lastName })
        .from(users)
        .where(ofTenant(admin, users, inArray(users.uid, draw.winners)))
    : [];
  const names = new Map(people.map((p) => [p.uid, fullName(p.first, p.last)]));
  return {
    raffle: row.raffle.uid,
    raffle_name: row.raffle.name,
    algorithm: draw.algorithm,
    seed: draw.seed,
    entries: draw.entries,
    entries_sha256: draw.entriesHash,
    winners_count: row.raffle.winnersCount,
    winners: draw.winners.map((user, i) => ({ rank: i + 1, user, name: names.get(user) ?? '' })),
    drawn_at: draw.drawnAt.toISOString(),
  };
}

export async function getDraw(admin: AdminScope, uid: string): Promise<AdminRaffleDraw> {
  const { row, draw } = await drawRecord(admin, admin.db, uid);
  return recordToApi(admin, admin.db, row, draw);
}

/**
 * Draws the raffle, once. In one transaction: the raffle row is locked (a second draw
 * request waits, then finds the record and gets 409; the record's primary key is the raffle,
 * so a second row cannot exist either way), the entrants are frozen and sorted, a fresh
 * 32-byte seed picks the winners (draw.ts), the record and an audit line are written, the
 * raffle closes (ends_at = now when later or empty), and each winner's mail is queued in the
 * outbox. Registrations lock the raffle row too (program-extras/raffles.ts), so none slips in
 * between the frozen list and the close.
 */
export async function drawRaffle(
  admin: AdminScope,
  uid: string,
  mail: { mailer: Mailer; origin: string },
): Promise<AdminRaffleDraw> {
  return admin.db.transaction(async (tx) => {
    const row = await lockRaffle(admin, tx, uid);
    if (row.drawnAt) throw new ConflictError(adminRafflesMessages.raffleAlreadyDrawn);
    const entries = await currentEntries(admin, tx, uid);
    if (!entries.length) throw new ValidationError(adminRafflesMessages.raffleNoEntries);
    const before = await one(admin, tx, uid);
    const seed = newSeed();
    const winners = drawWinners(seed, entries, row.raffle.winnersCount);
    const now = admin.clock();
    const [draw] = await tx
      .insert(raffleDraws)
      .values({
        appId: admin.app.uid,
        raffleUid: uid,
        algorithm: DRAW_ALGORITHM,
        seed,
        entries,
        entriesHash: entriesHash(entries),
        winners,
        drawnAt: now,
        drawnByUid: admin.user.uid,
      })
      .returning();
    await tx
      .update(raffles)
      .set({
        endsAt: !row.raffle.endsAt || row.raffle.endsAt > now ? now : row.raffle.endsAt,
        version: sql`${raffles.version} + 1`,
      })
      .where(ofTenant(admin, raffles, eq(raffles.uid, uid)));
    const record = await recordToApi(admin, tx, row, draw);
    await recordChange(withDb(admin, tx), {
      entity: 'raffle',
      entityUid: uid,
      action: 'update',
      before,
      after: { ...(await one(admin, tx, uid)), draw: { ...record, entries: undefined } },
    });
    const people = await tx
      .select({ uid: users.uid, email: users.email, first: users.firstName })
      .from(users)
      .where(ofTenant(admin, users, inArray(users.uid, winners)));
    for (const p of people) {
      if (!p.email) continue;
      await mail.mailer.queue(
        tx,
        admin.app.uid,
        raffleWinnerMail(admin.app.name, p.email, {
          firstName: p.first,
          raffle: row.raffle.name,
          prize: row.raffle.prize,
          program: row.program.name,
          link: `${mail.origin}/raffles`,
        }),
      );
    }
    return record;
  });
}

/**
 * Re-runs the draw from its record and checks the record against the database: the kept
 * entry list must hash to the kept hash and be exactly today's entrants, and the algorithm
 * on the kept seed and entries must give the kept winners.
 */
export async function verifyDraw(admin: AdminScope, uid: string): Promise<AdminRaffleVerification> {
  const { draw } = await drawRecord(admin, admin.db, uid);
  const now = await currentEntries(admin, admin.db, uid);
  const hash = entriesHash(draw.entries);
  const entriesMatch =
    hash === draw.entriesHash &&
    now.length === draw.entries.length &&
    now.every((u, i) => u === draw.entries[i]);
  const recomputed =
    draw.algorithm === DRAW_ALGORITHM
      ? drawWinners(draw.seed, draw.entries, draw.winners.length)
      : [];
  const winnersMatch =
    recomputed.length === draw.winners.length && recomputed.every((u, i) => u === draw.winners[i]);
  return {
    ok: entriesMatch && winnersMatch,
    entries_match: entriesMatch,
    winners_match: winnersMatch,
    entries_sha256: hash,
    recomputed_winners: recomputed,
  };
}
