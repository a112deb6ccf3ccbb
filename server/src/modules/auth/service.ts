import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  authMessages,
  checkRegistration,
  registrationIdentity,
  documentNumberError,
  documentType as documentTypeSchema,
  formMessages,
  formRules,
  mobileNumberError,
  normaliseDocumentNumber,
  normaliseMobileNumber,
  type AuthResponse,
  type DocumentType,
  type LoginBody,
  type RegisterBody,
  type SigninMethodType,
  type ValidateResponse,
} from '@store/contract';
import { sessions, staffMembers, userIdentities, users, type SessionMethod } from '../../db/schema';
import { ForbiddenError, ValidationError } from '../../lib/http-errors';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/secrets';
import { isLimitedSession, type UserRow } from '../../plugins/auth';
import type { AppRow } from '../tenancy/service';
import { checkCaptcha } from './captcha';
import type { AuthScope } from './context';
import { issueLink, sendVerificationMail } from './links';
import { limitByAddress, limitByIdentity } from './limits';
import { asTakenError, isStaffUser, takenIdentityErrors, userToApi } from './users';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import { googleVerifier, type SocialVerifier } from './social';
import { withDb, type MemberScope, type Scope, type TenantDb } from '../../scope/scope';

/**
 * Login always answers merge = true: the client merges its anonymous local
 * cart into the member's server cart right after signing in (the cart area
 * merges idempotently), as the original stored the flag after every login.
 */
const MERGE_AFTER_SIGN_IN = true;

export function hasMethod(app: AppRow, type: SigninMethodType): boolean {
  return app.signinMethods.some((m) => m.type === type);
}

function methodSettings(app: AppRow, type: SigninMethodType): Record<string, unknown> | undefined {
  return app.signinMethods.find((m) => m.type === type)?.settings;
}

export async function createSession(
  scope: TenantDb,
  userUid: string,
  method: SessionMethod,
): Promise<string> {
  const token = newToken();
  await scope.db
    .insert(sessions)
    .values({ appId: scope.app.uid, tokenHash: tokenHash(token), userUid, method });
  return token;
}

async function signedIn(
  ctx: AuthScope,
  user: UserRow,
  method: SessionMethod,
): Promise<AuthResponse> {
  const token = await createSession(ctx, user.uid, method);
  const limited = isLimitedSession(method);
  const staff = !limited && (await isStaffUser(ctx, user.uid));
  return { token, merge: MERGE_AFTER_SIGN_IN, user: userToApi(user, limited, staff) };
}

type LoginMode = 'email' | 'mobile' | 'document';

/** The identity field the client sent picks the mode; with none, the first mode the app offers. */
function loginMode(app: AppRow, body: LoginBody): LoginMode | undefined {
  if (body.email !== undefined) return 'email';
  if (body.mobile_number !== undefined) return 'mobile';
  if (body.document_number !== undefined || body.document_type !== undefined) return 'document';
  if (hasMethod(app, 'EMAIL')) return 'email';
  if (hasMethod(app, 'MOBILE_NUMBER')) return 'mobile';
  if (hasMethod(app, 'DOCUMENT') || hasMethod(app, 'ONLY_DOCUMENT')) return 'document';
  return undefined;
}

