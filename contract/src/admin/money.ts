import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminMoneyErrors } from '../errors/admin-money';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { requiredText } from '../forms/zod';
import { money } from '../catalog/money';
import { paymentMethodType } from '../orders/schemas';
import { patchOf, versionField } from './schemas';

/**
 * The owner's money settings (`/api/v5/admin/money/...`, area `money`: a MANAGER gets 403
 * `admin.owner_only`): payment methods with their card credentials, the tax rule, coupons.
 */
export const adminMoneyMessages = /* @__PURE__ */ messagesOf('admin', adminMoneyErrors);

/** A positive decimal with up to two decimals, as the forms type it ("10", "10.5", "10.50"). */
const decimal = () =>
  z
    .string({ error: formMessages.required })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.invalid);

/** A secret typed once: trimmed, never answered back. */
const secret = () => requiredText(500);

// ---------------------------------------------------------------------------------------
// Payment methods

/**
 * A payment method as the owner sees it. Card secrets are write-only: only whether each is
 * set (`…_configured`) ever leaves the server.
 */
export const adminPaymentMethod = z.object({
  uid: z.string(),
  key: z.string(),
  type: paymentMethodType,
  name: z.string(),
  provider: z.string().nullable(),
  is_active: z.boolean(),
  public_key: z.string().nullable(),
  access_token_configured: z.boolean(),
  webhook_secret_configured: z.boolean(),
  version: z.number().int(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethod>;

/** `PATCH v5/admin/money/payment-methods/{uid}/`: a secret sent replaces the stored one. */
export const adminPaymentMethodInput = z
  .object({
    name: requiredText(80).optional(),
    is_active: z.boolean().optional(),
    public_key: requiredText(500).optional(),
    access_token: secret().optional(),
    webhook_secret: secret().optional(),
    version: versionField(),
  })
  .strict();
export type AdminPaymentMethodInput = z.infer<typeof adminPaymentMethodInput>;

/**
 * `POST v5/admin/money/payment-methods/yape/`: adds Yape (through Mercado Pago). Credentials not
 * sent are those of the company's Mercado Pago card method (one Mercado Pago account takes both).
 */
export const adminYapeInput = z
  .object({
    name: requiredText(80).optional(),
    public_key: requiredText(500).optional(),
    access_token: secret().optional(),
    webhook_secret: secret().optional(),
  })
  .strict();
export type AdminYapeInput = z.infer<typeof adminYapeInput>;

// ---------------------------------------------------------------------------------------
// Tax rule (one per company; prices include it, see docs/decisions.md "Checkout: tax model")

/** `version` 0: the company never saved one and the default (IGV 18 %) applies. */
export const adminTaxRule = z.object({
  name: z.string(),
  rate: z.string(),
  included: z.literal(true),
  /**
   * When electronic receipts are issued: PAYMENT (an order paid online when its payment is
   * approved, a cash order when delivered) or DELIVERY (every order when delivered).
   */
  receipt_issue_on: z.enum(['PAYMENT', 'DELIVERY']),
  version: z.number().int(),
});
export type AdminTaxRule = z.infer<typeof adminTaxRule>;

export const adminTaxRuleInput = z
  .object({
    name: requiredText(40),
    rate: decimal().refine((v) => Number(v) <= 100, adminMoneyMessages.taxRateRange as string),
    /** Unchanged when left out. */
    receipt_issue_on: z.enum(['PAYMENT', 'DELIVERY'], { error: formMessages.invalid }).optional(),
    version: z.number({ error: formMessages.required }).int(formMessages.required).min(0),
  })
  .strict();
export type AdminTaxRuleInput = z.infer<typeof adminTaxRuleInput>;

// ---------------------------------------------------------------------------------------
// The company's own account at the electronic-receipt provider (receipts/issuing)

/**
 * `GET v5/admin/money/receipt-account/`: the company's Nubefact account. The token is
 * write-only (only `token_configured` leaves the server). `issuer`: whose account issues the
 * company's receipts now: its own (`COMPANY`), the deployment's (`DEPLOYMENT`: NUBEFACT_URL and
 * NUBEFACT_TOKEN), or nobody's (`NONE`: receipts are numbered and wait). `version` 0: never saved.
 */
export const adminReceiptAccount = z.object({
  provider: z.literal('nubefact'),
  url: z.string().nullable(),
  token_configured: z.boolean(),
  issuer: z.enum(['COMPANY', 'DEPLOYMENT', 'NONE']),
  version: z.number().int(),
});
export type AdminReceiptAccount = z.infer<typeof adminReceiptAccount>;

/**
 * `PUT v5/admin/money/receipt-account/`: `url` with `token` (the token may be left out when one
 * is kept already: the URL alone changes); `url: null` forgets both (the deployment's account,
 * if any, issues again).
 */
export const adminReceiptAccountInput = z
  .object({
    url: z
      .string({ error: formMessages.required })
      .trim()
      .max(500, adminMoneyMessages.receiptUrlInvalid as string)
      .refine((v) => URL.canParse(v), adminMoneyMessages.receiptUrlInvalid as string)
      .nullable(),
    token: secret().optional(),
    version: z.number({ error: formMessages.required }).int(formMessages.required).min(0),
  })
  .strict();
export type AdminReceiptAccountInput = z.infer<typeof adminReceiptAccountInput>;

// ---------------------------------------------------------------------------------------
// Coupons

const adminCouponKind = z.enum(['PERCENT', 'AMOUNT'], { error: formMessages.invalid });

/** `value`: a percentage ("10.00") for PERCENT, an amount of money ("5.00") for AMOUNT. */
export const adminCoupon = z.object({
  uid: z.string(),
  code: z.string(),
  kind: adminCouponKind,
  value: z.string(),
  min_subtotal: money,
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_member: z.number().int().nullable(),
  /** Orders that used it and were not canceled. */
  uses: z.number().int(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

const limit = () =>
  z
    .number({ error: formMessages.numeric })
    .int(formMessages.numeric)
    .min(1, formMessages.positiveNumber)
    .max(1_000_000, formMessages.invalid)
    .nullable();
const instant = () => z.iso.datetime({ offset: true, error: formMessages.date }).nullable();

const couponFields = {
  code: requiredText(30)
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,30}$/, adminMoneyMessages.couponCodeFormat as string),
  kind: adminCouponKind,
  value: decimal(),
  min_subtotal: decimal(),
  valid_from: instant(),
  valid_until: instant(),
  max_uses: limit(),
  max_uses_per_member: limit(),
  is_active: z.boolean(),
};

type CouponShape = Partial<{
  kind: 'PERCENT' | 'AMOUNT';
  value: string;
  valid_from: string | null;
  valid_until: string | null;
}>;

/** Rules across fields; a PATCH checks them again on the merged record (server). */
export function couponIssues(c: CouponShape): Record<string, string> {
  const issues: Record<string, string> = {};
  if (c.value !== undefined && c.kind) {
    const n = Number(c.value);
    if (c.kind === 'PERCENT' && (n <= 0 || n > 100))
      issues.value = adminMoneyMessages.couponPercentRange;
    if (c.kind === 'AMOUNT' && n <= 0) issues.value = adminMoneyMessages.couponAmountPositive;
  }
  if (c.valid_from && c.valid_until && Date.parse(c.valid_until) <= Date.parse(c.valid_from))
    issues.valid_until = adminMoneyMessages.couponDatesOrder;
  return issues;
}

function checkCoupon(c: CouponShape, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(couponIssues(c)))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/** `POST v5/admin/money/coupons/`. */
export const adminCouponCreate = z
  .object({
    ...couponFields,
    min_subtotal: couponFields.min_subtotal.default('0.00'),
    valid_from: couponFields.valid_from.default(null),
    valid_until: couponFields.valid_until.default(null),
    max_uses: couponFields.max_uses.default(null),
    max_uses_per_member: couponFields.max_uses_per_member.default(null),
    is_active: couponFields.is_active.default(true),
  })
  .strict()
  .superRefine(checkCoupon);
export type AdminCouponCreate = z.infer<typeof adminCouponCreate>;

/** `PATCH v5/admin/money/coupons/{uid}/`: the fields to change and the version read. */
export const adminCouponPatch = patchOf(couponFields);
export type AdminCouponPatch = z.infer<typeof adminCouponPatch>;

/** `GET v5/admin/money/coupons/?q=&active=&sort=&page=`. */
export const adminCouponQuery = pageQuery.extend({
  q: z.string().trim().max(30).optional(),
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(['code', '-code', 'uses', '-uses', 'valid_until', '-valid_until']).default('code'),
});
export type AdminCouponQuery = z.infer<typeof adminCouponQuery>;

// ---------------------------------------------------------------------------------------
// Unsettled charges

/**
 * A card charge that may have taken money with no order or promotion unit to show for it (its
 * answer lost, or the undo of its checkout could not refund it). The reconciliation run gives
 * the money back: OPEN until then, REFUNDED once done, NOT_CHARGED when the provider never took it.
 */
export const adminUnsettledCharge = z.object({
  uid: z.string(),
  /** The order or unit uid the charge named: Mercado Pago's external reference. */
  reference: z.string(),
  purpose: z.enum(['ORDER', 'PROMOTION']),
  payment_method: z.object({ uid: z.string(), name: z.string() }),
  amount: money,
  reason: z.enum(['OUTCOME_UNKNOWN', 'UNDO_REFUND_FAILED', 'UNDONE_WHILE_PENDING']),
  status: z.enum(['OPEN', 'REFUNDED', 'NOT_CHARGED']),
  provider_payment_id: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  attempts: z.number().int(),
  /** The provider's error code of the last failed look-up or refund. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUnsettledCharge = z.infer<typeof adminUnsettledCharge>;

/** `GET v5/admin/money/unsettled-charges/?status=&page=`: newest first. */
export const adminUnsettledChargeQuery = pageQuery.extend({
  status: z.enum(['OPEN', 'REFUNDED', 'NOT_CHARGED']).optional(),
});
export type AdminUnsettledChargeQuery = z.infer<typeof adminUnsettledChargeQuery>;

/** An electronic receipt (boleta, factura or credit note) as the back office lists it. */
export const adminElectronicReceipt = z.object({
  uid: z.string(),
  order: z.object({ uid: z.string(), number: z.number().int().nullable() }),
  kind: z.enum(['BOLETA', 'FACTURA', 'CREDIT_NOTE']),
  /** SUNAT's series and correlative, e.g. B001-42. */
  serie: z.string(),
  numero: z.number().int(),
  total: money,
  /**
   * Who it names: a factura's RUC and razón social; a boleta's DNI, CE or passport (null: none
   * given) and the billing name (empty: "clientes varios").
   */
  buyer: z.object({
    document_type: z.enum(['RUC', 'DNI', 'CE', 'PASSPORT']).nullable(),
    document_number: z.string().nullable(),
    name: z.string(),
  }),
  /** PENDING (queued or retrying), ISSUED, REJECTED (by the provider or SUNAT), FAILED (provider unreachable). */
  status: z.enum(['PENDING', 'ISSUED', 'REJECTED', 'FAILED']),
  attempts: z.number().int(),
  /** The provider's reason for the last failure or rejection. */
  error: z.string().nullable(),
  pdf_url: z.string().nullable(),
  xml_url: z.string().nullable(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type AdminElectronicReceipt = z.infer<typeof adminElectronicReceipt>;

export const adminElectronicReceiptQuery = pageQuery.extend({
  status: z.enum(['PENDING', 'ISSUED', 'REJECTED', 'FAILED']).optional(),
  /** One order's receipts (its uid; anything else matches none). */
  order: z.string().trim().optional(),
});
export type AdminElectronicReceiptQuery = z.infer<typeof adminElectronicReceiptQuery>;
