import { z } from 'zod';

export const hiddenSectionName = z.enum(['cart', 'store', 'program']);

export const currency = z.object({ code: z.string(), symbol: z.string() });

export const company = z.object({
  uid: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logo_rectangle: z.string().nullable(),
  cover: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.string(),
  facebook_page: z.string().nullable(),
  instagram_page: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  ecommerce_enabled: z.boolean(),
  subscription_enabled: z.boolean(),
  benefit_programs_enabled: z.boolean(),
  gamification_system: z.string().nullable(),
  delivery_service: z.string().nullable(),
  hidden_for_members: z.array(z.object({ name: hiddenSectionName })),
  currency,
  /** True for the main company of a multisite app. */
  is_main: z.boolean(),
  parent_uid: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

/** What lists of companies carry (the marketplace home, allowed companies). */
export const companySummary = company
  .pick({
    uid: true,
    name: true,
    logo: true,
    cover: true,
    description: true,
    ecommerce_enabled: true,
  })
  .extend({
    /** No active place yet: the marketplace says it opens soon instead of an empty store. */
    opens_soon: z.boolean(),
  });
export type CompanySummary = z.infer<typeof companySummary>;

export const companyCategory = z.object({
  uid: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  color: z.string().nullable(),
  companies: z.array(companySummary).optional(),
});
export type CompanyCategory = z.infer<typeof companyCategory>;

export const ad = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  position: z.number().int(),
});
export type Ad = z.infer<typeof ad>;
