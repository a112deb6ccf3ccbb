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

/** The number of units a place holds of a product (null: not counted). */
const stock = z.number().int().min(0).nullable();
/**
 * A product at one place: its stock alone (what files always said), or the stock and the place's
 * own price (null: the product's price). Read either way into one shape.
 */
const placeEntry = z
  .union([
    stock,
    z.strictObject({ stock: stock.default(null), price: price.nullable().default(null) }),
  ])
  .transform((v) => (v !== null && typeof v === 'object' ? v : { stock: v, price: null }));

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
  /** Whether members may put it in a subscription (a standing order). */
  subscription_available: z.boolean().default(true),
  /** Free labels the owner filters and searches by (the back office's limits). */
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  /** Place key -> stock at that place, or { stock, price } when the place has its own price. */
  places: z.record(key, placeEntry).default({}),
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
        /** A switched-off category leaves the store's chip bar; its products stay. */
        is_active: z.boolean().default(true),
      }),
    )
    .default([]),
  products: z.array(catalogProduct).default([]),
});
export type CatalogSection = z.infer<typeof catalogSection>;
