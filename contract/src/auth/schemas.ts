import { z } from 'zod';
import { formatMessage, formMessages } from '../messages';
import { formRules } from '../forms/rules';
import { paged } from '../http/paged';
import { authMessages } from './messages';
import { INFLUENCER_UID_PATTERN } from '../marketing/influencer';
import { newPasswordPair, passwordError } from './password';
import {
  birthdateError,
  documentNumberError,
  documentType,
  DEFAULT_DOCUMENT_TYPE,
  gender,
  mobileNumberError,
  normaliseDocumentNumber,
  normaliseMobileNumber,
  user,
  type DocumentType,
} from '../profile/user';

const text = (max: number) => z.string().max(max, formatMessage('form.too_long', { max }));

/**
 * `POST v5/login/`. The identity field sent picks the mode: `email` (+password),
 * `mobile_number` with country code (+password), or `document_type` +
 * `document_number` (+password for the DOCUMENT method, none for
 * ONLY_DOCUMENT). The app's sign-in methods decide which modes are accepted.
 */
export const loginBody = z.object({
  email: text(254).optional(),
  mobile_number: text(20).optional(),
  document_type: z.string().max(20).optional(),
  document_number: text(20).optional(),
  password: text(1000).optional(),
  captcha_token: text(4000).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const googleLoginBody = z.object({
  id_token: z.string().min(1, formMessages.required).max(8000),
  captcha_token: text(4000).optional(),
  /** The influencer of /in/{uid}/, kept when this sign-in registers the member. */
  influencer_uid: z.string().regex(INFLUENCER_UID_PATTERN, formMessages.invalid).nullish(),
});
export type GoogleLoginBody = z.infer<typeof googleLoginBody>;

/** `POST v5/login/mobile/facebook/`: the user access token Facebook's SDK gave. */
export const facebookLoginBody = z.object({
  access_token: z.string().min(1, formMessages.required).max(4000),
  influencer_uid: z.string().regex(INFLUENCER_UID_PATTERN, formMessages.invalid).nullish(),
});
export type FacebookLoginBody = z.infer<typeof facebookLoginBody>;

/**
 * `POST v5/login/mobile/apple/`: Apple's ID token, and the name Apple's script hands over (only
 * on the person's first sign-in, never inside the token).
 */
export const appleLoginBody = z.object({
  id_token: z.string().min(1, formMessages.required).max(8000),
  first_name: text(150).nullish(),
  last_name: text(150).nullish(),
  influencer_uid: z.string().regex(INFLUENCER_UID_PATTERN, formMessages.invalid).nullish(),
});
export type AppleLoginBody = z.infer<typeof appleLoginBody>;

/**
 * Login and registration answer: the session token (send it as
 * `Authorization: Token <token>`) and the merge flag: true tells the client to
 * merge its local (anonymous) cart into the member's server cart now.
 */
export const authResponse = z.object({ token: z.string(), merge: z.boolean(), user });
export type AuthResponse = z.infer<typeof authResponse>;

/**
 * The four acceptances of the registration form, in the spec's order. Publicity is optional:
 * Peru's Ley 29733 wants a separate, free consent for advertising (docs/decisions.md).
 */
export const acceptanceFields = [
  'accept_terms',
  'accept_age',
  'accept_data_processing',
  'accept_publicity',
] as const;
export type AcceptanceField = (typeof acceptanceFields)[number];
export const requiredAcceptances: readonly AcceptanceField[] = [
  'accept_terms',
  'accept_age',
  'accept_data_processing',
];
export const acceptanceMessages: Record<AcceptanceField, string> = {
  accept_terms: authMessages.acceptTerms,
  accept_age: authMessages.acceptAge,
  accept_data_processing: authMessages.acceptDataProcessing,
  accept_publicity: authMessages.acceptPublicity,
};

/**
 * A page of this store to return to: a path (never `//host`, never a scheme), letters, digits,
 * `-`, `_` and `/` only, so it goes into a link and a redirect as it is.
 */
export const RETURN_PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9_/-]{0,199}$/;

/** `POST v5/register/`: the spec's registration payload plus the acceptances. */
export const registerBody = z.object({
  document_type: z.string().max(20).optional(),
  document_number: text(20).optional(),
  first_name: text(150).optional(),
  last_name: text(150).optional(),
  email: text(254).optional(),
  mobile_number: text(20).optional(),
  birthdate: text(10).optional().describe('YYYY-MM-DD; at least 18 years old'),
  gender: gender.optional(),
  password: text(1000).optional(),
  captcha_token: text(4000).optional(),
  accept_terms: z.boolean().optional(),
  accept_age: z.boolean().optional(),
  accept_data_processing: z.boolean().optional(),
  accept_publicity: z.boolean().optional(),
  /** The influencer of /in/{uid}/ the member came through, if any. */
  influencer_uid: z.string().regex(INFLUENCER_UID_PATTERN, formMessages.invalid).nullish(),
  /**
   * Where the mailed verification link returns the new member once the address is confirmed
   * (`?next=` on the link): a page of this store the sign-up started from, such as /crear-tienda.
   */
  return_to: z.string().max(200).regex(RETURN_PATH_PATTERN, formMessages.invalid).nullish(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The page a verification link returns to, when it names one that may be returned to. */
export function returnPath(path: string | null | undefined): string | null {
  if (!path || !RETURN_PATH_PATTERN.test(path)) return null;
  // Pages that would send the member round again are never a destination.
  if (/^\/(login|register|complete-info|verification-email)(\/|$)/.test(path)) return null;
  return path;
}

/** What of the app decides which registration fields are required (spec section 5). */
export type RegistrationRules = {
  /** Document-only registration (app has ONLY_DOCUMENT and the form sends no password): email and document only. */
  documentOnly: boolean;
  validateDocument: boolean;
  validateMobileNumber: boolean;
} & RegistrationIdentity;

/**
 * Which identity a registration must carry, from the app's sign-in methods (spec: "Email required
 * if email login is enabled"). Without email login the email is optional, and the identity the
 * member will sign in with (mobile number, else document) is required instead, so no account is
 * made that nobody can sign in to. Document-only registration keeps its email (the spec lists it).
 */
export type RegistrationIdentity = {
  emailRequired: boolean;
  /** Required in place of the email when the app has no email login. */
  signInIdentity: 'mobile' | 'document' | null;
};

export function registrationIdentity(
  methodTypes: readonly string[],
  documentOnly: boolean,
): RegistrationIdentity {
  const has = (type: string) => methodTypes.includes(type);
  const mobile = has('MOBILE_NUMBER');
  const document = has('DOCUMENT') || has('ONLY_DOCUMENT');
  // Email login, document-only registration, or no other identity to sign in with (Google only).
  if (has('EMAIL') || documentOnly || (!mobile && !document))
    return { emailRequired: true, signInIdentity: null };
  return { emailRequired: false, signInIdentity: mobile ? 'mobile' : 'document' };
}

export type CleanRegistration = {
  /** Null only where the app has no email login and none was given. */
  email: string | null;
  first_name: string;
  last_name: string;
  password: string | null;
  document_type: DocumentType | null;
  document_number: string | null;
  mobile_number: string | null;
  birthdate: string | null;
  gender: 'f' | 'm' | null;
  /** The member chose to receive advertising (optional, never a condition of the account). */
  accept_publicity: boolean;
};

/**
 * Checks a registration against the app's rules, answering every field error
 * at once (as the form shows them) or the cleaned values. Shared by the server
 * and the web form.
 */
export function checkRegistration(
  body: RegisterBody,
  rules: RegistrationRules,
  today: Date = new Date(),
): { errors: Record<string, string[]> } | { value: CleanRegistration } {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message);
  const trimmed = (v: string | undefined) => (v ?? '').trim();

  for (const field of requiredAcceptances)
    if (body[field] !== true) fail(field, acceptanceMessages[field]);

  const email = trimmed(body.email).toLowerCase();
  if (!email) {
    if (rules.emailRequired) fail('email', formMessages.required);
  } else if (formRules.email(email)) fail('email', formMessages.email);

  const firstName = trimmed(body.first_name);
  const lastName = trimmed(body.last_name);
  let password: string | null = null;
  if (!rules.documentOnly) {
    if (!firstName) fail('first_name', formMessages.required);
    if (!lastName) fail('last_name', formMessages.required);
    const message = passwordError(body.password ?? '', email);
    if (message) fail('password', message);
    else password = body.password!;
  }

  let docType: DocumentType | null = null;
  let docNumber: string | null = normaliseDocumentNumber(body.document_number ?? '') || null;
  const documentRequired =
    rules.documentOnly || rules.validateDocument || rules.signInIdentity === 'document';
  if (docNumber || documentRequired) {
    const parsedType = documentType.safeParse(body.document_type || DEFAULT_DOCUMENT_TYPE);
    if (!parsedType.success) fail('document_type', authMessages.documentTypeRequired);
    else {
      docType = parsedType.data;
      const message = documentNumberError(docType, docNumber ?? '');
      if (message) fail('document_number', message);
    }
  } else docNumber = null;

  let mobile: string | null = normaliseMobileNumber(body.mobile_number ?? '') || null;
  if (!mobile) {
    if (rules.validateMobileNumber || rules.signInIdentity === 'mobile')
      fail('mobile_number', formMessages.required);
  } else {
    const message = mobileNumberError(mobile);
    if (message) fail('mobile_number', message);
  }
  if (!mobile) mobile = null;

  const birthdate = trimmed(body.birthdate) || null;
  if (birthdate) {
    const message = birthdateError(birthdate, authMessages.invalidDate, today);
    if (message) fail('birthdate', message);
  }

  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      email: email || null,
      first_name: firstName,
      last_name: lastName,
      password,
      document_type: docNumber ? docType : null,
      document_number: docNumber,
      mobile_number: mobile,
      birthdate,
      gender: body.gender ?? null,
      accept_publicity: body.accept_publicity === true,
    },
  };
}

/** `POST v5/validate/`: is this document registered, and may it register? */
export const validateBody = z.object({
  document_type: z.string().max(20).optional(),
  document_number: text(20).optional(),
});
export const validateResponse = z.object({ registered: z.boolean(), can_register: z.boolean() });
export type ValidateResponse = z.infer<typeof validateResponse>;

/** `POST v5/me/reset_password/` */
export const recoveryBody = z.object({
  email: text(254)
    .trim()
    .toLowerCase()
    .min(1, formMessages.required)
    .refine((v) => !formRules.email(v), formMessages.email),
});

/** `POST v5/me/reset_password/{uidUser}/{token}/` */
export const resetPasswordBody = z.object(newPasswordPair);

/** Answers that only confirm something happened. */
export const detailBody = z.object({ detail: z.string() });

/**
 * `POST v5/me/step-up/` (ours): a limited session (document number alone) proves who it is with the
 * account's password or the code mailed by `POST v5/me/step-up/code/`, one of the two.
 */
export const stepUpBody = z.object({
  password: z.string().max(1000).optional(),
  code: z.string().max(20).optional(),
});
export type StepUpBody = z.infer<typeof stepUpBody>;

/** The session acts as a full one until `stepped_up_until` (null: it already was one). */
export const stepUpResponse = z.object({
  detail: z.string(),
  stepped_up_until: z.string().nullable(),
});
export type StepUpResponse = z.infer<typeof stepUpResponse>;

/** `POST v5/me/step-up/code/`: where the code went, masked (`d***@aurora.pe`), and until when it works. */
export const stepUpCodeResponse = z.object({
  detail: z.string(),
  email_hint: z.string(),
  expires_at: z.string(),
});
export type StepUpCodeResponse = z.infer<typeof stepUpCodeResponse>;

/** `GET v5/me/delete/{uid}/{token}/`: the link is valid; who it deletes (for the greeting). */
export const deletionLink = z.object({
  uid: z.string(),
  first_name: z.string(),
  email: z.string().nullable(),
});

/** One benefit lost on deletion, as the deletion page lists them. */
export const memberProgramItem = z.object({
  name: z.string(),
  coins: z.number(),
  total_points: z.number(),
});
export const memberProgramsPage = paged(memberProgramItem);
export const DELETION_LIST_PAGE_SIZE = 25;
