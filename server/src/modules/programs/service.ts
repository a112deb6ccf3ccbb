import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  loyaltyMessages,
  type LedgerLine,
  type MemberLevel,
  type MemberProgram,
  type Program,
} from '@store/contract';
import type { Database } from '../../db/client';
import {
  companies,
  loyaltyLedger,
  programMembers,
  programs,
  type LoyaltyCurrency,
  type ProgramLevel,
} from '../../db/schema';
import type { AppRow } from '../tenancy/app-row';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { bigintToNumber } from '../../lib/sum';
import { balancesOf } from './ledger';
import { signMemberQr } from './qr';
import { memberPointsExpiring } from './expiry';
import { type TenantRef, ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import { companyIsPublic } from '../marketplace/visibility';
import type { Scope, MemberScope } from '../../scope/scope';

type ProgramRow = typeof programs.$inferSelect;
type ProgramWithCompany = { program: ProgramRow; company: { uid: string; name: string } };

/** A program is visible when it is active and its company has benefit programs switched on. */
function visible(scope: TenantRef): SQL {
  return ofTenant(
    scope,
    programs,
    eq(programs.isActive, true),
    eq(companies.benefitProgramsEnabled, true),
    companyIsPublic,
  )!;
}

function selectPrograms(db: Database) {
  return db
    .select({ program: programs, company: { uid: companies.uid, name: companies.name } })
    .from(programs)
    .innerJoin(companies, sameTenant(companies, programs, eq(companies.uid, programs.companyUid)));
}

export function programToApi({ program: p, company }: ProgramWithCompany): Program {
  return {
    uid: p.uid,
    name: p.name,
    description: p.description,
    image: p.image,
    company,
    points_enabled: p.pointsEnabled,
    coins_enabled: p.coinsEnabled,
    stamps_enabled: p.stampsEnabled,
    add_points_enabled: p.addPointsEnabled,
    open_to_join: p.openToJoin,
    order_points_per_sol: p.orderPointsPerSol,
    levels: sortedLevels(p.levels),
  };
}

function sortedLevels(levels: ProgramLevel[]): ProgramLevel[] {
  return [...levels].sort((a, b) => a.min_points - b.min_points);
}

/**
 * Level rule: the current level is the highest whose min_points the member's
 * points balance reaches (none below the first); the next is the one after it,
 * and points_to_next is what is missing to reach it (null at the top).
 */
export function levelFor(levels: ProgramLevel[], points: number): MemberLevel {
  const sorted = sortedLevels(levels);
  let current: ProgramLevel | null = null;
  let next: ProgramLevel | null = null;
  for (const level of sorted) {
    if (level.min_points <= points) current = level;
    else {
      next = level;
      break;
    }
  }
  return { current, next, points_to_next: next ? next.min_points - points : null };
}

export async function listPrograms(
  scope: Scope,
  filters: { company?: string },
  window: PageWindow,
) {
  const { db, app } = scope;
  if (filters.company !== undefined && !isUid(filters.company))
    return { count: 0, results: [] as Program[] };
  const where = and(
    visible({ app }),
    filters.company ? eq(programs.companyUid, filters.company) : undefined,
  );
  const [total, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(programs)
      .innerJoin(companies, sameTenant(companies, programs, eq(companies.uid, programs.companyUid)))
      .where(where),
    selectPrograms(db)
      .where(where)
      .orderBy(asc(programs.position), asc(programs.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: Number(total[0]?.n ?? 0), results: rows.map(programToApi) };
}

/** Programs of an app for the App answer's allowed_programs. */
export async function allowedPrograms(
  scope: Pick<Scope, 'db' | 'app'>,
): Promise<{ uid: string; name: string; company_uid: string }[]> {
  const rows = await selectPrograms(scope.db)
    .where(visible(scope))
    .orderBy(asc(programs.position), asc(programs.uid));
  return rows.map((r) => ({
    uid: r.program.uid,
    name: r.program.name,
    company_uid: r.program.companyUid,
  }));
}

export async function findProgram(
  db: Database,
  app: AppRow,
  uid: string,
): Promise<ProgramWithCompany> {
  if (!isUid(uid)) throw new NotFoundError(loyaltyMessages.programNotFound);
  const [row] = await selectPrograms(db).where(and(visible({ app }), eq(programs.uid, uid)));
  if (!row) throw new NotFoundError(loyaltyMessages.programNotFound);
  return row;
}

export async function findMembership(
  db: Database,
  appId: string,
  programUid: string,
  userUid: string,
) {
  const [row] = await db
    .select()
    .from(programMembers)
    .where(
      ofTenant(
        tenantRef(appId),
        programMembers,
        eq(programMembers.programUid, programUid),
        eq(programMembers.userUid, userUid),
      ),
    );
  return row ?? null;
}

export async function getMemberProgram(
  scope: MemberScope,
  programUid: string,
): Promise<MemberProgram> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const program = await findProgram(db, app, programUid);
  const [membership, balances] = await Promise.all([
    findMembership(db, app.uid, program.program.uid, userUid),
    balancesOf(db, app.uid, program.program.uid, userUid),
  ]);
  return {
    ...programToApi(program),
    is_member: membership !== null,
    joined_at: membership?.joinedAt.toISOString() ?? null,
    balances,
    level: levelFor(program.program.levels, balances.points),
    points_expiring: membership
      ? await memberPointsExpiring(db, app.uid, program.program.uid, userUid)
      : null,
  };
}

/** Joins a program; joining again changes nothing. `created` says whether the member is new. */
export async function joinProgram(scope: MemberScope, programUid: string) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const program = await findProgram(db, app, programUid).catch(() => {
    throw new ValidationError({ program: [loyaltyMessages.programNotFound] });
  });
  const existing = await findMembership(db, app.uid, program.program.uid, userUid);
  if (!existing) {
    if (!program.program.openToJoin)
      throw new ValidationError({ program: [loyaltyMessages.joinClosed] });
    await db
      .insert(programMembers)
      .values({ appId: app.uid, programUid: program.program.uid, userUid })
      .onConflictDoNothing();
  }
  return {
    created: !existing,
    program: await getMemberProgram(scope, program.program.uid),
  };
}

/**
 * The member QR of a program the member belongs to. A limited session's QR
 * (document number alone) only finds the member at the counter: it is no
 * proof of presence for spending their coins or stamps.
 */
export async function memberQr(scope: MemberScope, programUid: string) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const program = await findProgram(db, app, programUid);
  if (!(await findMembership(db, app.uid, program.program.uid, userUid)))
    throw new ValidationError(loyaltyMessages.notMember);
  const { qr, expiresAt } = signMemberQr(
    app.uid,
    userUid,
    program.program.uid,
    new Date(),
    scope.limitedSession ? 'l1' : 'v1',
  );
  return { qr, expires_at: expiresAt.toISOString() };
}