/** `POST v5/login/` */
export async function login(ctx: AuthScope, body: LoginBody): Promise<AuthResponse> {
  await limitByAddress(ctx, 'login');
  const app = ctx.app;
  const mode = loginMode(app, body);
  const allowed =
    mode === 'email'
      ? hasMethod(app, 'EMAIL')
      : mode === 'mobile'
        ? hasMethod(app, 'MOBILE_NUMBER')
        : mode === 'document' && (hasMethod(app, 'DOCUMENT') || hasMethod(app, 'ONLY_DOCUMENT'));
  if (!mode || !allowed) throw new ValidationError(authMessages.methodNotAllowed);

  const errors: Record<string, string[]> = {};
  const password = body.password ?? '';
  // ONLY_DOCUMENT is the app's choice to let a document number alone sign in; a password,
  // when one is sent, is still checked and makes a full session.
  const needsPassword = mode !== 'document' || !hasMethod(app, 'ONLY_DOCUMENT') || !!password;
  if (needsPassword && !password) errors.password = [formMessages.required];

  let where;
  let identity = '';
  if (mode === 'email') {
    const email = (body.email ?? '').trim().toLowerCase();
    if (!email || formRules.email(email)) errors.email = [authMessages.emailRequired];
    where = eq(users.email, email);
    identity = `email:${email}`;
  } else if (mode === 'mobile') {
    const mobile = normaliseMobileNumber(body.mobile_number ?? '');
    if (!mobile) errors.mobile_number = [authMessages.mobileRequired];
    else if (mobileNumberError(mobile)) errors.mobile_number = [formMessages.telephone];
    where = eq(users.mobileNumber, mobile);
    identity = `mobile:${mobile}`;
  } else {
    const type = documentTypeSchema.safeParse(body.document_type);
    const number = normaliseDocumentNumber(body.document_number ?? '');
    if (!type.success) errors.document_type = [authMessages.documentTypeRequired];
    if (!number) errors.document_number = [authMessages.documentNumberRequired];
    where = and(
      eq(users.documentType, type.success ? type.data : ''),
      eq(users.documentNumber, number),
    );
    identity = `document:${type.data}:${number}`;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await checkCaptcha(ctx, body.captcha_token);
  await limitByIdentity(ctx, 'login', identity);

  // The account and whether it holds a staff role, in one statement: every refusal of a document
  // alone below costs the same work as an unknown document's.
  const [found] = await ctx.db
    .select({ user: users, staffOf: staffMembers.userUid })
    .from(users)
    .leftJoin(staffMembers, sameTenant(staffMembers, users, eq(staffMembers.userUid, users.uid)))
    .where(ofTenant(ctx, users, where))
    .limit(1);
  const user = found?.user;
  if (needsPassword) {
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw new ValidationError(authMessages.invalidCredentials);
    return signedIn(ctx, user, 'password');
  }
  // A document number is no secret (it is printed on receipts): it never opens a staff account
  // (staff sign in with their password even here) nor one whose member switched it off. Both
  // answer exactly as an unknown document does, so the answer tells nobody which accounts exist.
  if (!user || found.staffOf !== null || !user.documentSignin)
    throw new ValidationError(authMessages.invalidCredentials);
  return signedIn(ctx, user, 'document');
}

export type SocialExtras = {
  /** The influencer of /in/{uid}/, kept when this sign-in registers the member. */
  influencerUid?: string | null;
  /** Names the browser got from the provider (Apple's first sign-in), used when registering. */
  firstName?: string | null;
  lastName?: string | null;
};

/**
 * `POST v5/login/mobile/{google,facebook,apple}/`: the provider vouches for who signed in, for
 * the app's own client id. The member is found by the provider's account first, then by email
 * only when the provider vouches for the address; otherwise the person registers when sign-up
 * is open (docs/decisions.md "Accounts: sign-in with Facebook and Apple").
 */
export async function socialLogin(
  ctx: AuthScope,
  verifier: SocialVerifier,
  credential: string,
  extras: SocialExtras = {},
): Promise<AuthResponse> {
  await limitByAddress(ctx, 'login');
  const clientId = verifier.clientId(methodSettings(ctx.app, verifier.method));
  if (!clientId) throw new ValidationError(authMessages.methodNotAllowed);
  const person = await verifier.verify(ctx, credential, clientId);
  const provider = verifier.provider;
  await limitByIdentity(
    ctx,
    'login',
    person.email ? `email:${person.email}` : `${provider}:${person.subject}`,
  );

  const linkedUser = async () => {
    const [row] = await ctx.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, sameTenant(userIdentities, users, eq(userIdentities.userUid, users.uid)))
      .where(
        ofTenant(
          ctx,
          userIdentities,
          eq(userIdentities.provider, provider),
          eq(userIdentities.subject, person.subject),
        ),
      );
    return row?.user;
  };
  const linked = await linkedUser();
  if (linked) return signedIn(ctx, linked, provider);

  if (!person.email)
    throw new ValidationError({ [verifier.field]: [authMessages.facebookEmailMissing] });
  const link = (db: TenantDb['db'], userUid: string) =>
    db
      .insert(userIdentities)
      .values({ appId: ctx.app.uid, provider, subject: person.subject, userUid })
      .onConflictDoNothing();

  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(ofTenant(ctx, users, eq(users.email, person.email)));
  if (existing) {
    // An address the provider does not vouch for (Facebook's) proves nothing about the account.
    if (!person.emailVerified)
      throw new ValidationError({ [verifier.field]: [authMessages.socialEmailTaken] });
    await ctx.db.transaction(async (tx) => {
      if (!existing.emailVerifiedAt) {
        // The provider vouches for the address, so the mailbox's owner takes the account over.
        // Whoever registered it without ever proving the address (a squatter, maybe) keeps
        // nothing: their password, every session and every provider account linked end here.
        await tx
          .update(users)
          .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
          .where(ofTenant(ctx, users, eq(users.uid, existing.uid)));
        await tx
          .delete(sessions)
          .where(ofTenant(ctx, sessions, eq(sessions.userUid, existing.uid)));
        await tx
          .delete(userIdentities)
          .where(ofTenant(ctx, userIdentities, eq(userIdentities.userUid, existing.uid)));
      }
      await link(tx, existing.uid);
    });
    if (!existing.emailVerifiedAt) {
      existing.emailVerifiedAt = new Date();
      existing.passwordHash = null;
    }
    return signedIn(ctx, existing, provider);
  }

  if (!ctx.app.allowSignup) throw new ForbiddenError(authMessages.signupClosed);
  const extraName = (value: string | null | undefined) => (value ?? '').trim().slice(0, 150);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          appId: ctx.app.uid,
          uid: randomUUID(),
          email: person.email,
          emailVerifiedAt: person.emailVerified ? new Date() : null,
          firstName: person.firstName || extraName(extras.firstName),
          lastName: person.lastName || extraName(extras.lastName),
          influencerUid: extras.influencerUid ?? null,
        })
        .returning();
      await link(tx, user.uid);
      // An address nobody vouched for is verified as a registration's is: by the mailed link.
      if (!person.emailVerified) {
        const token = await issueLink(withDb(ctx, tx), user.uid, 'verify_email');
        await sendVerificationMail(ctx, tx, user, token);
      }
      return user;
    });
    return await signedIn(ctx, user, provider);
  } catch (err) {
    const taken = asTakenError(err);
    if (!taken) throw err;
    // A second sign-in of the same new person (a double click, two tabs) lost the race to
    // register: the first one's account is theirs.
    const winner = await linkedUser();
    if (winner) return signedIn(ctx, winner, provider);
    throw taken;
  }
}

