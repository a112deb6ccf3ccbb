import { randomUUID } from 'node:crypto';
import { asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  adminRafflesMessages,
  raffleIssues,
  type AdminRaffle,
  type AdminRaffleCreate,
  type AdminRafflePatch,
  type AdminRaffleQuery,
} from '@store/contract';
import { programs, raffles } from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';
import {
  entryCounts,
  escapeLike,
  joined,
  lockRaffle,
  ofCompany,
  one,
  toApi,
  type RaffleRow,
} from './raffle-rows';

// The raffle editor's rules: list, read, create and change a raffle (entries.ts lists its
// entrants, drawing.ts draws it).

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
    return recordSave(withDb(admin, tx), 'raffle', uid, null, after);
  });
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
    return recordSave(withDb(admin, tx), 'raffle', uid, before, after);
  });
}

/** The company's programs, for the editor's program choice. */
export async function rafflePrograms(admin: AdminScope): Promise<{ uid: string; name: string }[]> {
  return admin.db
    .select({ uid: programs.uid, name: programs.name })
    .from(programs)
    .where(ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid)))
    .orderBy(asc(programs.name), asc(programs.uid));
}