/** The member's own ledger lines in a program, newest first. */
export async function listLedger(
  scope: MemberScope,
  programUid: string,
  filters: { currency?: LoyaltyCurrency },
  window: PageWindow,
) {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const program = await findProgram(db, app, programUid);
  const where = ofTenant(
    scope,
    loyaltyLedger,
    eq(loyaltyLedger.programUid, program.program.uid),
    eq(loyaltyLedger.userUid, userUid),
    filters.currency ? eq(loyaltyLedger.currency, filters.currency) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(loyaltyLedger).where(where),
    db
      .select()
      .from(loyaltyLedger)
      .where(where)
      .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  const results: LedgerLine[] = rows.map((r) => ({
    uid: r.uid,
    currency: r.currency,
    amount: r.amount,
    kind: r.kind,
    reason: r.reason,
    reference: r.reference,
    created_at: r.createdAt.toISOString(),
  }));
  return { count: Number(total[0]?.n ?? 0), results };
}

/**
 * Account deletion's "what you will lose": the programs the member belongs
 * to (also switched-off ones: their balances go with the account), with the
 * coins and points balances, by program order.
 */
export async function deletionPrograms(
  db: Database,
  appId: string,
  userUid: string,
  window: PageWindow,
) {
  const where = ofTenant(tenantRef(appId), programMembers, eq(programMembers.userUid, userUid));
  const sum = (currency: LoyaltyCurrency) =>
    sql`coalesce((SELECT sum(${loyaltyLedger.amount}) FROM ${loyaltyLedger} WHERE ${sameTenant(loyaltyLedger, programMembers)} AND ${loyaltyLedger.programUid} = ${programMembers.programUid} AND ${loyaltyLedger.userUid} = ${programMembers.userUid} AND ${loyaltyLedger.currency} = ${currency}), 0)::bigint`.mapWith(
      bigintToNumber,
    );
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(programMembers).where(where),
    db
      .select({ name: programs.name, coins: sum('COINS'), total_points: sum('POINTS') })
      .from(programMembers)
      .innerJoin(
        programs,
        sameTenant(programs, programMembers, eq(programs.uid, programMembers.programUid)),
      )
      .where(where)
      .orderBy(asc(programs.position), asc(programs.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    results: rows.map((r) => ({
      name: r.name,
      coins: r.coins,
      total_points: r.total_points,
    })),
  };
}
