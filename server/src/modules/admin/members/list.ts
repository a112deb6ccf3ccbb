import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  adminMembersCsvColumns,
  type AdminMemberRow,
  type AdminMembersQuery,
} from '@store/contract';
import { loyaltyLedger, users, type LoyaltyCurrency } from '../../../db/schema';
import type { PageWindow } from '../../../lib/pagination';
import { likePattern, nameContains } from '../../../lib/search';
import { bigintToNumber } from '../../../lib/sum';
import { ofTenant } from '../../../scope/tenant-query';
import { safeCell, storeDateTime } from '../../staff/records';
import { recordChange } from '../audit';
import type { AdminScope } from '../guard';
import { companyProgramUids, isCompanyMember, memberSince } from './membership';

export type MemberFilters = Pick<AdminMembersQuery, 'q'>;

/** What the member holds in one currency over all the company's programs (the sum of their ledger lines). */
function balanceOf(admin: AdminScope, currency: LoyaltyCurrency): SQL<number> {
  return sql`(select coalesce(sum(${loyaltyLedger.amount}), 0)::bigint from ${loyaltyLedger} where ${ofTenant(
    admin,
    loyaltyLedger,
    eq(loyaltyLedger.userUid, users.uid),
    eq(loyaltyLedger.currency, currency),
    inArray(loyaltyLedger.programUid, companyProgramUids(admin)),
  )})`.mapWith(bigintToNumber);
}

/**
 * The company's members matching `q`: part of the name (accents and case ignored), the
 * email, the phone (spaces and dashes typed are ignored) or the document number.
 */
function membersWhere(admin: AdminScope, filters: MemberFilters): SQL {
  const q = filters.q || undefined;
  const digits = q?.replace(/[\s-]/g, '');
  return ofTenant(
    admin,
    users,
    isCompanyMember(admin),
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

export function selectMembers(admin: AdminScope) {
  return admin.db
    .select({
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobileNumber: users.mobileNumber,
      documentNumber: users.documentNumber,
      since: memberSince(admin).mapWith(users.createdAt).as('member_since'),
      points: balanceOf(admin, 'POINTS').as('points'),
      coins: balanceOf(admin, 'COINS').as('coins'),
    })
    .from(users);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectMembers>['where']>>[number];

export function toRow(r: Selected): AdminMemberRow {
  return {
    uid: r.uid,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    mobile_phone: r.mobileNumber,
    document_number: r.documentNumber,
    member_since: new Date(r.since).toISOString(),
    points: r.points,
    coins: r.coins,
  };
}

/** Orders by the output columns' names, so the balance and date subqueries run once per row. */
const orderings: Record<AdminMembersQuery['ordering'], SQL[]> = {
  '-member_since': [sql`member_since desc`, desc(users.uid)],
  name: [
    asc(sql`lower(unaccent(${users.firstName}))`),
    asc(sql`lower(unaccent(${users.lastName}))`),
    asc(users.uid),
  ],
  '-points': [sql`points desc`, desc(users.uid)],
};

/** A page of the company's members, with their points and coins over its programs. */
export async function listMembers(
  admin: AdminScope,
  query: AdminMembersQuery,
  window: PageWindow,
): Promise<{ count: number; results: AdminMemberRow[] }> {
  const where = membersWhere(admin, query);
  const [[{ count }], rows] = await Promise.all([
    admin.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
    selectMembers(admin)
      .where(where)
      .orderBy(...orderings[query.ordering])
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
  const where = membersWhere(admin, filters);
  const [{ count }] = await admin.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  await recordChange(admin, {
    entity: 'member_export',
    entityUid: randomUUID(),
    action: 'create',
    before: null,
    after: { filter: { q: filters.q || null }, members: Number(count) },
  });
  async function* batches() {
    let after: { at: Date; uid: string } | undefined;
    for (;;) {
      const rows = await selectMembers(admin)
        .where(
          and(
            where,
            after
              ? sql`(${memberSince(admin)}, ${users.uid}) < (${after.at.toISOString()}::timestamptz, ${after.uid}::uuid)`
              : undefined,
          ),
        )
        .orderBy(...orderings['-member_since'])
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
      after = { at: new Date(last.since), uid: last.uid };
    }
  }
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  const csv = stringify({ header: true, columns: [...adminMembersCsvColumns], bom: true });
  const source = Readable.from(batches());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
