import { z } from 'zod';

/** Benefit programs of tenant files: programs per company with their promotions, and members with ledger lines. */
const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes')
  .max(64);
const url = z.string().max(2000);
/** Money in tenant files: "12.50" or 12.5 (soles), stored as cents. */
const money = z
  .union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number().nonnegative()])
  .transform((v) => Math.round(Number(v) * 100));
const instant = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

const promotion = z
  .strictObject({
    key,
    name: z.string().min(1).max(200),
    description: z.string().max(5000).default(''),
    image: url.nullable().default(null),
    kind: z.enum([
      'DISCOUNT_RATE',
      'FIXED_DISCOUNT',
      'GIFT',
      'SPECIAL_PRICE',
      'GIFT_CARD',
      'STAMPS',
    ]),
    /** Percent, 0-100 (decimals allowed). */
    rate_discount: z.number().min(0).max(100).nullable().default(null),
    fixed_discount: money.nullable().default(null),
    special_price: money.nullable().default(null),
    gift_card_amount: money.nullable().default(null),
    stamps_required: z.number().int().positive().nullable().default(null),
    coin_price: count.default(0),
    /** Money price (soles) a member pays by card to acquire it; null is not sold for money. */
    price: money.nullable().default(null),
    /** Total units; null is unlimited. Units already taken are never reset by an import. */
    stock: count.nullable().default(null),
    limit_per_member: z.number().int().positive().nullable().default(null),
    max_amount: money.nullable().default(null),
    starts_at: instant.nullable().default(null),
    ends_at: instant.nullable().default(null),
    /** Place keys; empty means every place. */
    places: z.array(key).default([]),
    tags: z.array(z.string().min(1).max(50)).default([]),
    featured: z.boolean().default(false),
    is_active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    const need = {
      DISCOUNT_RATE: 'rate_discount',
      FIXED_DISCOUNT: 'fixed_discount',
      SPECIAL_PRICE: 'special_price',
      GIFT_CARD: 'gift_card_amount',
      STAMPS: 'stamps_required',
      GIFT: null,
    }[p.kind];
    if (need && p[need as keyof typeof p] === null)
      ctx.addIssue({
        code: 'custom',
        path: [need],
        message: `a ${p.kind} promotion needs ${need}`,
      });
    // One price per promotion: a card purchase spends no coins.
    if (p.price !== null && (p.price <= 0 || p.coin_price > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'a money price must be above 0 and excludes coin_price',
      });
  });

const raffle = z.strictObject({
  key,
  name: z.string().min(1).max(200),
  description: z.string().max(5000).default(''),
  image: url.nullable().default(null),
  prize: z.string().max(500).default(''),
  starts_at: instant.nullable().default(null),
  ends_at: instant.nullable().default(null),
  draw_at: instant.nullable().default(null),
  is_active: z.boolean().default(true),
});

const pollQuestion = z
  .strictObject({
    key,
    text: z.string().min(1).max(500),
    kind: z.enum(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TEXT']),
    options: z.array(z.strictObject({ key, text: z.string().min(1).max(300) })).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.kind !== 'TEXT' && q.options.length < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'a choice question needs at least 2 options',
      });
    if (q.kind === 'TEXT' && q.options.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'a TEXT question has no options',
      });
  });

const poll = z.strictObject({
  key,
  title: z.string().min(1).max(200),
  description: z.string().max(5000).default(''),
  image: url.nullable().default(null),
  starts_at: instant.nullable().default(null),
  ends_at: instant.nullable().default(null),
  is_active: z.boolean().default(true),
  questions: z.array(pollQuestion).min(1),
});

const block = z.strictObject({
  key,
  title: z.string().min(1).max(200),
  image: url.nullable().default(null),
  link: url.nullable().default(null),
  is_active: z.boolean().default(true),
});

const ledgerLine = z.strictObject({
  /** Unique within the member; the line is written once and never changed by a later import. */
  key,
  currency: z.enum(['POINTS', 'COINS', 'STAMPS']),
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, 'not zero'),
  kind: z.enum(['earn', 'spend', 'expire', 'reverse']).default('earn'),
  reason: z.string().max(200).default(''),
});

export const programsSection = z
  .array(
    z.strictObject({
      key,
      company: key,
      name: z.string().min(1).max(200),
      description: z.string().max(5000).default(''),
      image: url.nullable().default(null),
      points_enabled: z.boolean().default(true),
      coins_enabled: z.boolean().default(false),
      stamps_enabled: z.boolean().default(false),
      add_points_enabled: z.boolean().default(false),
      open_to_join: z.boolean().default(true),
      is_active: z.boolean().default(true),
      /**
       * Only staff mark a member's unit used (scanning the member's QR or typing their code); the
       * member's own confirmation at the venue is refused. False: the spec's flow, the member confirms.
       */
      staff_confirms_redemptions: z.boolean().default(false),
      levels: z
        .array(
          z.strictObject({
            name: z.string().min(1).max(100),
            min_points: count,
            /** What the level gives; absent when it says nothing. */
            benefits: z.string().min(1).max(500).optional(),
          }),
        )
        .default([]),
      /** Points earned per sol of a delivered order's subtotal (0: orders earn nothing). */
      order_points_per_sol: count.default(0),
      /** Points earned more than this many days ago expire (FIFO); null: they never do. */
      points_expire_after_days: z.number().int().min(1).max(36500).nullable().default(null),
      promotions: z.array(promotion).default([]),
      raffles: z.array(raffle).default([]),
      polls: z.array(poll).default([]),
      sections: z.array(block).default([]),
      ads: z.array(block).default([]),
      /** Members by the email of a user of this file (or one already in the database). */
      members: z
        .array(
          z.strictObject({
            user: z
              .string()
              .email()
              .transform((v) => v.toLowerCase()),
            ledger: z.array(ledgerLine).default([]),
          }),
        )
        .default([]),
    }),
  )
  .default([]);
export type ProgramsSection = z.infer<typeof programsSection>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const day = z.iso.date();

/** Events of companies (shown where the app has events_enabled). */
export const eventsSection = z
  .array(
    z.strictObject({
      key,
      company: key,
      name: z.string().min(1).max(200),
      description: z.string().max(5000).default(''),
      image: url.nullable().default(null),
      place: key.nullable().default(null),
      location: z.string().max(300).default(''),
      start_date: day,
      start_time: hhmm.nullable().default(null),
      end_date: day.nullable().default(null),
      end_time: hhmm.nullable().default(null),
      link: url.nullable().default(null),
      is_active: z.boolean().default(true),
    }),
  )
  .default([]);
export type EventsSection = z.infer<typeof eventsSection>;
