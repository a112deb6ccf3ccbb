import { and, asc, eq } from 'drizzle-orm';
import { staffMessages, type StaffMember, type StaffRole } from '@store/contract';
import { staffMembers, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import type { StaffContext } from './guard';
import { resolveStaff } from './guard';

async function companyPlaces(staff: StaffContext) {
  // The owner's own list is every place of the company (an owner limited to places still manages the whole staff).
  const full = await resolveStaff(staff.db, staff.app, staff.user);
  return full?.limitedToPlaces ? null : (full?.places ?? []);
}

/** The company's staff, owners first. */
export async function listMembers(staff: StaffContext): Promise<StaffMember[]> {
  const rows = await staff.db
    .select({
      member: staffMembers,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(staffMembers)
    .innerJoin(users, and(eq(users.appId, staffMembers.appId), eq(users.uid, staffMembers.userUid)))
    .where(
      and(eq(staffMembers.appId, staff.app.uid), eq(staffMembers.companyUid, staff.company.uid)),
    )
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
 * An owner grants a role to an existing user of the app, by email. A user is
 * staff of one company per app: one already serving another company is refused.
 */
export async function grantMember(
  staff: StaffContext,
  input: { email: string; role: StaffRole; place_uids: string[] },
): Promise<{ created: boolean; member: StaffMember }> {
  const [user] = await staff.db
    .select({ uid: users.uid })
    .from(users)
    .where(and(eq(users.appId, staff.app.uid), eq(users.email, input.email)));
  if (!user) throw new ValidationError({ email: [staffMessages.userNotFound] });
  const placeList = (await companyPlaces(staff)) ?? staff.places;
  const unknown = input.place_uids.findIndex((u) => !placeList.some((p) => p.uid === u));
  if (unknown >= 0)
    throw new ValidationError({ [`place_uids.${unknown}`]: [staffMessages.placeNotFound] });
  if (user.uid === staff.user.uid)
    throw new ValidationError({ email: [staffMessages.cannotRemoveSelf] });
  const [existing] = await staff.db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.appId, staff.app.uid), eq(staffMembers.userUid, user.uid)));
  if (existing && existing.companyUid !== staff.company.uid)
    throw new ValidationError({ email: [staffMessages.staffOfOtherCompany] });
  const row = {
    appId: staff.app.uid,
    userUid: user.uid,
    companyUid: staff.company.uid,
    role: input.role,
    placeUids: [...new Set(input.place_uids)],
    source: 'owner' as const,
  };
  await staff.db
    .insert(staffMembers)
    .values(row)
    .onConflictDoUpdate({
      target: [staffMembers.appId, staffMembers.userUid],
      set: row,
      setWhere: eq(staffMembers.companyUid, staff.company.uid),
    });
  const member = (await listMembers(staff)).find((m) => m.user_uid === user.uid);
  if (!member) throw new ValidationError({ email: [staffMessages.staffOfOtherCompany] });
  return { created: !existing, member };
}

/** Removes a member of the company's staff; not oneself (the company would risk having no owner). */
export async function removeMember(staff: StaffContext, userUid: string): Promise<void> {
  if (!isUid(userUid)) throw new NotFoundError();
  if (userUid === staff.user.uid) throw new ValidationError(staffMessages.cannotRemoveSelf);
  const removed = await staff.db
    .delete(staffMembers)
    .where(
      and(
        eq(staffMembers.appId, staff.app.uid),
        eq(staffMembers.userUid, userUid),
        eq(staffMembers.companyUid, staff.company.uid),
      ),
    )
    .returning({ uid: staffMembers.userUid });
  if (removed.length === 0) throw new NotFoundError();
}
