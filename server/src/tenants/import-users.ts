import { users } from '../db/schema';
import type { Tx } from '../db/client';
import { hashPassword } from '../lib/secrets';
import type { TenantUser } from './users-schema';

/** Hashing is slow on purpose: done before the import's transaction opens. */
export async function hashTenantUsers(list: TenantUser[]): Promise<(string | null)[]> {
  return Promise.all(list.map((u) => (u.password ? hashPassword(u.password) : null)));
}

/** Creates the file's members that do not exist yet (by uid, email, document or mobile). */
export async function importUsers(
  tx: Tx,
  list: TenantUser[],
  hashes: (string | null)[],
  appId: string,
  uidOf: (kind: string, key: string) => string,
) {
  for (const [i, u] of list.entries()) {
    await tx
      .insert(users)
      .values({
        appId,
        uid: uidOf('user', u.email),
        email: u.email,
        passwordHash: hashes[i],
        emailVerifiedAt: u.email_verified ? new Date() : null,
        firstName: u.first_name,
        lastName: u.last_name,
        documentType: u.document_number ? u.document_type : null,
        documentNumber: u.document_number,
        mobileNumber: u.mobile_number,
        birthdate: u.birthdate,
        gender: u.gender,
        acceptedTermsAt: new Date(),
      })
      .onConflictDoNothing();
  }
}
