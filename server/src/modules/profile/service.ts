import { eq, ne } from 'drizzle-orm';
import {
  authMessages,
  birthdateError,
  DEFAULT_DOCUMENT_TYPE,
  documentNumberError,
  formMessages,
  mobileNumberError,
  normaliseDocumentNumber,
  normaliseMobileNumber,
  passwordError,
  type ChangePasswordBody,
  type DocumentType,
  type ProfileUpdateBody,
  type User,
} from '@store/contract';
import { areas, sessions, users } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { isUid } from '../../lib/uid';
import { signOutOthers } from '../auth/links';
import { asTakenError, memberToApi, takenIdentityErrors } from '../auth/users';
import { ofTenant } from '../../scope/tenant-query';
import { withDb, type MemberScope } from '../../scope/scope';

/**
 * `PATCH v5/me/`: changes only the fields sent, always on the signed-in
 * member's own row (there is no user id in the call to point elsewhere).
 * Email is not editable here: changing it would need a new verification.
 */
export async function updateProfile(
  scope: MemberScope,
  sessionHash: string | null,
  body: ProfileUpdateBody,
): Promise<User> {
  const { db, user } = scope;
  const errors: Record<string, string[]> = {};
  const changes: Partial<typeof users.$inferInsert> = {};

  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.gender !== undefined) changes.gender = body.gender;
  if (body.document_signin !== undefined) changes.documentSignin = body.document_signin;
  // Accepted once: the first acceptance's date stays.
  if (body.accept_terms && !user.acceptedTermsAt) changes.acceptedTermsAt = new Date();
  if (body.skip_complete_info !== undefined)
    changes.completeInfoSkippedAt = body.skip_complete_info ? new Date() : null;

  if (body.birthdate !== undefined) {
    const value = body.birthdate?.trim() || null;
    const message = value ? birthdateError(value, formMessages.date) : undefined;
    if (message) errors.birthdate = [message];
    changes.birthdate = value;
  }

  if (body.mobile_number !== undefined) {
    const value = body.mobile_number ? normaliseMobileNumber(body.mobile_number) : '';
    const message = value ? mobileNumberError(value) : undefined;
    if (message) errors.mobile_number = [message];
    changes.mobileNumber = value || null;
  }

  if (body.document_type !== undefined || body.document_number !== undefined) {
    const number =
      body.document_number !== undefined
        ? normaliseDocumentNumber(body.document_number ?? '')
        : (user.documentNumber ?? '');
    const type = (body.document_type ??
      (body.document_type === null ? null : user.documentType) ??
      DEFAULT_DOCUMENT_TYPE) as DocumentType;
    if (!number) {
      // Clearing the number clears the document.
      changes.documentNumber = null;
      changes.documentType = null;
    } else {
      const message = documentNumberError(type, number);
      if (message) errors.document_number = [message];
      changes.documentNumber = number;
      changes.documentType = type;
    }
  }

  if (body.area !== undefined) {
    if (body.area === null || body.area === '') changes.areaUid = null;
    else {
      const [area] = isUid(body.area)
        ? await db
            .select({ uid: areas.uid })
            .from(areas)
            .where(ofTenant(scope, areas, eq(areas.uid, body.area)))
        : [];
      if (!area) errors.area = [authMessages.invalidArea];
      changes.areaUid = body.area;
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const taken = await takenIdentityErrors(
    scope,
    {
      document: changes.documentNumber
        ? { type: changes.documentType as DocumentType, number: changes.documentNumber }
        : null,
      mobile: changes.mobileNumber,
    },
    user.uid,
  );
  if (Object.keys(taken).length) throw new ValidationError(taken);

  if (Object.keys(changes).length === 0) return memberToApi(scope, user);
  try {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(ofTenant(scope, users, eq(users.uid, user.uid)))
        .returning();
      // Switched off, the document alone opens nothing more: whoever already got in with it
      // elsewhere is out too (this session stays, as a password change keeps it).
      if (changes.documentSignin === false)
        await tx
          .delete(sessions)
          .where(
            ofTenant(
              scope,
              sessions,
              eq(sessions.userUid, user.uid),
              eq(sessions.method, 'document'),
              sessionHash ? ne(sessions.tokenHash, sessionHash) : undefined,
            ),
          );
      return row;
    });
    return memberToApi(scope, row);
  } catch (err) {
    throw asTakenError(err) ?? err;
  }
}

/**
 * `POST v5/me/change-password/`: needs the current password; the other
 * sessions of the member end, the one making the change stays.
 */
export async function changePassword(
  scope: MemberScope,
  sessionHash: string | null,
  body: ChangePasswordBody,
): Promise<void> {
  const { db, user } = scope;
  if (body.password !== body.password_confirmation)
    throw new ValidationError(authMessages.passwordsMustMatch);
  const message = passwordError(body.password, user.email);
  if (message) throw new ValidationError({ password: [message] });
  if (!(await verifyPassword(user.passwordHash, body.old_password)))
    throw new ValidationError({ old_password: [authMessages.wrongOldPassword] });
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(ofTenant(scope, users, eq(users.uid, user.uid)));
    await signOutOthers(withDb(scope, tx), sessionHash);
  });
}
