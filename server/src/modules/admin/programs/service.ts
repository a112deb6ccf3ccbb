import { randomBytes } from 'node:crypto';
import { asc, count, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import {
  adminProgramsMessages,
  type AdminProgram,
  type AdminProgramBlockInput,
  type AdminProgramCreate,
  type AdminProgramInput,
  type AdminProgramQuery,
  type AdminProgramSummary,
} from '@store/contract';
import type { Tx } from '../../../db/client';
import {
  programAds,
  programMembers,
  programs,
  programSections,
  type ProgramLevel,
} from '../../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid, tenantUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { recordChange, recordSave } from '../audit';
import { checkVersion } from '../concurrency';
import type { AdminScope } from '../guard';

type ProgramRow = typeof programs.$inferSelect;
type BlockRow = typeof programSections.$inferSelect;
type Db = AdminScope['db'] | Tx;

const blockTables = { sections: programSections, ads: programAds } as const;
/** The tenant file's kinds of these rows: a row made here gets the uid an import of its exported key would give it. */
const blockKinds = { sections: 'program-section', ads: 'program-ad' } as const;

/** The company's programs only: another company's (or tenant's) is simply not found. */
function ofCompany(admin: AdminScope, ...more: (SQL | undefined)[]) {
  return ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid), ...more);
}

const membersOf = sql<number>`(select count(*)::int from ${programMembers} where ${sameTenant(programMembers, programs, eq(programMembers.programUid, programs.uid))})`;

function summaryToApi(p: ProgramRow, members: number): AdminProgramSummary {
  return {
    uid: p.uid,
    key: p.key,
    name: p.name,
    image: p.image,
    points_enabled: p.pointsEnabled,
    coins_enabled: p.coinsEnabled,
    stamps_enabled: p.stampsEnabled,
    add_points_enabled: p.addPointsEnabled,
    open_to_join: p.openToJoin,
    order_points_per_sol: p.orderPointsPerSol,
    points_expire_after_days: p.pointsExpireAfterDays,
    is_active: p.isActive,
    staff_confirms_redemptions: p.staffConfirmsRedemptions,
    members: Number(members),
    version: p.version,
  };
}

const blockToApi = (b: BlockRow) => ({
  uid: b.uid,
  title: b.title,
  image: b.image,
  link: b.link,
  is_active: b.isActive,
});

async function load(admin: AdminScope, db: Db, uid: string): Promise<AdminProgram | null> {
  const [row] = await db
    .select({ program: programs, members: membersOf })
    .from(programs)
    .where(ofCompany(admin, eq(programs.uid, uid)));
  if (!row) return null;
  const blocks = async (table: typeof programSections) =>
    db
      .select()
      .from(table)
      .where(ofTenant(admin, table, eq(table.programUid, uid)))
      .orderBy(asc(table.position), asc(table.uid));
  const [sections, ads] = await Promise.all([blocks(programSections), blocks(programAds)]);
  const p = row.program;
  return {
    ...summaryToApi(p, row.members),
    description: p.description,
    levels: [...p.levels]
      .sort((a, b) => a.min_points - b.min_points)
      .map((l) => ({ name: l.name, min_points: l.min_points, benefits: l.benefits ?? '' })),
    sections: sections.map(blockToApi),
    ads: ads.map(blockToApi),
  };
}

