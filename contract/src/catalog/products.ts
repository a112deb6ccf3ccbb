import { z } from 'zod';
import { money } from './money';

export const option = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  price: money,
  is_active: z.boolean(),
});
export type Option = z.infer<typeof option>;

export const optionGroup = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  minimum_to_select: z.number().int(),
  maximum_to_select: z.number().int(),
  is_active: z.boolean(),
  options: z.array(option),
});
export type OptionGroup = z.infer<typeof optionGroup>;

export const productCategory = z.object({
  uid: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  color: z.string().nullable(),
});
export type ProductCategory = z.infer<typeof productCategory>;

/** The spec's Product. `stock` is the place's stock (null: not counted); `quantity` is what the cart holds, 0 in lists. */
export const product = z.object({
  uid: z.string(),
  id: z.number().int(),
  title: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  image_reverse: z.string().nullable(),
  unit_price: money,
  coin_price: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  quantity: z.number().int(),
  direct_purchase: z.boolean(),
  is_redeemable: z.boolean(),
  brand: z.string().nullable(),
  sku: z.string().nullable(),
  category: productCategory.nullable(),
  option_groups: z.array(optionGroup),
});
export type Product = z.infer<typeof product>;

const flag = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((v) => v === 'true' || v === 'True' || v === '1');

export const placeProductsQuery = z.object({
  product_category: z.string().trim().optional(),
  search: z.string().trim().max(100).optional(),
  is_redeemable: flag.optional(),
});
export const productsQuery = z.object({
  category: z.string().trim().optional(),
  company: z.string().trim().optional(),
  search: z.string().trim().max(100).optional(),
});
