import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  adminMembersCsvColumns,
  type AdminMemberRow,
  type AdminMembersQuery,
} from '@store/contract';
import { loyaltyLedger, orders, programMembers, users } from '../../../db/schema';
import type { PageWindow } from '../../../lib/pagination';
import { likePattern, nameContains } from '../../../lib/search';
import { bigintToNumber } from '../../../lib/sum';
import { ofTenant } from '../../../scope/tenant-query';
import { safeCell, storeDateTime } from '../../staff/records';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import { companyProgramUids, visibleOrders } from './membership';

export type MemberFilters = Pick<AdminMembersQuery, 'q'>;

/**
 * The grouped tables a members query joins to `users`: first joining of a company program,
 * first order at a place the user may see, points and coins over the company's programs.
 * `only` narrows them to one user (the profile).
 */
export async function memberSources(admin: AdminScope, only?: string) {
  const programUids = (await companyProgramUids(admin)).map((p) => p.uid);
  // No program: a uid no program has, so the queries keep one shape.
  if (programUids.length === 0) programUids.push('00000000-0000-0000-0000-000000000000');
  const joined = admin.db
    .select({
      userUid: programMembers.userUid,
      // Aliases unique in the whole query: drizzle names a subquery's SQL field unqualified.
      first: sql<Date>`min(${programMembers.joinedAt})`.as('joined_first'),
    })
    .from(programMembers)
    .where(
      ofTenant(
        admin,
        programMembers,
        inArray(programMembers.programUid, programUids),
        only ? eq(programMembers.userUid, only) : undefined,
      ),
    )
    .groupBy(programMembers.userUid)
    .as('joined');
  const ordered = admin.db
    .select({
      userUid: orders.userUid,
      first: sql<Date>`min(${orders.createdAt})`.as('ordered_first'),
    })
    .from(orders)
    .where(visibleOrders(admin, only ? eq(orders.userUid, only) : isNotNull(orders.userUid)))
    .groupBy(orders.userUid)
    .as('ordered');
  const balances = admin.db
    .select({
      userUid: loyaltyLedger.userUid,
      points:
        sql`sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.currency} = 'POINTS')`.as(
          'balance_points',
        ),
      coins:
        sql`sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.currency} = 'COINS')`.as(
          'balance_coins',
        ),
    })
    .from(loyaltyLedger)
    .where(
      ofTenant(
        admin,
        loyaltyLedger,
        inArray(loyaltyLedger.programUid, programUids),
        only ? eq(loyaltyLedger.userUid, only) : undefined,
      ),
    )
    .groupBy(loyaltyLedger.userUid)
    .as('balances');
  return { joined, ordered, balances };
}

/**
 * The first time they joined a program of the company or ordered from it (`least` skips
 * the one that is null), to the millisecond so the CSV's keyset reads back the same instant.
 */
function sinceOf({ joined, ordered }: MemberSources): SQL {
  return sql`date_trunc('milliseconds', least(${joined.first}, ${ordered.first}))`;
}

function countMembers(admin: AdminScope, sources: MemberSources, where: SQL) {
  return admin.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(sources.joined, eq(sources.joined.userUid, users.uid))
    .leftJoin(sources.ordered, eq(sources.ordered.userUid, users.uid))
    .where(where);
}

/**
 * The company's members matching `q`: part of the name (accents and case ignored), the
 * email, the phone (spaces and dashes typed are ignored) or the document number.
 */
function membersWhere(admin: AdminScope, sources: MemberSources, filters: MemberFilters): SQL {
  const q = filters.q || undefined;
  const digits = q?.replace(/[\s-]/g, '');
  return ofTenant(
    admin,
    users,
    or(isNotNull(sources.joined.userUid), isNotNull(sources.ordered.userUid)),
    q
      ? or(
          nameContains(sql`${users.firstName} || ' ' || ${users.lastName}`, q),
          ilike(users.email, likePattern(q)),
          digits ? ilike(users.mobileNumber, likePattern(digits)) : undefined,
          ilike(users.documentNumber, likePattern(q)),
        )
      : undefined,
  );
}

