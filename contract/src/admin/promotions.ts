import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminPromotionsErrors } from '../errors/admin-promotions';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { promotionKind, promotionOffer } from '../loyalty/promotions';
import { versionField } from './schemas';
import { adminMoneyMessages } from './money';

/**
 * The back office's promotions (`/api/v5/admin/promotions/...`, area `promotions`: OWNER and
 * MANAGER). A MANAGER limited to some places sees and edits only promotions that run at those
 * places alone (a promotion naming no place runs everywhere: the company's to decide).
 */
export const adminPromotionsMessages = /* @__PURE__ */ messagesOf('admin', adminPromotionsErrors);

/** Where a promotion is in its life: switched off, not started yet, ended, or running. */
export const adminPromotionStatus = z.enum(['active', 'scheduled', 'ended', 'off']);
export type AdminPromotionStatus = z.infer<typeof adminPromotionStatus>;

const namedRef = z.object({ uid: z.string(), name: z.string() });

/** A promotion as the back office reads it: its rules, its stock and what members did with it. */
export const adminPromotion = z.object({
  uid: z.string(),
  program: namedRef,
  ...promotionOffer.shape,
  /** Total units; null is unlimited. */
  stock: z.number().int().nullable(),
  /** Units members hold or used (not cancelled), counted against the stock. */
  stock_taken: z.number().int(),
  /** stock - stock_taken; null when unlimited. */
  units_left: z.number().int().nullable(),
  limit_per_member: z.number().int().nullable(),
  max_amount: money.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  places: z.array(namedRef),
  tags: z.array(z.string()),
  featured: z.boolean(),
  is_active: z.boolean(),
  status: adminPromotionStatus,
  /** Usage so far: units used at the venue, units held (acquired, not used yet). */
  usage: z.object({ used: z.number().int(), held: z.number().int() }),
  version: z.number().int(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

/** A positive decimal with up to two decimals, as the forms type it ("10", "10.5", "10.50"). */
const amount = () =>
  z
    .string({ error: formMessages.required })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.positiveNumber)
    .refine((v) => Number(v) > 0, adminMoneyMessages.couponAmountPositive as string);
const optionalAmount = () => amount().nullable().default(null);
const count = (min: number) =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(min, formMessages.positiveNumber)
    .max(1_000_000, formMessages.invalid);
const instant = () =>
  z.iso.datetime({ offset: true, error: formMessages.date }).nullable().default(null);

/** What every kind shares. */
const common = {
  program: z.string({ error: formMessages.required }).min(1, formMessages.required),
  name: requiredText(200),
  description: z.string().trim().max(5000, formMessages.invalid).default(''),
  image: z.url({ error: formMessages.url }).nullable().default(null),
  /** Coins a member pays to acquire it; 0 is free (or sold for money). */
  coin_price: count(0).default(0),
  /** Money a member pays by card to acquire it; excludes a coin price. */
  price: optionalAmount(),
  stock: count(0).nullable().default(null),
  limit_per_member: count(1).nullable().default(null),
  max_amount: optionalAmount(),
  starts_at: instant(),
  ends_at: instant(),
  /** Place uids; none means every place of the company. */
  places: z.array(z.string()).max(200, formMessages.invalid).default([]),
  tags: z
    .array(requiredText(50))
    .max(20, formMessages.invalid)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  featured: z.boolean().default(false),
  is_active: z.boolean().default(true),
};

/** Each kind with the one value it needs (the GIFT needs none). */
function variants<E extends z.ZodRawShape>(extra: E) {
  const v = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
    z.strictObject({ kind: z.literal(kind), ...common, ...shape, ...extra });
  return [
    v('DISCOUNT_RATE', {
      rate_discount: z
        .number({ error: formMessages.numeric })
        .min(0.01, adminMoneyMessages.couponPercentRange as string)
        .max(100, adminMoneyMessages.couponPercentRange as string)
        .refine(
          (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9,
          adminMoneyMessages.couponPercentRange as string,
        ),
    }),
    v('FIXED_DISCOUNT', { fixed_discount: amount() }),
    v('GIFT', {}),
    v('SPECIAL_PRICE', { special_price: amount() }),
    v('GIFT_CARD', { gift_card_amount: amount() }),
    v('STAMPS', { stamps_required: count(1) }),
  ] as const;
}

type Shared = {
  coin_price: number;
  price: string | null;
  starts_at: string | null;
  ends_at: string | null;
};

/** Rules across fields, as field errors. */
export function promotionIssues(p: Shared): Record<string, string> {
  const issues: Record<string, string> = {};
  if (p.price !== null && p.coin_price > 0)
    issues.price = adminPromotionsMessages.promotionOnePrice;
  if (p.starts_at && p.ends_at && Date.parse(p.ends_at) <= Date.parse(p.starts_at))
    issues.ends_at = adminMoneyMessages.couponDatesOrder;
  return issues;
}
function checkPromotion(p: Shared, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(promotionIssues(p)))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/** `POST v5/admin/promotions/`: a discriminated union on `kind`, each kind with its value. */
export const adminPromotionCreate = z
  .discriminatedUnion('kind', variants({}), { error: formMessages.invalidChoice })
  .superRefine(checkPromotion);
export type AdminPromotionCreate = z.infer<typeof adminPromotionCreate>;

/** `PUT v5/admin/promotions/{uid}/`: the whole promotion again, with the version it was read at. */
export const adminPromotionUpdate = z
  .discriminatedUnion('kind', variants({ version: versionField() }), {
    error: formMessages.invalidChoice,
  })
  .superRefine(checkPromotion);
export type AdminPromotionUpdate = z.infer<typeof adminPromotionUpdate>;

/** `PATCH v5/admin/promotions/{uid}/`: switch on or off. */
export const adminPromotionSwitch = z.strictObject({
  is_active: z.boolean({ error: formMessages.required }),
  version: versionField(),
});
export type AdminPromotionSwitch = z.infer<typeof adminPromotionSwitch>;

/** `DELETE v5/admin/promotions/{uid}/?version=`. */
export const adminPromotionDeleteQuery = z.object({
  version: z.coerce.number({ error: formMessages.required }).int(formMessages.required).min(1),
});

/** `GET v5/admin/promotions/?program=&kind=&status=&q=&page=`. */
export const adminPromotionQuery = pageQuery.extend({
  program: z.string().optional(),
  kind: promotionKind.optional(),
  status: adminPromotionStatus.optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminPromotionQuery = z.infer<typeof adminPromotionQuery>;
