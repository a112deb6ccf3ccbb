import { receiptRequest } from '../receipts/schemas';
import { z } from 'zod';
import { DEFAULT_DIAL_CODE, DOCUMENT_TYPES, MINIMUM_AGE } from '../constants';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { countries } from '../countries';
import { formMessages } from '../messages';
import { formRules } from '../forms/rules';
import { authMessages } from '../auth/messages';

export const documentType = z.enum(DOCUMENT_TYPES, {
  error: authMessages.documentTypeRequired,
});
export type DocumentType = z.infer<typeof documentType>;
// In constants.ts so that a first page can start a form on it without this module's zod rules.
export { DEFAULT_DOCUMENT_TYPE } from '../constants';

export const gender = z.enum(['f', 'm']);
export type Gender = z.infer<typeof gender>;

/** Document numbers are stored upper-cased and without spaces. */
export function normaliseDocumentNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A national id follows the dni rule (8 or 9 digits); other documents are 4 to 20 letters, digits or dashes. */
export function documentNumberError(type: DocumentType, number: string): string | undefined {
  if (number === '') return authMessages.documentNumberRequired;
  if (type === 'NATIONAL_ID') return formRules.dni(number);
  return /^[A-Z0-9-]{4,20}$/.test(number) ? undefined : authMessages.invalidDocument;
}

/**
 * Mobile numbers are stored with their country code (`+51987654321`). Nine
 * digits alone are a Peruvian number, as the telephone rule reads them.
 */
export function normaliseMobileNumber(value: string): string {
  const compact = value.replace(/[\s\-()]/g, '');
  return /^\d{9}$/.test(compact) ? `${DEFAULT_DIAL_CODE}${compact}` : compact;
}

/** A mobile number its country could issue (libphonenumber's metadata), with its dial code. */
export function mobileNumberError(normalised: string): string | undefined {
  return /^\+\d{8,15}$/.test(normalised) && isValidPhoneNumber(normalised)
    ? undefined
    : formMessages.telephone;
}

/** The dial code a stored mobile number starts with (longest match), e.g. "+51". */
export function dialCodeOf(mobile: string | null): string | null {
  if (!mobile) return null;
  let best: string | null = null;
  for (const c of countries) {
    if (mobile.startsWith(c.dial_code) && (!best || c.dial_code.length > best.length))
      best = c.dial_code;
  }
  return best;
}

/** Whole years between a YYYY-MM-DD birthdate and today (UTC). */
export function ageOn(birthdate: string, today: Date = new Date()): number {
  const [y, m, d] = birthdate.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** A real YYYY-MM-DD day, not in the future and not before 1900. */
export function isBirthdate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return false;
  return y >= 1900 && date.getTime() <= today.getTime();
}

/** The birthdate message, or undefined: invalid date first, then the minimum age. */
export function birthdateError(
  value: string,
  invalidMessage: string,
  today: Date = new Date(),
): string | undefined {
  if (!isBirthdate(value, today)) return invalidMessage;
  if (ageOn(value, today) < MINIMUM_AGE) return authMessages.underage;
  return undefined;
}

/** The member as `GET v5/me/` and login answer it. */
export const user = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  birthdate: z.string().nullable().describe('YYYY-MM-DD'),
  gender: gender.nullable(),
  document_type: documentType.nullable(),
  document_number: z.string().nullable(),
  mobile_number: z.string().nullable().describe('with its country code, e.g. +51987654321'),
  country_code_number: z.string().nullable().describe('dial code of mobile_number, e.g. +51'),
  area: z.string().nullable().describe('uid of the selected area'),
  has_password: z.boolean(),
  /** The spec's rule: first_name, last_name, birthdate, document_number and gender all non-empty. */
  profile_complete: z.boolean(),
  /** Ours: the member accepted the terms and privacy policy (at sign-up or on /complete-info). */
  terms_accepted: z.boolean(),
  /** Ours: the member chose to skip /complete-info; remembered on the account, so it survives logout. */
  complete_info_skipped: z.boolean(),
  date_joined: z.string(),
  /**
   * Ours: true when this session was made with a document number alone (ONLY_DOCUMENT) and has not
   * stepped up (`POST v5/me/step-up/`). Such a session sees balances, promotions and its own QR;
   * its email, last name, birthdate, gender and phone come back empty, and anything more answers
   * 403 `auth.step_up_required`.
   */
  limited_session: z.boolean(),
  /** Ours: whether the document number alone may sign in to this account (the member's switch). */
  document_signin: z.boolean(),
  /**
   * Ours: the member holds a staff role in this store (never in a limited session), so the web asks
   * `GET v5/staff/me/` only for them and a customer's page load makes no 403.
   */
  is_staff: z.boolean(),
  /** Ours: the receipt of the member's last order ("¿Boleta o factura?"), offered again at checkout. */
  receipt_preference: receiptRequest.nullable().optional(),
});
export type User = z.infer<typeof user>;

export function isProfileComplete(
  u: Pick<User, 'first_name' | 'last_name' | 'birthdate' | 'document_number' | 'gender'>,
): boolean {
  return !!(u.first_name && u.last_name && u.birthdate && u.document_number && u.gender);
}