/**
 * The company's members with their figures, read as three grouped tables joined to the users
 * (who joined its programs and when first, who ordered and when first, the balances), so a
 * page costs one pass over the company's rows rather than subqueries per user.
 */
export function selectMembers(admin: AdminScope, sources: MemberSources) {
  const { joined, ordered, balances } = sources;
  return admin.db
    .select({
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobileNumber: users.mobileNumber,
      documentNumber: users.documentNumber,
      since: sql<string>`to_char(${sinceOf(sources)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      points: sql`coalesce(${balances.points}, 0)`.mapWith(bigintToNumber),
      coins: sql`coalesce(${balances.coins}, 0)`.mapWith(bigintToNumber),
    })
    .from(users)
    .leftJoin(joined, eq(joined.userUid, users.uid))
    .leftJoin(ordered, eq(ordered.userUid, users.uid))
    .leftJoin(balances, eq(balances.userUid, users.uid));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectMembers>['where']>>[number];
type MemberSources = Awaited<ReturnType<typeof memberSources>>;

export function toRow(r: Selected): AdminMemberRow {
  return {
    uid: r.uid,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    mobile_phone: r.mobileNumber,
    document_number: r.documentNumber,
    member_since: r.since,
    points: r.points,
    coins: r.coins,
  };
}

function orderingOf(sources: MemberSources, ordering: AdminMembersQuery['ordering']): SQL[] {
  switch (ordering) {
    case 'name':
      return [
        asc(sql`lower(unaccent(${users.firstName}))`),
        asc(sql`lower(unaccent(${users.lastName}))`),
        asc(users.uid),
      ];
    case '-points':
      return [desc(sql`coalesce(${sources.balances.points}, 0)`), desc(users.uid)];
    default:
      return [desc(sinceOf(sources)), desc(users.uid)];
  }
}

/** A page of the company's members, with their points and coins over its programs. */
export async function listMembers(
  admin: AdminScope,
  query: AdminMembersQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminMemberRow[] }> {
  const sources = await memberSources(admin);
  const where = membersWhere(admin, sources, query);
  const [[{ count }], rows] = await Promise.all([
    countMembers(admin, sources, where),
    selectMembers(admin, sources)
      .where(where)
      .orderBy(...orderingOf(sources, query.ordering))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count: Number(count), results: rows.map(toRow) };
}

const CSV_BATCH = 500;

/**
 * The filtered members as CSV, newest member first, streamed in batches of 500 read by
 * keyset (member since, uid); cells people typed are made formula-safe. The export is
 * recorded in the audit log (who, which filter, how many members) before the first byte.
 */
export async function membersCsv(admin: AdminScope, filters: MemberFilters): Promise<Readable> {
  const sources = await memberSources(admin);
  const where = membersWhere(admin, sources, filters);
  const [{ count }] = await countMembers(admin, sources, where);
  await recordChange(admin, {
    entity: 'member_export',
    entityUid: randomUUID(),
    action: 'create',
    before: null,
    after: { filter: { q: filters.q || null }, members: Number(count) },
  });
  async function* batches() {
    let after: { at: string; uid: string } | undefined;
    for (;;) {
      const rows = await selectMembers(admin, sources)
        .where(
          and(
            where,
            after
              ? sql`(${sinceOf(sources)}, ${users.uid}) < (${after.at}::timestamptz, ${after.uid}::uuid)`
              : undefined,
          ),
        )
        .orderBy(...orderingOf(sources, '-member_since'))
        .limit(CSV_BATCH);
      for (const m of rows.map(toRow))
        yield [
          safeCell(m.first_name),
          safeCell(m.last_name),
          safeCell(m.email ?? ''),
          safeCell(m.mobile_phone ?? ''),
          safeCell(m.document_number ?? ''),
          storeDateTime(m.member_since),
          m.points,
          m.coins,
        ];
      if (rows.length < CSV_BATCH) return;
      const last = rows[rows.length - 1];
      after = { at: last.since, uid: last.uid };
    }
  }
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  const csv = stringify({ header: true, columns: [...adminMembersCsvColumns], bom: true });
  const source = Readable.from(batches());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
