import { asc, eq } from 'drizzle-orm';
import { staffMessages, type StaffMember, type StaffRole } from '@store/contract';
import { staffMembers, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { StaffScope } from '../../scope/scope';
import { resolveStaff } from './guard';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

async function companyPlaces(staff: StaffScope) {
  // The owner's own list is every place of the company (an owner limited to places still manages the whole staff).
  const full = await resolveStaff(staff);
  return full?.limitedToPlaces ? null : (full?.places ?? []);
}

/** The company's staff, owners first. */
export async function listMembers(staff: StaffScope): Promise<StaffMember[]> {
  const rows = await staff.db
    .select({
      member: staffMembers,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(staffMembers)
    .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
    .where(ofTenant(staff, staffMembers, eq(staffMembers.companyUid, staff.company.uid)))
    .orderBy(asc(staffMembers.role), asc(users.firstName), asc(users.uid));
  const names = new Map(((await companyPlaces(staff)) ?? staff.places).map((p) => [p.uid, p.name]));
  return rows.map((r) => ({
    user_uid: r.member.userUid,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    role: r.member.role,
    places: r.member.placeUids
      .filter((u) => names.has(u))
      .map((u) => ({ uid: u, name: names.get(u)! })),
  }));
}

/**
 * An owner changes the role or places of someone already on the company's
 * staff. Adding someone new is an invitation (invitations.ts): a role only
 * ever reaches an account through a link mailed to its address. Any email that
 * is not this company's staff gets the same answer, so the form tells nobody
 * which addresses have accounts.
 */
export async function grantMember(
  staff: StaffScope,
  input: { email: string; role: StaffRole; place_uids: string[] },
): Promise<{ created: boolean; member: StaffMember }> {
  const [current] = await staff.db
    .select({ uid: users.uid })
    .from(staffMembers)
    .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
    .where(
      ofTenant(
        staff,
        staffMembers,
        eq(staffMembers.companyUid, staff.company.uid),
        eq(users.email, input.email),
      ),
    );
  if (!current) throw new ValidationError({ email: [staffMessages.notStaffHere] });
  const placeUids = await checkPlaces(staff, input.place_uids);
  if (current.uid === staff.user.uid)
    throw new ValidationError({ email: [staffMessages.cannotRemoveSelf] });
  await staff.db
    .update(staffMembers)
    .set({ role: input.role, placeUids, source: 'owner' })
    .where(
      ofTenant(
        staff,
        staffMembers,
        eq(staffMembers.userUid, current.uid),
        eq(staffMembers.companyUid, staff.company.uid),
      ),
    );
  const member = (await listMembers(staff)).find((m) => m.user_uid === current.uid);
  if (!member) throw new ValidationError({ email: [staffMessages.notStaffHere] });
  return { created: false, member };
}

/** Places of a role: the company's own only (400 on the first other one), without repeats. */
export async function checkPlaces(staff: StaffScope, placeUids: string[]): Promise<string[]> {
  const placeList = (await companyPlaces(staff)) ?? staff.places;
  const unknown = placeUids.findIndex((u) => !placeList.some((p) => p.uid === u));
  if (unknown >= 0)
    throw new ValidationError({ [`place_uids.${unknown}`]: [staffMessages.placeNotFound] });
  return [...new Set(placeUids)];
}

/** The company's places by uid, for naming a role's places. */
export async function placeNames(staff: StaffScope): Promise<Map<string, string>> {
  return new Map(((await companyPlaces(staff)) ?? staff.places).map((p) => [p.uid, p.name]));
}

/** Removes a member of the company's staff; not oneself (the company would risk having no owner). */
export async function removeMember(staff: StaffScope, userUid: string): Promise<void> {
  if (!isUid(userUid)) throw new NotFoundError();
  if (userUid === staff.user.uid) throw new ValidationError(staffMessages.cannotRemoveSelf);
  const removed = await staff.db
    .delete(staffMembers)
    .where(
      ofTenant(
        staff,
        staffMembers,
        eq(staffMembers.userUid, userUid),
        eq(staffMembers.companyUid, staff.company.uid),
      ),
    )
    .returning({ uid: staffMembers.userUid });
  if (removed.length === 0) throw new NotFoundError();
}
