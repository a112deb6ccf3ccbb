import { and, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { staffMembers, users } from '../db/schema';
import type { TenantStaff } from './staff-schema';

/**
 * The file's staff roles follow the file: upserted, and file-granted roles no
 * longer listed are removed. Roles an owner granted from the staff console
 * (source 'owner') are left alone, unless the file now names that user.
 */
export async function importStaff(
  tx: Tx,
  list: TenantStaff,
  appId: string,
  uidOf: (kind: string, key: string) => string,
) {
  const kept: string[] = [];
  for (const s of list) {
    const [user] = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.email, s.user)));
    if (!user) continue;
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
      .onConflictDoUpdate({ target: [staffMembers.appId, staffMembers.userUid], set: row });
  }
  await tx
    .delete(staffMembers)
    .where(
      and(
        eq(staffMembers.appId, appId),
        eq(staffMembers.source, 'file'),
        kept.length ? notInArray(staffMembers.userUid, kept) : undefined,
      ),
    );
}
