import type { FastifyRequest } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import { staffCan, staffMessages, type StaffPermission } from '@store/contract';
import { companies, places, staffMembers } from '../../db/schema';
import { ForbiddenError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { MemberScope, StaffScope } from '../../scope/scope';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff area's preValidation hook; the staff routes read it with requireStaff(). */
    staff: StaffScope | null;
  }
}

/**
 * The staff role of a user on an app: their one company and allowed places.
 * Null when the user is not staff (or the company left the app).
 */
export async function resolveStaff(scope: MemberScope): Promise<StaffScope | null> {
  const { db, user } = scope;
  const [row] = await db
    .select({ member: staffMembers, company: { uid: companies.uid, name: companies.name } })
    .from(staffMembers)
    .innerJoin(
      companies,
      sameTenant(companies, staffMembers, eq(companies.uid, staffMembers.companyUid)),
    )
    .where(ofTenant(scope, staffMembers, eq(staffMembers.userUid, user.uid)));
  if (!row) return null;
  const limited = row.member.placeUids.length > 0;
  const placeRows = await db
    .select({ uid: places.uid, name: places.name })
    .from(places)
    .where(
      ofTenant(
        scope,
        places,
        eq(places.companyUid, row.company.uid),
        eq(places.isActive, true),
        limited ? inArray(places.uid, row.member.placeUids.filter(isUid)) : undefined,
      ),
    )
    .orderBy(asc(places.name));
  return {
    ...scope,
    role: row.member.role,
    company: row.company,
    places: placeRows,
    limitedToPlaces: limited,
  };
}

/**
 * preValidation hook of the whole staff area: 401 without a session (before
 * the body is read), 403 for a limited session or when the user is not staff
 * of a company of this tenant. Every staff route then states its permission with `staffOnly`.
 */
export async function staffHook(request: FastifyRequest): Promise<void> {
  // A limited session (document number alone) never reaches the console, even if its
  // member was made staff after signing in.
  request.requireFullSession();
  const staff = await resolveStaff(request.fullMemberScope());
  if (!staff) throw new ForbiddenError(staffMessages.notStaff);
  request.staff = staff;
}

/** Route hook: the role must allow the permission (VALIDATOR: look-up, redeem and stamps only). */
export function staffOnly(permission: StaffPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    const staff = requireStaff(request);
    if (!staffCan(staff.role, permission))
      throw new ForbiddenError(
        permission === 'members' ? staffMessages.ownerOnly : staffMessages.roleNotAllowed,
      );
  };
}

export function requireStaff(request: FastifyRequest): StaffScope {
  if (!request.staff) throw new ForbiddenError(staffMessages.notStaff);
  return request.staff;
}

/**
 * A place given in a staff body or filter: one of the company's places (else
 * a field error) that the user may act at (else a field error too: the form
 * offers only allowed places, so this is a wrong value, not a permission).
 */
export function allowedPlace(
  staff: StaffScope,
  placeUid: string,
  field = 'place_uid',
): { uid: string; name: string } {
  const place = staff.places.find((p) => p.uid === placeUid);
  if (!place)
    throw new ValidationError({
      [field]: [
        staff.limitedToPlaces ? staffMessages.placeNotAllowed : staffMessages.placeNotFound,
      ],
    });
  return place;
}
