import { z } from 'zod';
import { staffRole } from '@store/contract';

/**
 * Staff of a tenant file: a user of the file's `users` list with a role in one
 * of its companies, optionally limited to some of that company's places.
 */
const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes')
  .max(64);

export const staffSection = z
  .array(
    z.strictObject({
      user: z
        .string()
        .email()
        .transform((v) => v.toLowerCase()),
      company: key,
      role: staffRole,
      places: z.array(key).default([]),
    }),
  )
  .default([]);
export type TenantStaff = z.infer<typeof staffSection>;

type FileRefs = {
  users: { email: string }[];
  companies: { key: string }[];
  places: { key: string; company: string }[];
  staff: TenantStaff;
};

/** Cross-references of the staff section: known user (once), company, and places of that company. */
export function checkStaffRefs(file: FileRefs, ctx: z.RefinementCtx) {
  const emails = new Set(file.users.map((u) => u.email));
  const companyKeys = new Set(file.companies.map((c) => c.key));
  const placeCompany = new Map(file.places.map((p) => [p.key, p.company]));
  const seen = new Set<string>();
  file.staff.forEach((s, i) => {
    if (!emails.has(s.user))
      ctx.addIssue({
        code: 'custom',
        path: ['staff', i, 'user'],
        message: `no user "${s.user}" in this file's users`,
      });
    if (seen.has(s.user))
      ctx.addIssue({
        code: 'custom',
        path: ['staff', i, 'user'],
        message: `"${s.user}" is already staff: one company per user`,
      });
    seen.add(s.user);
    if (!companyKeys.has(s.company))
      ctx.addIssue({
        code: 'custom',
        path: ['staff', i, 'company'],
        message: `no company with key "${s.company}" in this file`,
      });
    s.places.forEach((p, j) => {
      if (placeCompany.get(p) !== s.company)
        ctx.addIssue({
          code: 'custom',
          path: ['staff', i, 'places', j],
          message: `no place "${p}" of company "${s.company}" in this file`,
        });
    });
  });
}
