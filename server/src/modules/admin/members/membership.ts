import { eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { adminMembersMessages } from '@store/contract';
import { orders, programMembers, programs, users } from '../../../db/schema';
import { NotFoundError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { ofTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

/** The company's programs, active or not: a member's history stays theirs when a program is switched off. */
export function companyProgramUids(admin: AdminScope) {
  return admin.db
    .select({ uid: programs.uid })
    .from(programs)
    .where(ofTenant(admin, programs, eq(programs.companyUid, admin.company.uid)));
}

/**
 * The company's orders the user may see: placed at one of its places (those the user is limited
 * to, when limited) and no longer waiting for their card payment (nobody's yet, as on the board).
 */
export function visibleOrders(admin: AdminScope, ...conditions: (SQL | undefined)[]): SQL {
  return ofTenant(
    admin,
    orders,
    eq(orders.companyUid, admin.company.uid),
    ne(orders.paymentStatus, 'PENDING'),
    admin.limitedToPlaces
      ? inArray(
          orders.placeUid,
          admin.places.map((p) => p.uid).concat('00000000-0000-0000-0000-000000000000'),
        )
      : undefined,
    ...conditions,
  );
}

/**
 * Whether `users` (the outer query's row) is a member of the company: they joined one of its
 * programs, or ordered at a place the user may see. In a multisite tenant every company has
 * its own members; one account may be a member of several.
 */
export function isCompanyMember(admin: AdminScope): SQL {
  return sql`(exists (select 1 from ${programMembers} where ${ofTenant(
    admin,
    programMembers,
    eq(programMembers.userUid, users.uid),
    inArray(programMembers.programUid, companyProgramUids(admin)),
  )}) or exists (select 1 from ${orders} where ${visibleOrders(
    admin,
    eq(orders.userUid, users.uid),
  )}))`;
}

export type MemberRow = typeof users.$inferSelect;

/** A member of the company by uid; anyone else (another company's, another tenant's) is a 404. */
export async function companyMember(admin: AdminScope, uid: string): Promise<MemberRow> {
  if (!isUid(uid)) throw new NotFoundError(adminMembersMessages.memberNotFound);
  const [row] = await admin.db
    .select()
    .from(users)
    .where(ofTenant(admin, users, eq(users.uid, uid), isCompanyMember(admin)));
  if (!row) throw new NotFoundError(adminMembersMessages.memberNotFound);
  return row;
}
