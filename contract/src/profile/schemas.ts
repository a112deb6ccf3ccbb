import { z } from 'zod';
import { formatMessage, formMessages } from '../messages';
import { newPasswordPair } from '../auth/password';
import { documentType, gender } from './user';

const text = (max: number) => z.string().max(max, formatMessage('form.too_long', { max }));

/**
 * `PATCH v5/me/`: every field optional; null clears an optional field.
 * Unknown fields (email, uid, password...) are ignored, as DRF does. The
 * service checks document and mobile rules and uniqueness.
 */
export const profileUpdateBody = z.object({
  first_name: text(150).trim().min(1, formMessages.required).optional(),
  last_name: text(150).trim().min(1, formMessages.required).optional(),
  birthdate: text(10).nullable().optional().describe('YYYY-MM-DD, at least 18 years ago'),
  gender: gender.nullable().optional(),
  mobile_number: text(20)
    .nullable()
    .optional()
    .describe('with country code; 9 digits alone are read as +51'),
  document_type: documentType.nullable().optional(),
  document_number: text(20).nullable().optional(),
  area: z.string().max(64).nullable().optional().describe('uid of one of the app areas'),
  document_signin: z
    .boolean()
    .optional()
    .describe('false: the document number alone no longer signs in to this account'),
  accept_terms: z
    .literal(true)
    .optional()
    .describe(
      'true: the member accepts the terms and privacy policy (once; asked only if not yet)',
    ),
  skip_complete_info: z
    .boolean()
    .optional()
    .describe('true: the member skips /complete-info; remembered for the account'),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** `POST v5/me/change-password/` (our path: the spec shows the screen, not the call). */
export const changePasswordBody = z.object({
  old_password: z.string().min(1, formMessages.required).max(1000),
  ...newPasswordPair,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