export async function listPrograms(
  admin: AdminScope,
  query: AdminProgramQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminProgramSummary[] }> {
  const where = ofCompany(
    admin,
    query.q ? ilike(programs.name, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.active ? eq(programs.isActive, query.active === 'true') : undefined,
  );
  const [{ n }] = await admin.db.select({ n: count() }).from(programs).where(where);
  const rows = await admin.db
    .select({ program: programs, members: membersOf })
    .from(programs)
    .where(where)
    .orderBy(asc(programs.position), asc(programs.uid))
    .limit(window.limit)
    .offset(window.offset);
  return { count: n, results: rows.map((r) => summaryToApi(r.program, r.members)) };
}

export async function getProgram(admin: AdminScope, uid: string): Promise<AdminProgram> {
  const found = isUid(uid) ? await load(admin, admin.db, uid) : null;
  if (!found) throw new NotFoundError(adminProgramsMessages.programNotFound);
  return found;
}

/** Levels as stored: ascending (the contract refused any other order), `benefits` only when it says something. */
function storedLevels(levels: AdminProgramCreate['levels']): ProgramLevel[] {
  return levels.map((l) =>
    l.benefits
      ? { name: l.name, min_points: l.min_points, benefits: l.benefits }
      : { name: l.name, min_points: l.min_points },
  );
}

function programValues(input: AdminProgramCreate) {
  return {
    name: input.name,
    description: input.description,
    image: input.image,
    pointsEnabled: input.points_enabled,
    coinsEnabled: input.coins_enabled,
    stampsEnabled: input.stamps_enabled,
    addPointsEnabled: input.add_points_enabled,
    openToJoin: input.open_to_join,
    orderPointsPerSol: input.order_points_per_sol,
    pointsExpireAfterDays: input.points_expire_after_days,
    isActive: input.is_active,
    // Absent from the body (a form that predates it): false on create, unchanged on save.
    ...(input.staff_confirms_redemptions === undefined
      ? {}
      : { staffConfirmsRedemptions: input.staff_confirms_redemptions }),
    levels: storedLevels(input.levels),
  };
}

/** A key for the tenant file: the name's letters and a random tail, so two "Club" programs never collide. */
function newKey(name: string, prefix = ''): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${prefix}${slug || 'item'}-${randomBytes(3).toString('hex')}`;
}

/**
 * Writes the sections or the ads of a program as the form lists them: listed rows are
 * updated in the list's order, new ones (no uid) inserted, the others deleted (nothing
 * points at them). A uid the program does not have is a field error, nothing written.
 */
async function syncBlocks(
  admin: AdminScope,
  tx: Tx,
  program: { uid: string; key: string },
  which: 'sections' | 'ads',
  list: AdminProgramBlockInput[],
) {
  const table = blockTables[which];
  const existing = await tx
    .select({ uid: table.uid })
    .from(table)
    .where(ofTenant(admin, table, eq(table.programUid, program.uid)));
  const known = new Set(existing.map((r) => r.uid));
  const issues: Record<string, string[]> = {};
  list.forEach((b, i) => {
    if (b.uid !== undefined && !known.has(b.uid))
      issues[`${which}.${i}.uid`] = [adminProgramsMessages.programBlockNotFound];
  });
  if (Object.keys(issues).length) throw new ValidationError(issues);
  const kept = list.flatMap((b) => (b.uid ? [b.uid] : []));
  const gone = [...known].filter((uid) => !kept.includes(uid));
  if (gone.length) await tx.delete(table).where(ofTenant(admin, table, inArray(table.uid, gone)));
  for (const [position, b] of list.entries()) {
    const values = {
      title: b.title,
      image: b.image,
      link: b.link,
      isActive: b.is_active,
      position,
    };
    if (b.uid) {
      await tx
        .update(table)
        .set(values)
        .where(ofTenant(admin, table, eq(table.uid, b.uid)));
    } else {
      const key = newKey(b.title, which === 'sections' ? 'section-' : 'ad-');
      await tx.insert(table).values({
        appId: admin.app.uid,
        uid: tenantUid(admin.app.key, blockKinds[which], `${program.key}/${key}`),
        programUid: program.uid,
        key,
        ...values,
      });
    }
  }
}

export async function createProgram(
  admin: AdminScope,
  input: AdminProgramCreate,
): Promise<AdminProgram> {
  return admin.db.transaction(async (tx) => {
    const key = newKey(input.name);
    const uid = tenantUid(admin.app.key, 'program', key);
    const [{ last }] = await tx
      .select({ last: max(programs.position) })
      .from(programs)
      .where(ofTenant(admin, programs));
    await tx.insert(programs).values({
      appId: admin.app.uid,
      uid,
      companyUid: admin.company.uid,
      key,
      position: (last ?? -1) + 1,
      ...programValues(input),
    });
    await syncBlocks(admin, tx, { uid, key }, 'sections', input.sections);
    await syncBlocks(admin, tx, { uid, key }, 'ads', input.ads);
    const after = (await load(admin, tx, uid))!;
    return recordSave(withDb(admin, tx), 'program', uid, null, after);
  });
}

/**
 * Saves the whole program (rules, levels, sections, ads) under one version. The program
 * row is locked first, so a second form read at the same version waits and then gets the
 * 409. Rules change what members earn from now on: points already in the ledger stay.
 */
export async function updateProgram(
  admin: AdminScope,
  uid: string,
  input: AdminProgramInput,
): Promise<AdminProgram> {
  if (!isUid(uid)) throw new NotFoundError(adminProgramsMessages.programNotFound);
  return admin.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ uid: programs.uid, key: programs.key, version: programs.version })
      .from(programs)
      .where(ofCompany(admin, eq(programs.uid, uid)))
      .for('update');
    if (!locked) throw new NotFoundError(adminProgramsMessages.programNotFound);
    const before = (await load(admin, tx, uid))!;
    checkVersion(locked, input.version, () => before);
    await tx
      .update(programs)
      .set({ ...programValues(input), version: sql`${programs.version} + 1` })
      .where(ofCompany(admin, eq(programs.uid, uid)));
    await syncBlocks(admin, tx, locked, 'sections', input.sections);
    await syncBlocks(admin, tx, locked, 'ads', input.ads);
    const after = (await load(admin, tx, uid))!;
    return recordSave(withDb(admin, tx), 'program', uid, before, after);
  });
}

/**
 * Deletes a program nobody has joined. One with members keeps their balances, ledger and
 * redemptions, so it is only switched off (is_active false), as Open Loyalty does with
 * campaigns that have transfers: 409 program_has_members.
 */
export async function deleteProgram(
  admin: AdminScope,
  uid: string,
  version: number,
): Promise<void> {
  if (!isUid(uid)) throw new NotFoundError(adminProgramsMessages.programNotFound);
  await admin.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ uid: programs.uid, version: programs.version })
      .from(programs)
      .where(ofCompany(admin, eq(programs.uid, uid)))
      .for('update');
    if (!locked) throw new NotFoundError(adminProgramsMessages.programNotFound);
    const before = (await load(admin, tx, uid))!;
    checkVersion(locked, version, () => before);
    // Joining locks nothing of the program row, but it inserts a member row whose foreign key
    // takes a share lock on the program: this delete waits for it, or the join fails after us.
    if (before.members > 0) throw new ConflictError(adminProgramsMessages.programHasMembers);
    await tx.delete(programs).where(ofCompany(admin, eq(programs.uid, uid)));
    await recordChange(withDb(admin, tx), {
      entity: 'program',
      entityUid: uid,
      action: 'delete',
      before,
      after: null,
    });
  });
}
