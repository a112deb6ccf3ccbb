import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminCatalogueErrors } from '../errors/admin-catalogue';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { versionField } from './schemas';

/** The catalogue screen's message codes (texts in errors/admin-catalogue.ts). */
export const adminCatalogueMessages = messagesOf('admin', adminCatalogueErrors);

export const adminProductOrdering = z.enum(
  ['position', 'title', '-title', 'price', '-price', 'stock', '-stock'],
  { error: formMessages.invalidChoice },
);

const flag = z.enum(['true', 'false'], { error: formMessages.invalidChoice });

/**
 * `GET v5/admin/products/?q=&category=&active=&place=&ordering=`: `q` searches the title,
 * descriptions, brand and SKU without accents; `place` narrows to what that place offers.
 */
export const adminProductQuery = pageQuery.extend({
  q: z.string().trim().max(100, formMessages.tooLong).optional(),
  category: z.string().trim().optional(),
  active: flag.optional(),
  redeemable: flag.optional(),
  place: z.string().trim().optional(),
  ordering: adminProductOrdering.default('position'),
});
export type AdminProductQuery = z.infer<typeof adminProductQuery>;

/** A product at one place: whether it is offered there and its stock (null: not counted). */
export const adminPlaceProduct = z.object({
  place: z.object({ uid: z.string(), name: z.string() }),
  is_active: z.boolean(),
  stock: z.number().int().nullable(),
});
export type AdminPlaceProduct = z.infer<typeof adminPlaceProduct>;

export const adminProduct = z.object({
  uid: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  price: money,
  image: z.string().nullable(),
  category: z.object({ uid: z.string(), name: z.string() }).nullable(),
  brand: z.string().nullable(),
  sku: z.string().nullable(),
  is_active: z.boolean(),
  is_redeemable: z.boolean(),
  coin_price: z.number().int().nullable(),
  places: z.array(adminPlaceProduct),
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

const priceField = () =>
  z
    .string({ error: formMessages.required })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.positiveNumber);

const optionalText = (max: number) =>
  z.string({ error: formMessages.required }).trim().max(max, formMessages.tooLong);

const imageUrl = () =>
  z
    .string({ error: formMessages.url })
    .trim()
    .max(500, formMessages.tooLong)
    // An absolute http(s) URL, or a path of the store's own files (the demo images are).
    .regex(/^(https?:\/\/\S+|\/[^\s/]\S*)$/, formMessages.url)
    .nullable();

/**
 * `PATCH v5/admin/products/{uid}/`: the fields to change and the version the form read.
 * A redeemable product needs its coin price.
 */
export const adminProductInput = z
  .object({
    title: requiredText(120).optional(),
    short_description: optionalText(300).optional(),
    description: optionalText(5000).optional(),
    price: priceField().optional(),
    image: imageUrl().optional(),
    category: z.string({ error: formMessages.invalidChoice }).nullable().optional(),
    brand: optionalText(80).nullable().optional(),
    sku: optionalText(80).nullable().optional(),
    is_active: z.boolean({ error: formMessages.invalid }).optional(),
    is_redeemable: z.boolean({ error: formMessages.invalid }).optional(),
    coin_price: z
      .number({ error: formMessages.numeric })
      .int(formMessages.numeric)
      .min(1, formMessages.positiveNumber)
      .max(10_000_000, formMessages.tooBig)
      .nullable()
      .optional(),
    version: versionField(),
  })
  .strict();
export type AdminProductInput = z.infer<typeof adminProductInput>;

/** `PATCH v5/admin/products/{uid}/places/{place}/`: offered there or not, and the stock (null: not counted). */
export const adminPlaceProductInput = z
  .object({
    is_active: z.boolean({ error: formMessages.invalid }).optional(),
    stock: z
      .number({ error: formMessages.numeric })
      .int(formMessages.numeric)
      .min(0, formMessages.positiveNumber)
      .max(1_000_000, formMessages.tooBig)
      .nullable()
      .optional(),
  })
  .strict();
export type AdminPlaceProductInput = z.infer<typeof adminPlaceProductInput>;
