import { z } from 'zod';

const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes')
  .max(64);
/** Prices in tenant files are decimal strings ("12.50") or numbers of soles (12.5). */
const price = z
  .union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number().nonnegative()])
  .transform((v) => Math.round(Number(v) * 100));

const option = z.strictObject({
  key,
  name: z.string().min(1),
  description: z.string().default(''),
  price: price.default(0),
  is_active: z.boolean().default(true),
});

const optionGroup = z
  .strictObject({
    key,
    name: z.string().min(1),
    description: z.string().default(''),
    minimum_to_select: z.number().int().min(0).default(0),
    maximum_to_select: z.number().int().min(1).default(1),
    is_active: z.boolean().default(true),
    options: z.array(option).min(1),
  })
  .refine((g) => g.minimum_to_select <= g.maximum_to_select, {
    message: 'minimum_to_select is above maximum_to_select',
    path: ['minimum_to_select'],
  });

export const catalogProduct = z.strictObject({
  key,
  company: key,
  category: key.optional(),
  title: z.string().min(1).max(200),
  short_description: z.string().max(500).default(''),
  description: z.string().max(5000).default(''),
  image: z.string().nullable().default(null),
  image_reverse: z.string().nullable().default(null),
  price,
  coin_price: z.number().int().positive().nullable().default(null),
  brand: z.string().nullable().default(null),
  sku: z.string().nullable().default(null),
  direct_purchase: z.boolean().default(false),
  is_redeemable: z.boolean().default(false),
  is_active: z.boolean().default(true),
  /** Place key -> stock at that place (null: not counted). */
  places: z.record(key, z.number().int().min(0).nullable()).default({}),
  option_groups: z.array(optionGroup).default([]),
});

export const catalogSection = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        key,
        company: key,
        name: z.string().min(1),
        image: z.string().nullable().default(null),
        color: z.string().nullable().default(null),
      }),
    )
    .default([]),
  products: z.array(catalogProduct).default([]),
});
export type CatalogSection = z.infer<typeof catalogSection>;
