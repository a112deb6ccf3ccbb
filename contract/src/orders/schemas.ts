import { z } from 'zod';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { formRules } from '../forms/rules';
import { emailField, isoDate, requiredText, ruleString } from '../forms/zod';
import { money } from '../catalog/money';
import { cartLineInput } from '../catalog/cart';
import { orderStatus, paymentStatuses } from './status';
import { cancelReasonCode } from './cancel-reasons';
import { orderMessages } from './messages';
import { INFLUENCER_UID_PATTERN } from '../marketing/influencer';
import { orderReceipt, receiptInput, receiptRequest } from '../receipts/schemas';

export const shippingType = z.enum(['delivery', 'pickup']);
/** COINS pays a cart of redeemable products with the coins of the company's benefit program (see docs/decisions.md). */
export const paymentMethodType = z.enum([
  'CASH',
  'CARD_ON_DELIVERY',
  'ONLINE_CARD',
  'YAPE',
  'COINS',
]);
export type PaymentMethodType = z.infer<typeof paymentMethodType>;

/**
 * Methods paid online at checkout through a provider (charged before the order is placed): a
 * card, or Yape (through Mercado Pago's Checkout API, a token of the payer's phone and approval
 * code). Both are refunded and notified alike.
 */
export const isOnlinePayment = (type: PaymentMethodType | string | null | undefined) =>
  type === 'ONLINE_CARD' || type === 'YAPE';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, formMessages.time);

/** Where a delivery goes: an area of the store (the district), the address, its coordinates and a reference. */
export const deliveryAddressInput = z.object({
  area: z.string().min(1, formMessages.required),
  address: requiredText(300),
  reference: z.string().trim().max(300).default(''),
  latitude,
  longitude,
});

/** A pickup slot from `GET v7/places/{uid}/pickup-schedule/`: its date and start time. */
export const pickupInput = z.object({ date: isoDate(), start: hhmm });

export const billingInput = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailField(),
  phone: ruleString(formRules.required, formRules.telephone),
  city: requiredText(100),
  /**
   * Required except for a pickup paid at the counter (cash, card on delivery or coins): nothing
   * is sent to that address (issue 36). The order's pricing says which (orders/pricing.ts).
   */
  address: z.union([requiredText(300), z.literal('')]).optional(),
});
export type BillingInput = z.infer<typeof billingInput>;

/**
 * An ONLINE_CARD payment as the provider's fields in the browser made it: the single-use card
 * token, the brand (`payment_method_id`), the installments and the issuer. Card numbers never
 * reach the order API (PCI DSS): unknown keys such as `number` are refused, not ignored.
 */
export const cardInput = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, formMessages.invalid),
    payment_method_id: z.string().regex(/^[a-z0-9_]{2,40}$/, formMessages.invalid),
    installments: z.number().int().min(1).max(36).default(1),
    issuer_id: z
      .string()
      .regex(/^\d{1,20}$/, formMessages.invalid)
      .nullish(),
  })
  .strict();
export type CardInput = z.infer<typeof cardInput>;

/**
 * A YAPE payment: the single-use token MercadoPago.js made in the browser from the payer's phone
 * number and the approval code of the Yape app (`mp.yape({phoneNumber, otp}).create()`). The
 * phone and the code never reach the order API: any other key (`otp`, `phone`) is refused.
 */
export const yapeInput = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, formMessages.invalid) })
  .strict();
export type YapeInput = z.infer<typeof yapeInput>;

const orderFields = {
  shipping_type: shippingType,
  delivery: deliveryAddressInput.optional(),
  pickup: pickupInput.optional(),
  products: z.array(cartLineInput).min(1, formMessages.required).max(100),
  /** The total the client showed the buyer; a different server total is a 409 with the new prices. */
  expected_total: money,
  /** A coins order: the coin total the client showed (expected_total is then 0.00); a different server figure is a 409. */
  expected_coin_total: z.number().int().min(0).max(100_000_000).optional(),
  coupon: z.string().trim().max(50).nullish(),
  /** uid of one of the company's payment methods (see checkout-options). */
  payment_method: z.string().min(1, formMessages.required),
  card: cardInput.optional(),
  /** YAPE methods: the token of the payer's phone and approval code. */
  yape: yapeInput.optional(),
  billing: billingInput,
  /** "¿Boleta o factura?": absent reads as a boleta without document (allowed up to S/ 700). */
  receipt: receiptInput.optional(),
  comments: z.string().trim().max(1000).default(''),
  /** The influencer of /in/{uid}/ the buyer came through, if any. */
  influencer_uid: z.string().regex(INFLUENCER_UID_PATTERN, formMessages.invalid).nullish(),
};

function shippingDetails(
  value: { shipping_type?: string; delivery?: unknown; pickup?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.shipping_type === 'delivery' && !value.delivery)
    ctx.addIssue({ code: 'custom', path: ['delivery'], message: formMessages.required });
  if (value.shipping_type === 'pickup' && !value.pickup)
    ctx.addIssue({ code: 'custom', path: ['pickup'], message: formMessages.required });
}