/** `POST v5/login/mobile/google/`: a Google ID token for the app's client id. */
export function googleLogin(
  ctx: AuthScope,
  idToken: string,
  influencerUid: string | null = null,
): Promise<AuthResponse> {
  return socialLogin(ctx, googleVerifier, idToken, { influencerUid });
}

/** `POST v5/register/` */
export async function register(ctx: AuthScope, body: RegisterBody): Promise<AuthResponse> {
  const app = ctx.app;
  if (!app.allowSignup) throw new ForbiddenError(authMessages.signupClosed);
  await limitByAddress(ctx, 'register');
  const documentOnly = hasMethod(app, 'ONLY_DOCUMENT') && !body.password;
  const checked = checkRegistration(body, {
    documentOnly,
    validateDocument: app.validateDocument,
    validateMobileNumber: app.validateMobileNumber,
    ...registrationIdentity(
      app.signinMethods.map((m) => m.type),
      documentOnly,
    ),
  });
  if ('errors' in checked) throw new ValidationError(checked.errors);
  const value = checked.value;

  await checkCaptcha(ctx, body.captcha_token);
  // The identity the account is known by: the email, else (an app without email login) the
  // mobile number or the document the rules made required.
  const identity = value.email
    ? `email:${value.email}`
    : value.mobile_number
      ? `mobile:${value.mobile_number}`
      : `document:${value.document_type}:${value.document_number}`;
  await limitByIdentity(ctx, 'register', identity);

  const document = value.document_number
    ? { type: value.document_type!, number: value.document_number }
    : null;
  const taken = await takenIdentityErrors(ctx, {
    email: value.email,
    document,
    mobile: value.mobile_number,
  });
  if (Object.keys(taken).length) throw new ValidationError(taken);

  const passwordHash = value.password ? await hashPassword(value.password) : null;
  const now = new Date();
  let result: { user: UserRow; token: string };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          appId: app.uid,
          uid: randomUUID(),
          email: value.email,
          passwordHash,
          firstName: value.first_name,
          lastName: value.last_name,
          birthdate: value.birthdate,
          gender: value.gender,
          documentType: document?.type ?? null,
          documentNumber: document?.number ?? null,
          mobileNumber: value.mobile_number,
          acceptedTermsAt: now,
          publicityAcceptedAt: value.accept_publicity ? now : null,
          influencerUid: body.influencer_uid ?? null,
        })
        .returning();
      const token = await createSession(withDb(ctx, tx), user.uid, 'register');
      const link = await issueLink(withDb(ctx, tx), user.uid, 'verify_email');
      await sendVerificationMail(ctx, tx, user, link, body.return_to);
      return { user, token };
    });
  } catch (err) {
    throw asTakenError(err) ?? err;
  }
  return {
    token: result.token,
    merge: MERGE_AFTER_SIGN_IN,
    user: userToApi(result.user),
  };
}

/** `POST v5/validate/`: whether a document is registered here, and whether it may register. */
export async function validateDocument(
  ctx: AuthScope,
  body: { document_type?: string; document_number?: string },
): Promise<ValidateResponse> {
  await limitByAddress(ctx, 'validate');
  const errors: Record<string, string[]> = {};
  const type = documentTypeSchema.safeParse(body.document_type);
  const number = normaliseDocumentNumber(body.document_number ?? '');
  if (!type.success) errors.document_type = [authMessages.documentTypeRequired];
  if (!number) errors.document_number = [authMessages.documentNumberRequired];
  else if (type.success) {
    const message = documentNumberError(type.data as DocumentType, number);
    if (message) errors.document_number = [message];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await limitByIdentity(ctx, 'validate', `document:${type.data}:${number}`);
  const [row] = await ctx.db
    .select({ uid: users.uid })
    .from(users)
    .where(
      ofTenant(ctx, users, eq(users.documentType, type.data!), eq(users.documentNumber, number)),
    );
  const registered = !!row;
  return { registered, can_register: !registered && ctx.app.allowSignup };
}

/** `POST v5/logout/all/`: ends every session of the member, this one included. */
export async function logoutEverywhere(scope: MemberScope) {
  await scope.db
    .delete(sessions)
    .where(ofTenant(scope, sessions, eq(sessions.userUid, scope.user.uid)));
}

/** `POST v5/logout/`: ends this session only. */
export async function logout(scope: Scope, sessionHash: string): Promise<void> {
  await scope.db
    .delete(sessions)
    .where(ofTenant(scope, sessions, eq(sessions.tokenHash, sessionHash)));
}
