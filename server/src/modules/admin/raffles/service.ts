import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  adminRafflesMessages,
  raffleIssues,
  type AdminRaffle,
  type AdminRaffleCreate,
  type AdminRaffleDraw,
  type AdminRaffleEntry,
  type AdminRaffleEntryQuery,
  type AdminRafflePatch,
  type AdminRaffleQuery,
  type AdminRaffleVerification,
} from '@store/contract';
import type { Database, Tx } from '../../../db/client';
import { programs, raffleDraws, raffleMembers, raffles, users } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { Mailer } from '../../mail/mailer';
import { recordChange } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import { DRAW_ALGORITHM, drawWinners, entriesHash, newSeed, sortEntries } from './draw';
import { raffleWinnerMail } from './mail';

type Db = Database | Tx;
type RaffleRow = typeof raffles.$inferSelect;
type DrawRow = typeof raffleDraws.$inferSelect;
type Joined = { raffle: RaffleRow; program: { uid: string; name: string }; drawnAt: Date | null };

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

function isOpen(r: RaffleRow, drawn: boolean, now: Date): boolean {
  return (
    !drawn && r.isActive && (!r.startsAt || r.startsAt <= now) && (!r.endsAt || r.endsAt > now)
  );
}

function toApi(row: Joined, entries: number, now: Date): AdminRaffle {
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
function ofCompany(admin: AdminScope, ...more: (SQL | undefined)[]) {
  return and(ofTenant(admin, raffles), eq(programs.companyUid, admin.company.uid), ...more)!;
}

function joined(db: Db) {
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

const registered = (raffleUid: string) =>
  and(eq(raffleMembers.raffleUid, raffleUid), isNotNull(raffleMembers.registeredAt));

async function entryCounts(admin: AdminScope, db: Db, uids: string[]) {
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

async function one(admin: AdminScope, db: Db, uid: string): Promise<AdminRaffle> {
  const [row] = await joined(db).where(ofCompany(admin, eq(raffles.uid, uid)));
  if (!row) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  const counts = await entryCounts(admin, db, [uid]);
  return toApi(row, counts.get(uid) ?? 0, admin.clock());
}

export async function listRaffles(
  admin: AdminScope,
  query: AdminRaffleQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminRaffle[] }> {
  const where = ofCompany(
    admin,
    query.q ? ilike(raffles.name, escapeLike(query.q)) : undefined,
    query.program ? sql`${raffles.programUid}::text = ${query.program}` : undefined,
  );
  const [{ n }] = await admin.db
    .select({ n: count() })
    .from(raffles)
    .innerJoin(programs, sameTenant(programs, raffles, eq(programs.uid, raffles.programUid)))
    .where(where);
  const rows = await joined(admin.db)
    .where(where)
    .orderBy(
      desc(sql`coalesce(${raffles.startsAt}, ${raffles.endsAt})`),
      asc(raffles.name),
      asc(raffles.uid),
    )
    .limit(window.limit)
    .offset(window.offset);
  const counts = await entryCounts(
    admin,
    admin.db,
    rows.map((r) => r.raffle.uid),
  );
  const now = admin.clock();
  return {
    count: n,
    results: rows.map((r) => toApi(r, counts.get(r.raffle.uid) ?? 0, now)),
  };
}

export async function getRaffle(admin: AdminScope, uid: string): Promise<AdminRaffle> {
  if (!isUid(uid)) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  return one(admin, admin.db, uid);
}

type Fields = Omit<AdminRafflePatch, 'version'>;

function columns(input: Fields) {
  const at = (v: string | null | undefined) => (v === undefined ? undefined : v && new Date(v));
  return Object.fromEntries(
    Object.entries({
      name: input.name,
      description: input.description,
      image: input.image,
      prize: input.prize,
      startsAt: at(input.starts_at),
      endsAt: at(input.ends_at),
      drawAt: at(input.draw_at),
      winnersCount: input.winners_count,
      isActive: input.is_active,
    }).filter(([, v]) => v !== undefined),
  );
}

export async function createRaffle(
  admin: AdminScope,
  input: AdminRaffleCreate,
): Promise<AdminRaffle> {
  return admin.db.transaction(async (tx) => {
    const [program] = isUid(input.program)
      ? await tx
          .select({ uid: programs.uid })
          .from(programs)
          .where(
            ofTenant(
              admin,
              programs,
              eq(programs.uid, input.program),
              eq(programs.companyUid, admin.company.uid),
            ),
          )
      : [];
    if (!program)
      throw new ValidationError({ program: [adminRafflesMessages.raffleProgramNotFound] });
    const uid = randomUUID();
    const { program: _program, ...fields } = input;
    await tx.insert(raffles).values({
      appId: admin.app.uid,
      uid,
      programUid: program.uid,
      key: `admin-${uid}`,
      ...(columns(fields) as Pick<RaffleRow, 'name'>),
    });
    const after = await one(admin, tx, uid);
    await recordChange(withDb(admin, tx), {
      entity: 'raffle',
      entityUid: uid,
      action: 'create',
      before: null,
      after,
    });
    return after;
  });
}

/** Locks the raffle row (edits and the draw queue behind each other) and reads it. */
async function lockRaffle(admin: AdminScope, tx: Tx, uid: string) {
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

/**
 * Changes a raffle. A drawn raffle is frozen (its record names its winners and prize): 409.
 * The rules across fields are checked again on the merged record.
 */
export async function updateRaffle(
  admin: AdminScope,
  uid: string,
  input: AdminRafflePatch,
): Promise<AdminRaffle> {
  return admin.db.transaction(async (tx) => {
    const row = await lockRaffle(admin, tx, uid);
    const before = await one(admin, tx, uid);
    checkVersion(row.raffle, input.version, () => before);
    if (row.drawnAt) throw new ConflictError(adminRafflesMessages.raffleAlreadyDrawn);
    const { version: _version, ...fields } = input;
    const issues = raffleIssues({ ...before, ...fields });
    if (Object.keys(issues).length)
      throw new ValidationError(
        Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, [v]])),
      );
    await tx
      .update(raffles)
      .set({ ...columns(fields), version: sql`${raffles.version} + 1` })
      .where(ofTenant(admin, raffles, eq(raffles.uid, uid)));
    const after = await one(admin, tx, uid);
    await recordChange(withDb(admin, tx), {
      entity: 'raffle',
      entityUid: uid,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

export async function listEntries(
  admin: AdminScope,
  uid: string,
  query: AdminRaffleEntryQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminRaffleEntry[] }> {
  if (!isUid(uid)) throw new NotFoundError(adminRafflesMessages.raffleNotFound);
  await one(admin, admin.db, uid);
  const [draw] = await admin.db
    .select({ winners: raffleDraws.winners })
    .from(raffleDraws)
    .where(ofTenant(admin, raffleDraws, eq(raffleDraws.raffleUid, uid)));
  const winners = draw?.winners ?? [];
  const where = and(
    ofTenant(admin, raffleMembers, registered(uid)),
    query.q
      ? or(
          ilike(users.email, escapeLike(query.q)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, escapeLike(query.q)),
        )
      : undefined,
    query.winners === 'true'
      ? winners.length
        ? inArray(raffleMembers.userUid, winners)
        : sql`false`
      : undefined,
  );
  const base = () =>
    admin.db
      .select({
        user: raffleMembers.userUid,
        registeredAt: raffleMembers.registeredAt,
        first: users.firstName,
        last: users.lastName,
        email: users.email,
      })
      .from(raffleMembers)
      .innerJoin(users, sameTenant(users, raffleMembers, eq(users.uid, raffleMembers.userUid)));
  const [{ n }] = await admin.db
    .select({ n: count() })
    .from(raffleMembers)
    .innerJoin(users, sameTenant(users, raffleMembers, eq(users.uid, raffleMembers.userUid)))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(raffleMembers.registeredAt), asc(raffleMembers.userUid))
    .limit(window.limit)
    .offset(window.offset);
  return {
    count: n,
    results: rows.map((r) => {
      const rank = winners.indexOf(r.user);
      return {
        user: r.user,
        name: fullName(r.first, r.last),
        email: r.email,
        registered_at: r.registeredAt!.toISOString(),
        winner_rank: rank >= 0 ? rank + 1 : null,
      };
    }),
  };
}

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

/** The company's programs, for the editor's program choice. */
export async function rafflePrograms(admin: AdminScope): Promise<{ uid: string; name: string }[]> {
  return admin.db
    .select({ uid: programs.uid, name: programs.name })
    .from(programs)
    .where(ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid)))
    .orderBy(asc(programs.name), asc(programs.uid));
}
