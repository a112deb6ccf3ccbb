import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminStaffErrors } from '../errors/admin-staff';
import { staffMemberInput } from '../staff/schemas';

/**
 * The back office's staff screen (`/admin/staff`, `v5/admin/staff/...`, area `staff`: owners
 * only). The same services as the staff console's owner routes; the answers are the staff
 * console's `staffMember` and `staffInvitation`, invitations take `staffInvitationInput`.
 */
export const adminStaffMessages = /* @__PURE__ */ messagesOf('admin', adminStaffErrors);

/** `PATCH v5/admin/staff/members/{user_uid}/`: the member's new role and places (none: every place). */
export const adminStaffMemberPatch = staffMemberInput
  .pick({ role: true, place_uids: true })
  .strict();
export type AdminStaffMemberPatch = z.input<typeof adminStaffMemberPatch>;
