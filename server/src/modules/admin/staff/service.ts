import { asc, eq, isNull } from 'drizzle-orm';
import {
  adminMessages,
  adminStaffMessages,
  type AdminStaffMemberPatch,
  type StaffInvitation,
  type StaffInvitationInput,
  type StaffMember,
} from '@store/contract';
import { staffInvitations, staffMembers } from '../../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/http-errors';
import { isUid } from '../../../lib/uid';
import { withDb } from '../../../scope/scope';
import { ofTenant } from '../../../scope/tenant-query';
import { createInvitation, type InvitationMail, revokeInvitation } from '../../staff/invitations';
import { grantMember, listMembers, removeMember } from '../../staff/members';
import { recordChange } from '../audit';
import { type AdminScope } from '../guard';

/**
 * The back office's staff screen over the staff console's own services (members.ts,
 * invitations.ts): this file only adds what the back office promises on top, the audit
 * line in each change's transaction and the company never left without an owner.
 */

export { listMembers as listAdminStaff } from '../../staff/members';
export { listInvitations as listAdminInvitations } from '../../staff/invitations';

/**
 * Locks the company's owners (in one order, so two owners never deadlock) for the rest of
 * the transaction. Two owners demoting or removing each other at the same moment: the
 * second waits, then finds it is no longer an owner and is refused.
 */
async function lockOwners(admin: AdminScope): Promise<string[]> {
  const rows = await admin.db
    .select({ uid: staffMembers.userUid })
    .from(staffMembers)
    .where(
      ofTenant(
        admin,
        staffMembers,
        eq(staffMembers.companyUid, admin.company.uid),
        eq(staffMembers.role, 'OWNER'),
      ),
    )
    .orderBy(asc(staffMembers.userUid))
    .for('update');
  const owners = rows.map((r) => r.uid);
  if (!owners.includes(admin.user.uid)) throw new ForbiddenError(adminMessages.ownerOnly);
  return owners;
}

/** One member of the company's staff as the audit log keeps it. */
async function memberOf(admin: AdminScope, userUid: string): Promise<StaffMember> {
  const member = isUid(userUid)
    ? (await listMembers(admin)).find((m) => m.user_uid === userUid)
    : undefined;
  if (!member) throw new NotFoundError(adminStaffMessages.staffNotFound);
  return member;
}

const auditShape = (m: StaffMember) => ({
  email: m.email,
  role: m.role,
  place_uids: m.places.map((p) => p.uid),
});

/** Changes the role or places of someone on the staff (not oneself; an owner always remains). */
export async function changeStaffMember(
  admin: AdminScope,
  userUid: string,
  input: AdminStaffMemberPatch,
): Promise<StaffMember> {
  if (userUid === admin.user.uid)
    throw new ValidationError({ role: [adminStaffMessages.staffSelf] });
  return admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const owners = await lockOwners(scope);
    const before = await memberOf(scope, userUid);
    if (!before.email) throw new NotFoundError(adminStaffMessages.staffNotFound);
    if (owners.length === 1 && owners[0] === userUid && input.role !== 'OWNER')
      throw new ValidationError({ role: [adminStaffMessages.lastOwner] });
    const { member } = await grantMember(scope, {
      email: before.email,
      role: input.role,
      place_uids: input.place_uids ?? [],
    });
    await recordChange(scope, {
      entity: 'staff_member',
      entityUid: userUid,
      action: 'update',
      before: auditShape(before),
      after: auditShape(member),
    });
    return member;
  });
}

/** Takes someone off the staff (not oneself; never the last owner). */
export async function removeStaffMember(admin: AdminScope, userUid: string): Promise<void> {
  if (userUid === admin.user.uid) throw new ValidationError(adminStaffMessages.staffSelf);
  await admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const owners = await lockOwners(scope);
    const before = await memberOf(scope, userUid);
    if (owners.length === 1 && owners[0] === userUid)
      throw new ValidationError(adminStaffMessages.lastOwner);
    await removeMember(scope, userUid);
    await recordChange(scope, {
      entity: 'staff_member',
      entityUid: userUid,
      action: 'delete',
      before: auditShape(before),
      after: null,
    });
  });
}

/** Mails an invitation (a new one to the same address replaces the pending one). */
export async function inviteStaff(
  admin: AdminScope,
  input: StaffInvitationInput & { place_uids: string[] },
  mail: InvitationMail,
): Promise<StaffInvitation> {
  return createInvitation(admin, input, mail, (scope, invitation) =>
    recordChange(scope, {
      entity: 'staff_invitation',
      entityUid: invitation.uid,
      action: 'create',
      before: null,
      after: {
        email: invitation.email,
        role: invitation.role,
        place_uids: invitation.places.map((p) => p.uid),
      },
    }),
  );
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeStaffInvitation(admin: AdminScope, uid: string): Promise<void> {
  if (!isUid(uid)) throw new NotFoundError(adminStaffMessages.invitationNotFound);
  await admin.db.transaction(async (tx) => {
    const scope = withDb(admin, tx);
    const [row] = await tx
      .select({
        email: staffInvitations.email,
        role: staffInvitations.role,
        placeUids: staffInvitations.placeUids,
      })
      .from(staffInvitations)
      .where(
        ofTenant(
          scope,
          staffInvitations,
          eq(staffInvitations.uid, uid),
          eq(staffInvitations.companyUid, admin.company.uid),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .for('update');
    if (!row) throw new NotFoundError(adminStaffMessages.invitationNotFound);
    await revokeInvitation(scope, uid);
    await recordChange(scope, {
      entity: 'staff_invitation',
      entityUid: uid,
      action: 'delete',
      before: { email: row.email, role: row.role, place_uids: row.placeUids },
      after: null,
    });
  });
}
