// Spanish messages for zod's own checks, as the contract's root entry sets them.
import '@store/contract/forms/zod-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { authMessages } from '@store/contract/auth/messages';
import { formMessages } from '@store/contract/form-messages';
import { formRules } from '@store/contract/forms/rules';
import { normaliseDocumentNumber } from '@store/contract/profile/user';

/*
 * The sign-in forms' rules. Loaded on demand (login-page.tsx `lazyResolver`): zod, the resolver
 * and the contract's profile rules (with the phone metadata) weigh about 60 KB gzip, more than
 * the rest of /login, and are needed only when the visitor submits.
 */

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, authMessages.emailRequired)
    .refine((v) => !formRules.email(v), authMessages.emailRequired),
  password: z.string().min(1, formMessages.required),
});

const mobileSchema = z.object({
  dial_code: z.string().min(1, authMessages.mobileRequired),
  mobile_number: z
    .string()
    .trim()
    .min(1, authMessages.mobileRequired)
    .refine((v) => /^[\d\s-]+$/.test(v), authMessages.mobileRequired),
  password: z.string().min(1, formMessages.required),
});

const documentSchema = (needsPassword: boolean) =>
  z.object({
    document_type: z.string().min(1, authMessages.documentTypeRequired),
    document_number: z
      .string()
      .transform(normaliseDocumentNumber)
      .pipe(z.string().min(1, authMessages.documentNumberRequired)),
    password: needsPassword ? z.string().min(1, formMessages.required) : z.string().optional(),
  });

export type EmailValues = z.input<typeof emailSchema>;
export type EmailOutput = z.output<typeof emailSchema>;
export type MobileValues = z.input<typeof mobileSchema>;
export type MobileOutput = z.output<typeof mobileSchema>;
export type DocumentValues = z.input<ReturnType<typeof documentSchema>>;
export type DocumentOutput = z.output<ReturnType<typeof documentSchema>>;

export const emailResolver = zodResolver(emailSchema);
export const mobileResolver = zodResolver(mobileSchema);
const documentWithPassword = zodResolver(documentSchema(true));
const documentAlone = zodResolver(documentSchema(false));
export const documentResolver = (needsPassword: boolean) =>
  needsPassword ? documentWithPassword : documentAlone;
