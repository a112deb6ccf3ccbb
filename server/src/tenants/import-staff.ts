import { eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { staffMembers, users } from '../db/schema';
import type { TenantStaff } from './staff-schema';
import { ofTenant, tenantRef } from '../scope/tenant-query';
import { updateSet } from '../db/upsert';

/**
 * The file's staff roles follow the file: upserted, and file-granted roles no
 * longer listed are removed. Roles an owner granted from the staff console
 * (source 'owner') are left alone, unless the file now names that user.
 *
 * A role only goes to an account whose email is verified: when someone else
 * registered the file's address first and never verified it, the file's user
 * was not created (importUsers leaves existing accounts alone) and that
 * stranger's account is NOT adopted. The row is skipped and answered as a
 * warning, and the import goes on (docs/decisions.md "Security (issue 15)").
 */
export async function importStaff(
  tx: Tx,
  list: TenantStaff,
  appId: string,
  uidOf: (kind: string, key: string) => string,
): Promise<string[]> {
  const kept: string[] = [];
  const warnings: string[] = [];
  for (const [i, s] of list.entries()) {
    const [user] = await tx
      .select({ uid: users.uid, verified: users.emailVerifiedAt })
      .from(users)
      .where(ofTenant(tenantRef(appId), users, eq(users.email, s.user)));
    if (!user?.verified) {
      warnings.push(
        `staff.${i}.user: "${s.user}" ${user ? 'has an unverified email' : 'has no account'}; no role given`,
      );
      continue;
    }
    kept.push(user.uid);
    const row = {
      appId,
      userUid: user.uid,
      companyUid: uidOf('company', s.company),
      role: s.role,
      placeUids: s.places.map((p) => uidOf('place', p)),
      source: 'file' as const,
    };
    await tx
      .insert(staffMembers)
      .values(row)
      .onConflictDoUpdate({
        target: [staffMembers.appId, staffMembers.userUid],
        set: updateSet(row),
      });
  }
  await tx
    .delete(staffMembers)
    .where(
      ofTenant(
        tenantRef(appId),
        staffMembers,
        eq(staffMembers.source, 'file'),
        kept.length ? notInArray(staffMembers.userUid, kept) : undefined,
      ),
    );
  return warnings;
}
