import { z } from 'zod';

/** Checkout settings of tenant files: payment methods, tax rule and coupons per company, delivery per place. */
const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lowercase letters, digits and dashes')
  .max(64);
/** Money in tenant files: "12.50" or 12.5 (soles), stored as cents. */
const money = z
  .union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number().nonnegative()])
  .transform((v) => Math.round(Number(v) * 100));
const instant = z.iso.datetime({ offset: true });

export const paymentMethodsSection = z
  .array(
    z
      .strictObject({
        key,
        type: z.enum(['CASH', 'CARD_ON_DELIVERY', 'ONLINE_CARD', 'YAPE']),
        name: z.string().min(1).max(100),
        /** ONLINE_CARD only: 'sandbox' (test cards, no real money) or 'mercadopago'; YAPE: 'mercadopago'. */
        provider: z.enum(['sandbox', 'mercadopago']).nullable().default(null),
        /** provider 'mercadopago' only: the account's credentials (docs/payments.md). */
        mercadopago: z
          .strictObject({
            public_key: z.string().regex(/^(TEST|APP_USR)-[A-Za-z0-9-]{8,200}$/),
            // Both secrets are optional so an exported file (which leaves them out) imports: the stored ones are kept.
            access_token: z
              .string()
              .regex(/^(TEST|APP_USR)-[A-Za-z0-9-]{8,300}$/)
              .optional(),
            webhook_secret: z.string().min(16).max(200).optional(),
          })
          .optional(),
        is_active: z.boolean().default(true),
      })
      .refine((m) => (m.type === 'ONLINE_CARD' || m.type === 'YAPE') === (m.provider !== null), {
        message: 'ONLINE_CARD and YAPE methods, and only they, name a provider',
        path: ['provider'],
      })
      // Yape is offered through Mercado Pago's Checkout API only (docs/payments.md).
      .refine((m) => m.type !== 'YAPE' || m.provider === 'mercadopago', {
        message: 'YAPE methods go through mercadopago',
        path: ['provider'],
      })
      .refine((m) => (m.provider === 'mercadopago') === (m.mercadopago !== undefined), {
        message: 'Mercado Pago methods, and only they, carry mercadopago credentials',
        path: ['mercadopago'],
      }),
  )
  .default([]);

/** Catalogue prices include the tax; `rate_percent` says how much of a total is tax (IGV 18). */
export const taxSection = z
  .strictObject({ name: z.string().min(1).max(20), rate_percent: z.number().min(0).max(100) })
  .default({ name: 'IGV', rate_percent: 18 });

export const couponsSection = z
  .array(
    z
      .strictObject({
        key,
        code: z.string().regex(/^[A-Za-z0-9_-]{3,50}$/),
        kind: z.enum(['PERCENT', 'AMOUNT']),
        /** PERCENT: 0-100 (decimals allowed); AMOUNT: money. */
        value: z.union([z.string(), z.number()]),
        min_subtotal: money.default(0),
        valid_from: instant.nullable().default(null),
        valid_until: instant.nullable().default(null),
        max_uses: z.number().int().positive().nullable().default(null),
        max_uses_per_member: z.number().int().positive().nullable().default(null),
        is_active: z.boolean().default(true),
      })
      .superRefine((c, ctx) => {
        const n = Number(c.value);
        if (!Number.isFinite(n) || n <= 0 || (c.kind === 'PERCENT' && n > 100))
          ctx.addIssue({
            code: 'custom',
            path: ['value'],
            message: 'a percent in (0, 100] or a positive amount',
          });
      }),
  )
  .default([]);

export const deliverySection = z
  .strictObject({
    enabled: z.boolean().default(true),
    base_fare: money,
    per_km: money,
    max_radius_km: z.number().positive().max(500),
  })
  .nullable()
  .default(null);
