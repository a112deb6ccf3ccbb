import { z } from 'zod';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { weekdays } from '../orders/weekdays';
import { discountKinds, discountTargets } from '../orders/discounts';
import { adminMoneyMessages } from './money';
import { versionField } from './schemas';

/**
 * Automatic discounts in the back office (`/api/v5/admin/money/discounts/`, owner only like the
 * coupons: both change what orders cost). The model: contract orders/discounts.ts.
 */
const decimal = () =>
  z
    .string({ error: formMessages.required })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.invalid);
const hhmm = () =>
  z
    .string({ error: formMessages.time })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, formMessages.time)
    .nullable();
const instant = () => z.iso.datetime({ offset: true, error: formMessages.date }).nullable();
const uids = () => z.array(z.uuid({ error: formMessages.invalid })).max(200, formMessages.invalid);
const count = (max: number) =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(1, formMessages.positiveNumber)
    .max(max, formMessages.invalid)
    .nullable();

/**
 * `value`: the percentage ("10.00") for PERCENT; the amount off each unit, or off the order once,
 * for AMOUNT; what one combo costs for COMBO_PRICE; "0.00" for BUY_X_PAY_Y.
 */
export const adminDiscount = z.object({
  uid: z.string(),
  name: z.string(),
  kind: z.enum(discountKinds),
  target: z.enum(discountTargets),
  product_uids: z.array(z.string()),
  category_uids: z.array(z.string()),
  value: z.string(),
  buy_quantity: z.number().int().nullable(),
  pay_quantity: z.number().int().nullable(),
  min_subtotal: money,
  place_uids: z.array(z.string()),
  weekdays: z.array(z.enum(weekdays)),
  /** Store time (America/Lima); both null: all day. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  member_levels: z.array(z.string()),
  stackable_with_coupons: z.boolean(),
  max_uses: z.number().int().nullable(),
  /** Orders that got it and were not canceled (counted for limited rules only). */
  uses: z.number().int(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;

const fields = {
  name: requiredText(80),
  kind: z.enum(discountKinds, { error: formMessages.invalid }),
  target: z.enum(discountTargets, { error: formMessages.invalid }),
  product_uids: uids(),
  category_uids: uids(),
  value: decimal(),
  buy_quantity: count(100),
  pay_quantity: count(99),
  min_subtotal: decimal(),
  place_uids: uids(),
  weekdays: z.array(z.enum(weekdays, { error: formMessages.invalid })).max(7),
  start_time: hhmm(),
  end_time: hhmm(),
  valid_from: instant(),
  valid_until: instant(),
  member_levels: z.array(requiredText(80)).max(20, formMessages.invalid),
  stackable_with_coupons: z.boolean(),
  max_uses: count(1_000_000),
  is_active: z.boolean(),
};

type Shape = Partial<{
  kind: (typeof discountKinds)[number];
  target: (typeof discountTargets)[number];
  product_uids: string[];
  category_uids: string[];
  value: string;
  buy_quantity: number | null;
  pay_quantity: number | null;
  start_time: string | null;
  end_time: string | null;
  valid_from: string | null;
  valid_until: string | null;
}>;

/** Rules across fields; a PATCH checks them again on the merged record (server). */
export function discountIssues(d: Shape): Record<string, string> {
  const issues: Record<string, string> = {};
  const n = Number(d.value ?? '0');
  if (d.kind === 'PERCENT' && (n <= 0 || n > 100))
    issues.value = adminMoneyMessages.couponPercentRange;
  if ((d.kind === 'AMOUNT' || d.kind === 'COMBO_PRICE') && n <= 0)
    issues.value = adminMoneyMessages.couponAmountPositive;
  if (d.kind === 'BUY_X_PAY_Y') {
    const buy = d.buy_quantity ?? 0;
    const pay = d.pay_quantity ?? 0;
    if (buy < 2 || pay < 1 || pay >= buy) issues.buy_quantity = adminMoneyMessages.discountBuyPay;
  }
  if (d.kind === 'COMBO_PRICE' && (d.target !== 'PRODUCTS' || (d.product_uids?.length ?? 0) < 2))
    issues.product_uids = adminMoneyMessages.discountComboProducts;
  else if (d.target === 'PRODUCTS' && !d.product_uids?.length)
    issues.product_uids = adminMoneyMessages.discountProductsRequired;
  if (d.target === 'CATEGORIES' && !d.category_uids?.length)
    issues.category_uids = adminMoneyMessages.discountCategoriesRequired;
  if (((d.start_time ?? null) === null) !== ((d.end_time ?? null) === null))
    issues.end_time = adminMoneyMessages.discountHoursPair;
  if (d.valid_from && d.valid_until && Date.parse(d.valid_until) <= Date.parse(d.valid_from))
    issues.valid_until = adminMoneyMessages.couponDatesOrder;
  return issues;
}

function check(d: Shape, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(discountIssues(d)))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/** `POST v5/admin/money/discounts/`. */
export const adminDiscountCreate = z
  .object({
    ...fields,
    product_uids: fields.product_uids.default([]),
    category_uids: fields.category_uids.default([]),
    value: fields.value.default('0.00'),
    buy_quantity: fields.buy_quantity.default(null),
    pay_quantity: fields.pay_quantity.default(null),
    min_subtotal: fields.min_subtotal.default('0.00'),
    place_uids: fields.place_uids.default([]),
    weekdays: fields.weekdays.default([]),
    start_time: fields.start_time.default(null),
    end_time: fields.end_time.default(null),
    valid_from: fields.valid_from.default(null),
    valid_until: fields.valid_until.default(null),
    member_levels: fields.member_levels.default([]),
    stackable_with_coupons: fields.stackable_with_coupons.default(false),
    max_uses: fields.max_uses.default(null),
    is_active: fields.is_active.default(true),
  })
  .strict()
  .superRefine(check);
export type AdminDiscountCreate = z.infer<typeof adminDiscountCreate>;
export type AdminDiscountCreateInput = z.input<typeof adminDiscountCreate>;

/** `PATCH v5/admin/money/discounts/{uid}/` (pause with `is_active: false`). */
export const adminDiscountPatch = z
  .object({
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])),
    version: versionField(),
  } as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> } & {
    version: ReturnType<typeof versionField>;
  })
  .strict();
export type AdminDiscountPatch = z.infer<typeof adminDiscountPatch>;

/** `GET v5/admin/money/discounts/?active=&page=`: newest first. */
export const adminDiscountQuery = pageQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});
export type AdminDiscountQuery = z.infer<typeof adminDiscountQuery>;
