import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import {
  authMessages,
  dialCodeOf,
  isProfileComplete,
  type DocumentType,
  type User,
} from '@store/contract';
import { staffMembers, users } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import type { UserRow } from '../../plugins/auth';
import { ofTenant } from '../../scope/tenant-query';
import type { MemberScope, TenantDb } from '../../scope/scope';
import { violatedConstraint } from '../../db/errors';

/**
 * The member as the API shows them; `limited` whether the asking session is limited (a document
 * number alone, no step-up running: its personal data stays hidden); `staff` whether they hold a
 * staff role here (see `isStaffUser`).
 */
export function userToApi(row: UserRow, limited = false, staff = false): User {
  const value = {
    uid: row.uid,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    first_name: row.firstName,
    last_name: row.lastName,
    birthdate: row.birthdate,
    gender: (row.gender as User['gender']) ?? null,
    document_type: (row.documentType as DocumentType | null) ?? null,
    document_number: row.documentNumber,
    mobile_number: row.mobileNumber,
    country_code_number: dialCodeOf(row.mobileNumber),
    area: row.areaUid,
    has_password: row.passwordHash !== null,
    date_joined: row.createdAt.toISOString(),
  };
  return {
    ...value,
    profile_complete: isProfileComplete(value),
    terms_accepted: row.acceptedTermsAt !== null,
    complete_info_skipped: row.completeInfoSkippedAt !== null,
    ...(limited ? hiddenFromLimited : {}),
    limited_session: limited,
    document_signin: row.documentSignin,
    // A limited session never opens the console, so it is not offered one.
    is_staff: staff && !limited,
    // A RUC and fiscal address are the member's own data: not for a document-only session.
    receipt_preference: limited ? null : (row.receiptPreference ?? null),
  };
}

/**
 * What a document number (printed on receipts) must not reveal: the member's contact data and
 * birthdate. The first name stays for the greeting; the document is what was typed.
 */
const hiddenFromLimited = {
  email: null,
  last_name: '',
  birthdate: null,
  gender: null,
  mobile_number: null,
  country_code_number: null,
} satisfies Partial<User>;

/** Whether the user holds a staff role on this app (the console's own checks stay in staff/guard). */
export async function isStaffUser(scope: TenantDb, userUid: string): Promise<boolean> {
  const [row] = await scope.db
    .select({ uid: staffMembers.userUid })
    .from(staffMembers)
    .where(ofTenant(scope, staffMembers, eq(staffMembers.userUid, userUid)));
  return !!row;
}

/** The signed-in member as `GET/PATCH v5/me/` answer them. */
export async function memberToApi(scope: MemberScope, row: UserRow): Promise<User> {
  return userToApi(row, scope.limitedSession, await isStaffUser(scope, row.uid));
}

export type Identity = {
  email?: string | null;
  document?: { type: DocumentType; number: string } | null;
  mobile?: string | null;
};

/**
 * Field errors for identities another member of the same app already uses,
 * all at once so the form can show them together. The unique indexes stay
 * the last word (see `uniqueViolationField`).
 */
export async function takenIdentityErrors(scope: TenantDb, identity: Identity, exceptUid?: string) {
  const conditions: SQL[] = [];
  if (identity.email) conditions.push(eq(users.email, identity.email));
  if (identity.document)
    conditions.push(
      and(
        eq(users.documentType, identity.document.type),
        eq(users.documentNumber, identity.document.number),
      )!,
    );
  if (identity.mobile) conditions.push(eq(users.mobileNumber, identity.mobile));
  const errors: Record<string, string[]> = {};
  if (!conditions.length) return errors;
  const rows = await scope.db
    .select({
      email: users.email,
      documentType: users.documentType,
      documentNumber: users.documentNumber,
      mobileNumber: users.mobileNumber,
    })
    .from(users)
    .where(
      ofTenant(scope, users, exceptUid ? ne(users.uid, exceptUid) : undefined, or(...conditions)),
    );
  for (const r of rows) {
    if (identity.email && r.email === identity.email) errors.email = [authMessages.emailTaken];
    if (
      identity.document &&
      r.documentType === identity.document.type &&
      r.documentNumber === identity.document.number
    )
      errors.document_number = [authMessages.documentTaken];
    if (identity.mobile && r.mobileNumber === identity.mobile)
      errors.mobile_number = [authMessages.mobileTaken];
  }
  return errors;
}

const uniqueFields: Record<string, [string, string]> = {
  users_app_email_key: ['email', authMessages.emailTaken],
  users_app_document_key: ['document_number', authMessages.documentTaken],
  users_app_mobile_key: ['mobile_number', authMessages.mobileTaken],
};

/**
 * Two requests racing for the same email both pass the friendly check; the
 * unique index stops the second. This turns that into the same 400.
 */
export function asTakenError(err: unknown): ValidationError | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    const constraint = violatedConstraint(e);
    if (code === '23505' && constraint && uniqueFields[constraint]) {
      const [field, message] = uniqueFields[constraint];
      return new ValidationError({ [field]: [message] });
    }
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

export async function findUser(scope: TenantDb, uid: string): Promise<UserRow | undefined> {
  const [row] = await scope.db
    .select()
    .from(users)
    .where(ofTenant(scope, users, eq(users.uid, uid)));
  return row;
}
