import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminCatalogueErrors } from '../errors/admin-catalogue';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { versionField } from './schemas';

/** The catalogue screen's message codes (texts in errors/admin-catalogue.ts). */
export const adminCatalogueMessages = /* @__PURE__ */ messagesOf('admin', adminCatalogueErrors);

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

/** A product at one place: whether it is offered there, its stock (null: not counted) and its own price (null: the product's). */
export const adminPlaceProduct = z.object({
  place: z.object({ uid: z.string(), name: z.string() }),
  is_active: z.boolean(),
  stock: z.number().int().nullable(),
  price: money.nullable(),
  /** At or below it the product shows as low on the dashboard and in the daily mail (null: none). */
  low_stock_threshold: z.number().int().nullable(),
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
  subscription_available: z.boolean(),
  tags: z.array(z.string()),
  option_groups: z.array(
    z.object({
      uid: z.string(),
      name: z.string(),
      description: z.string(),
      minimum_to_select: z.number().int(),
      maximum_to_select: z.number().int(),
      is_active: z.boolean(),
      options: z.array(
        z.object({
          uid: z.string(),
          name: z.string(),
          description: z.string(),
          price: money,
          is_active: z.boolean(),
        }),
      ),
    }),
  ),
  places: z.array(adminPlaceProduct),
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;
export type AdminOptionGroup = AdminProduct['option_groups'][number];

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

const flagField = () => z.boolean({ error: formMessages.invalid });

const countField = (max: number) =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(0, formMessages.positiveNumber)
    .max(max, formMessages.tooBig);

/** An option of a group; `uid` names an option the product already has (carts point at it), none: a new one. */
export const adminOptionInput = z
  .object({
    uid: z.string({ error: formMessages.invalidChoice }).optional(),
    name: requiredText(80),
    description: optionalText(300).optional(),
    price: priceField(),
    is_active: flagField().optional(),
  })
  .strict();
export type AdminOptionInput = z.infer<typeof adminOptionInput>;

/**
 * A group of options the shopper picks from, between `minimum_to_select` and
 * `maximum_to_select` of them (the store and the cart enforce both).
 */
export const adminOptionGroupInput = z
  .object({
    uid: z.string({ error: formMessages.invalidChoice }).optional(),
    name: requiredText(80),
    description: optionalText(300).optional(),
    minimum_to_select: countField(50),
    maximum_to_select: countField(50).min(1, formMessages.positiveNumber),
    is_active: flagField().optional(),
    options: z.array(adminOptionInput).min(1, formMessages.required).max(50, formMessages.tooBig),
  })
  .strict()
  .superRefine((group, ctx) => {
    if (group.minimum_to_select > group.maximum_to_select)
      ctx.addIssue({
        code: 'custom',
        path: ['minimum_to_select'],
        message: adminCatalogueMessages.optionMinAboveMax,
      });
    else if (group.minimum_to_select > group.options.length)
      ctx.addIssue({
        code: 'custom',
        path: ['minimum_to_select'],
        message: adminCatalogueMessages.optionMinAboveOptions,
      });
  });
export type AdminOptionGroupInput = z.infer<typeof adminOptionGroupInput>;

/** Labels, each trimmed and at most 40 characters; repeats are dropped by the server. */
const tagsField = () =>
  z.array(requiredText(40), { error: formMessages.invalid }).max(20, formMessages.tooBig);

const coinPriceField = () =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(1, formMessages.positiveNumber)
    .max(10_000_000, formMessages.tooBig)
    .nullable();

const stockField = () => countField(1_000_000).nullable();

/** A product's row at a place, as the create form sends it. */
export const adminProductPlaceInput = z
  .object({
    place: z.string({ error: formMessages.invalidChoice }),
    is_active: flagField().optional(),
    stock: stockField().optional(),
    price: priceField().nullable().optional(),
  })
  .strict();
export type AdminProductPlaceInput = z.infer<typeof adminProductPlaceInput>;

const productFields = {
  short_description: optionalText(300).optional(),
  description: optionalText(5000).optional(),
  image: imageUrl().optional(),
  category: z.string({ error: formMessages.invalidChoice }).nullable().optional(),
  brand: optionalText(80).nullable().optional(),
  sku: optionalText(80).nullable().optional(),
  tags: tagsField().optional(),
  is_active: flagField().optional(),
  is_redeemable: flagField().optional(),
  coin_price: coinPriceField().optional(),
  subscription_available: flagField().optional(),
  option_groups: z.array(adminOptionGroupInput).max(20, formMessages.tooBig).optional(),
};

/**
 * `POST v5/admin/products/`: a new product with its option groups and the places that sell
 * it, written whole or not at all. A redeemable product needs its coin price.
 */
export const adminProductCreate = z
  .object({
    title: requiredText(120),
    price: priceField(),
    ...productFields,
    places: z.array(adminProductPlaceInput).max(200, formMessages.tooBig).optional(),
  })
  .strict();
export type AdminProductCreate = z.infer<typeof adminProductCreate>;

/**
 * `PATCH v5/admin/products/{uid}/`: the fields to change and the version the form read.
 * `option_groups`, when sent, is the whole new list: groups and options sent with their
 * `uid` are kept (and reordered as sent), the others are removed. A redeemable product needs its coin price.
 */
export const adminProductInput = z
  .object({
    title: requiredText(120).optional(),
    price: priceField().optional(),
    ...productFields,
    version: versionField(),
  })
  .strict();
export type AdminProductInput = z.infer<typeof adminProductInput>;

/** `DELETE v5/admin/products/{uid}/?version=`: the version the owner saw. */
export const adminProductRemoveQuery = z.object({
  version: z.coerce.number({ error: formMessages.required }).int(formMessages.required).min(1),
});

/** A product that orders or subscriptions name is archived (switched off), never deleted. */
export const adminProductRemoval = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type AdminProductRemoval = z.infer<typeof adminProductRemoval>;

/** `POST v5/admin/categories/`: a new category, last in the store's order unless `position` says. */
export const adminCategoryCreate = z
  .object({
    name: requiredText(80),
    image: imageUrl().optional(),
    position: z.number({ error: formMessages.numeric }).int().min(0).max(10_000).optional(),
    is_active: flagField().optional(),
  })
  .strict();
export type AdminCategoryCreate = z.infer<typeof adminCategoryCreate>;

/**
 * `PATCH v5/admin/products/{uid}/places/{place}/`: offered there or not, the stock (null: not
 * counted) and the place's own price (null: the product's). A place not listed yet is added.
 */
export const adminPlaceProductInput = z
  .object({
    is_active: flagField().optional(),
    stock: stockField().optional(),
    price: priceField().nullable().optional(),
    low_stock_threshold: stockField().optional(),
  })
  .strict();
export type AdminPlaceProductInput = z.infer<typeof adminPlaceProductInput>;
