import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminMember, AdminMemberProgram } from '@store/contract';
import { loyaltyLedger, orders, programMembers, programs, users } from '../../../db/schema';
import { sumAsNumber } from '../../../lib/sum';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import { levelFor } from '../../programs/service';
import type { AdminScope } from '../guard';
import { memberSources, selectMembers, toRow } from './list';
import { companyMember, companyProgramUids, visibleOrders } from './membership';

/**
 * A member as the back office shows them: contact data, the company's programs they joined
 * with balances and level in each, the totals over those programs and how many orders they
 * placed at the places the user may see. Nothing of another company's programs.
 */
export async function getMember(admin: AdminScope, uid: string): Promise<AdminMember> {
  const user = await companyMember(admin, uid);
  const [[row], joined, sums, [{ count }]] = await Promise.all([
    memberSources(admin, user.uid).then((sources) =>
      selectMembers(admin, sources).where(ofTenant(admin, users, eq(users.uid, user.uid))),
    ),
    admin.db
      .select({ program: programs, joinedAt: programMembers.joinedAt })
      .from(programMembers)
      .innerJoin(
        programs,
        sameTenant(programs, programMembers, eq(programs.uid, programMembers.programUid)),
      )
      .where(
        ofTenant(
          admin,
          programMembers,
          eq(programMembers.userUid, user.uid),
          eq(programs.companyUid, admin.company.uid),
        ),
      )
      .orderBy(asc(programs.position), asc(programs.uid)),
    admin.db
      .select({
        program: loyaltyLedger.programUid,
        currency: loyaltyLedger.currency,
        total: sumAsNumber(loyaltyLedger.amount),
      })
      .from(loyaltyLedger)
      .where(
        ofTenant(
          admin,
          loyaltyLedger,
          eq(loyaltyLedger.userUid, user.uid),
          inArray(loyaltyLedger.programUid, companyProgramUids(admin)),
        ),
      )
      .groupBy(loyaltyLedger.programUid, loyaltyLedger.currency),
    admin.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(visibleOrders(admin, eq(orders.userUid, user.uid))),
  ]);
  const sum = (program: string | null, currency: 'POINTS' | 'COINS' | 'STAMPS') =>
    sums
      .filter((s) => (program === null || s.program === program) && s.currency === currency)
      .reduce((total, s) => total + s.total, 0);
  const balancesOf = (program: string | null) => ({
    points: sum(program, 'POINTS'),
    coins: sum(program, 'COINS'),
    stamps: sum(program, 'STAMPS'),
  });
  const programsOut: AdminMemberProgram[] = joined.map(({ program, joinedAt }) => {
    const balances = balancesOf(program.uid);
    return {
      uid: program.uid,
      name: program.name,
      is_active: program.isActive,
      points_enabled: program.pointsEnabled,
      coins_enabled: program.coinsEnabled,
      stamps_enabled: program.stampsEnabled,
      joined_at: joinedAt.toISOString(),
      balances,
      level: levelFor(program.levels, balances.points),
    };
  });
  return {
    ...toRow(row),
    email_verified: user.emailVerifiedAt !== null,
    document_type: user.documentType,
    birthdate: user.birthdate,
    accepts_publicity: user.publicityAcceptedAt !== null,
    registered_at: user.createdAt.toISOString(),
    orders_count: Number(count),
    balances: balancesOf(null),
    programs: programsOut,
  };
}