/** Body of `POST v5/places/{uid}/orders/`. */
export const orderInput = z.object(orderFields).superRefine(shippingDetails);
export type OrderInput = z.input<typeof orderInput>;

/** Body of `POST v5/places/{uid}/orders/quote/`: the order as far as the buyer has filled it. */
export const orderQuoteInput = z
  .object({
    ...orderFields,
    expected_total: money.optional(),
    payment_method: z.string().optional(),
    billing: billingInput.optional(),
  })
  .superRefine(shippingDetails);
export type OrderQuoteInput = z.input<typeof orderQuoteInput>;

export const orderLineOption = z.object({ group: z.string(), name: z.string(), price: money });
export const orderLine = z.object({
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: money,
  options_price: money,
  total: money,
  options: z.array(orderLineOption),
  /** Coins per unit on a coins order; 0 on money orders (absent on subscription lines). */
  coin_price: z.number().int().optional(),
  /** An order's line: its position in the order (what staff name to remove it). */
  position: z.number().int().optional(),
  /** What automatic discounts took off this line (its total stays the price before them). */
  discount: money.optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** An automatic discount the order got, shown on its own line ("Happy hour -S/ 1.60"). */
export const appliedDiscount = z.object({ uid: z.string(), name: z.string(), amount: money });
export type AppliedDiscountLine = z.infer<typeof appliedDiscount>;

/**
 * `GET v5/places/{uid}/discounts/`: the automatic discounts that may hold at a place, with their
 * conditions, so the store front prices crossed-out products on the shopper's own clock (the
 * engine: orders/discounts.ts; `value` as the back office reads it).
 */
export const placeDiscount = z.object({
  uid: z.string(),
  name: z.string(),
  kind: z.enum(['PERCENT', 'AMOUNT', 'BUY_X_PAY_Y', 'COMBO_PRICE']),
  target: z.enum(['ORDER', 'PRODUCTS', 'CATEGORIES']),
  product_uids: z.array(z.string()),
  category_uids: z.array(z.string()),
  value: money,
  buy_quantity: z.number().int().nullable(),
  pay_quantity: z.number().int().nullable(),
  min_subtotal: money,
  weekdays: z.array(z.string()),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  member_levels: z.array(z.string()),
  stackable_with_coupons: z.boolean(),
});
export type PlaceDiscount = z.infer<typeof placeDiscount>;

export const taxRule = z.object({ name: z.string(), rate: z.string(), included: z.literal(true) });

/** What an order costs, as the server prices it. */
export const orderQuote = z.object({
  products: z.array(orderLine),
  subtotal: money,
  /** Everything taken off: the automatic discounts below plus the coupon's. */
  discount: money,
  discounts: z.array(appliedDiscount).default([]),
  delivery_price: money,
  taxes: money,
  total: money,
  distance_km: z.number().nullable(),
  coupon: z.string().nullable(),
  tax: taxRule,
  /** Coins the order costs when it is paid with COINS (its money amounts are then 0). */
  coin_total: z.number().int().default(0),
});
export type OrderQuote = z.infer<typeof orderQuote>;

/** 409 of an order whose prices changed: the new prices, so the client can ask again. */
export const priceChangedBody = z.object({
  detail: z.string(),
  code: z.literal('orders.price_changed'),
  quote: orderQuote,
});

export const paymentMethod = z.object({
  uid: z.string(),
  name: z.string(),
  type: paymentMethodType,
  /** ONLINE_CARD only: whose fields make the card token ('sandbox' or 'mercadopago'). */
  provider: z.string().nullable().optional(),
  /** ONLINE_CARD with Mercado Pago: the store's public key for the provider's browser fields. */
  public_key: z.string().nullable().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const billing = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  address: z.string(),
});

/**
 * PENDING: the card is being charged (the order is not shown yet); IN_PROCESS: the provider has
 * not decided yet (3-D Secure, review), the order is reserved until `payment_expires_at`;
 * REJECTED: the provider declined it later (the order is canceled); REFUND_PENDING: a refund the
 * provider has not done yet (retried, shown to staff).
 */
export const paymentStatus = z.enum(paymentStatuses);

/**
 * Products the store removed from the order before preparing it: by how much the total went
 * down and, on a card-paid order, the refund of it (PENDING until the provider has done it).
 */
export const removedLine = z.object({
  uid: z.string(),
  product_uid: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  amount: money,
  refund_status: z.enum(['PENDING', 'DONE']).nullable(),
  created_at: z.string(),
});
export type RemovedLine = z.infer<typeof removedLine>;

/** `POST .../orders/{uid}/remove-line/`: the line (its `position`) and how many of it (all when left out). */
export const removeLineInput = z.object({
  position: z.number().int().min(0),
  quantity: z.number().int().min(1).max(100_000).optional(),
});
export type RemoveLineInput = z.infer<typeof removeLineInput>;

/** The remove-line routes' documentation (staff and back office). */
export const removeLineDoc =
  "Body `{position, quantity?}` (a line's `position` from the order's `products`; all of it when `quantity` is left out). Only on a RECEIVED or ACCEPTED order whose payment is PAID or PAY_ON_DELIVERY (not coins): else 400 {non_field_errors}. The line shrinks or goes, the totals are computed again (the coupon's rule on the new subtotal, never above the purchase's discount; the delivery fare unchanged; taxes included), the stock comes back, and on a card-paid order the difference is refunded through the provider (`removed_lines[].refund_status` PENDING until done; a failure is retried by the reconciliation run), all in one transaction under the order's lock. Unknown position: 400 {position}; more than the line has: 400 {quantity}; the last product: 400 {non_field_errors} (cancel instead). Audited.";

/** An order as the member sees it: every label of the spec's order detail. */
export const order = z.object({
  uid: z.string(),
  number: z.number().int(),
  created_at: z.string(),
  status: orderStatus,
  place: z.object({ uid: z.string(), name: z.string() }),
  company_uid: z.string(),
  /** The buyer's name (billing first and last name); empty once the account is deleted. */
  name: z.string(),
  shipping_type: shippingType,
  pickup_date: z.string().nullable(),
  pickup_start: z.string().nullable(),
  pickup_end: z.string().nullable(),
  area: z.object({ uid: z.string(), name: z.string() }).nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  reference: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance_km: z.number().nullable(),
  comments: z.string(),
  payment_method: paymentMethod,
  /** The payment method's name, the spec's "payment type". */
  payment_type: z.string(),
  payment_status: paymentStatus,
  card_last4: z.string().nullable(),
  /** IN_PROCESS only: when the reservation ends if the provider has not confirmed the payment. */
  payment_expires_at: z.string().nullable().optional(),
  coupon: z.string().nullable(),
  products: z.array(orderLine),
  subtotal: money,
  /** Everything taken off: the automatic discounts below plus the coupon's. */
  discount: money,
  discounts: z.array(appliedDiscount).optional(),
  delivery_price: money,
  taxes: money,
  /** Products after the discount (subtotal - discount). */
  price: money,
  total: money,
  /** Coins paid (payment method COINS); 0 for money orders. */
  coin_total: z.number().int().default(0),
  tax: taxRule,
  billing: billing.nullable(),
  /** "¿Boleta o factura?" as the buyer answered it; null: a boleta without document. */
  receipt: receiptRequest.nullable().optional(),
  /** Ours: the order's electronic receipts (its boleta or factura, then credit notes), oldest first. */
  electronic_receipts: z.array(orderReceipt).optional(),
  can_cancel: z.boolean(),
  /** The influencer of /in/{uid}/ the order came through. */
  influencer_uid: z.string().nullable(),
  /** Lines the store removed (and their refunds), oldest first. */
  removed_lines: z.array(removedLine).optional(),
  /** Why the store canceled it (CANCELED_BY_PLACE only; null when it gave none). */
  cancel_reason: cancelReasonCode.nullable().optional(),
  /** The words the store typed with that reason. */
  cancel_note: z.string().nullable().optional(),
  /** A pickup order the store marked ready to collect (it stays ACCEPTED). */
  ready_at: z.string().nullable().optional(),
});
export type Order = z.infer<typeof order>;

export const ordersQuery = z.object({
  /** A payment method uid, or a type (COINS, CASH, ...) for every method of that type. */
  payment_method: z.string().trim().optional(),
  ...pageQuery.shape,
});

/** `POST v7/deliveries/places/{uid}/fare-estimate/`: coordinates, bare or inside an address. */
export const fareEstimateInput = z
  .object({
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    address: z
      .object({ latitude, longitude, area: z.string().trim().max(64).optional() })
      .loose()
      .optional(),
    /** The chosen area's uid (ours): a point outside its known outline is refused at once. */
    area: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.address || (v.latitude !== undefined && v.longitude !== undefined), {
    message: orderMessages.noAddressCoordinates,
  });
export const fareEstimate = z.object({
  fare: money,
  distance_km: z.number(),
  max_radius_km: z.number(),
});
export type FareEstimate = z.infer<typeof fareEstimate>;

export const deliverySettings = z.object({
  enabled: z.boolean(),
  base_fare: money,
  per_km: money,
  max_radius_km: z.number(),
});

/** `GET v5/places/{uid}/checkout-options/`: what the checkout of a place offers. */
export const checkoutOptions = z.object({
  place_uid: z.string(),
  company_uid: z.string(),
  ecommerce_enabled: z.boolean(),
  payment_methods: z.array(paymentMethod),
  delivery: deliverySettings,
  pickup: z.boolean(),
  /** The areas (uids of `GET v7/areas/`) the place delivers in; empty without delivery. */
  delivery_area_uids: z.array(z.string()),
  tax: taxRule,
  currency: z.object({ code: z.string(), symbol: z.string() }),
});
export type CheckoutOptions = z.infer<typeof checkoutOptions>;

export const couponKind = z.enum(['PERCENT', 'AMOUNT']);
/** Answer of `GET v5/companies/{uid}/validate-code/{code}/`. */
export const coupon = z.object({
  code: z.string(),
  kind: couponKind,
  /** Percent ("10.00" = 10 %) or an amount of money, after `kind`. */
  discount: z.string(),
  min_subtotal: money,
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  company_uid: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
