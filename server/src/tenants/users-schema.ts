import { z } from 'zod';
import { documentType, gender, isBirthdate, passwordError } from '@store/contract';

/**
 * Members a tenant file creates (demo accounts, a store's first staff
 * tester). Passwords are hashed at import; an account that already exists
 * is left as it is, so a member who changed their password keeps it.
 */
export const tenantUser = z.strictObject({
  email: z
    .string()
    .email()
    .transform((v) => v.toLowerCase()),
  /** Left out by an export (docs/decisions.md "Tenant file export"): the account then has no password until its owner resets it. */
  password: z
    .string()
    .superRefine((v, ctx) => {
      const message = passwordError(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .optional(),
  first_name: z.string().max(150).default(''),
  last_name: z.string().max(150).default(''),
  document_type: documentType.default('NATIONAL_ID'),
  document_number: z
    .string()
    .regex(/^[A-Z0-9-]{4,20}$/)
    .nullable()
    .default(null),
  mobile_number: z
    .string()
    .regex(/^\+\d{8,15}$/)
    .nullable()
    .default(null),
  birthdate: z
    .string()
    .refine((v) => isBirthdate(v), 'YYYY-MM-DD')
    .nullable()
    .default(null),
  gender: gender.nullable().default(null),
  email_verified: z.boolean().default(true),
});
export type TenantUser = z.infer<typeof tenantUser>;
