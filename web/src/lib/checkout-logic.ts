import { formRules, firstError } from '@store/contract/forms/rules';
import type { OrderStatus } from '@store/contract/orders/status';
import { formMessages } from '@store/contract/messages';
import type { ReceiptInput } from '@store/contract/receipts/schemas';
import { orderMessages } from '@store/contract/orders/messages';
import type { CartInput } from '@store/contract/catalog/cart';
import { cardExpired } from '@store/contract/orders/card';
import { isOnlinePayment } from '@store/contract/orders/schemas';
import { sandboxBrand, sandboxCardToken } from '@store/contract/payments/sandbox';
import { coordinateError, isNumber } from './delivery-pin';

/**
 * The checkout's pure rules (commerce-and-loyalty sections 4 and 5), free of React so they are
 * unit-tested on their own: the form's checks, the order body, the idempotency key of an
 * attempt and the order status steps.
 */

export type PaymentType = 'CASH' | 'CARD_ON_DELIVERY' | 'ONLINE_CARD' | 'YAPE' | 'COINS';

/**
 * Whether the checkout asks for a billing address: not for a pickup paid at the counter (cash,
 * card on delivery, coins), where nothing goes to that address (issue 36).
 */
export function billingAddressNeeded(
  shippingType: string,
  paymentType: PaymentType | null,
): boolean {
  return !(shippingType === 'pickup' && paymentType !== null && !isOnlinePayment(paymentType));
}

/** Whether the order is paid when it is received or picked up, not now (the button confirms). */
export const paidLater = (paymentType: PaymentType | null): boolean =>
  paymentType === 'CASH' || paymentType === 'CARD_ON_DELIVERY';

/** Everything the checkout form holds, as typed (numbers stay text until sent). */
export type CheckoutValues = {
  shipping_type: 'delivery' | 'pickup' | '';
  area: string;
  address: string;
  reference: string;
  latitude: string;
  longitude: string;
  pickup_date: string;
  pickup_start: string;
  payment_method: string;
  card_holder: string;
  card_number: string;
  card_expiry: string;
  card_cvc: string;
  /** The number of installments (cuotas) chosen, '1' when paid at once. */
  card_installments: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  city: string;
  billing_address: string;
  comments: string;
};

export type CheckoutField = keyof CheckoutValues;

/** Expiry as typed ("MM/YY" or "MM/YYYY") into month and full year; null when unreadable. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  // '12/30', '12 / 2030', and the bare digits a phone's numeric keypad types: '1230', '122030'.
  const match =
    /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value) ??
    /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card number as typed, grouped by four digits ('4242424242424242' -> '4242 4242 4242 4242'). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as typed on a digits keypad, which has no '/': the slash is put in after the month
 * ('1230' -> '12/30'; '5' -> '05/'); deleting back over the slash removes it with the digit.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  const deleting = value.length < previous.length;
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export type CardField =
  'card_holder' | 'card_number' | 'card_expiry' | 'card_cvc' | 'card_installments';

/**
 * The card form's own checks, shared by the checkout and a promotion bought by card: Mercado
 * Pago's secure fields check the number, expiry and CVC themselves (only the holder is ours); the
 * sandbox form checks the test card (Luhn, expiry not past, CVC).
 */
export function cardErrors(
  values: Record<CardField, string>,
  provider: string | null | undefined,
  now = new Date(),
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const set = (field: CardField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set('card_holder', formRules.required(values.card_holder));
  if (provider === 'mercadopago') return errors;
  const digits = values.card_number.replace(/\s+/g, '');
  set(
    'card_number',
    formRules.required(values.card_number) ??
      (/^\d{12,19}$/.test(digits)
        ? luhnValid(digits)
          ? undefined
          : orderMessages.cardNumberInvalid
        : formMessages.positiveNumber),
  );
  const expiry = parseExpiry(values.card_expiry);
  const expired = expiry && cardExpired(expiry, now);
  set(
    'card_expiry',
    formRules.required(values.card_expiry) ?? (!expiry || expired ? formMessages.date : undefined),
  );
  set(
    'card_cvc',
    formRules.required(values.card_cvc) ??
      (/^\d{3,4}$/.test(values.card_cvc.trim()) ? undefined : formMessages.positiveNumber),
  );
  return errors;
}

/**
 * The delivery and payment validations of the spec (an area chosen, a valid address with
 * coordinates, a slot chosen, a payment method chosen) and the generic form rules on the billing
 * data, with their Spanish messages. Answers the first message of each field.
 */
export function checkoutErrors(
  values: CheckoutValues,
  paymentType: PaymentType | null,
  now = new Date(),
  /** The ONLINE_CARD method's provider: Mercado Pago's secure fields check the card themselves. */
  provider: string | null = null,
): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  const set = (field: CheckoutField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set('shipping_type', formRules.required(values.shipping_type));
  if (values.shipping_type === 'delivery') {
    set('area', formRules.required(values.area));
    set('address', formRules.required(values.address));
    set('latitude', coordinateError(values.latitude, 90));
    set('longitude', coordinateError(values.longitude, 180));
  }
  if (values.shipping_type === 'pickup') {
    set('pickup_date', formRules.required(values.pickup_date));
    set('pickup_start', formRules.required(values.pickup_start));
  }
  set('payment_method', formRules.required(values.payment_method));
  if (paymentType === 'ONLINE_CARD')
    for (const [field, message] of Object.entries(cardErrors(values, provider, now)))
      set(field as CardField, message);
  set('first_name', formRules.required(values.first_name));
  set('last_name', formRules.required(values.last_name));
  set('email', firstError(values.email, formRules.required, formRules.email));
  set(
    'phone',
    firstError(values.phone.replace(/\s+/g, ''), formRules.required, formRules.telephone),
  );
  set('city', formRules.required(values.city));
  if (billingAddressNeeded(values.shipping_type, paymentType))
    set('billing_address', formRules.required(values.billing_address));
  return errors;
}

/** Shipping part of an order or quote body, when it is complete enough to price. */
export function shippingPart(
  values: Pick<
    CheckoutValues,
    | 'shipping_type'
    | 'area'
    | 'address'
    | 'reference'
    | 'latitude'
    | 'longitude'
    | 'pickup_date'
    | 'pickup_start'
  >,
) {
  if (values.shipping_type === 'pickup') {
    if (!values.pickup_date || !values.pickup_start) return null;
    return {
      shipping_type: 'pickup' as const,
      pickup: { date: values.pickup_date, start: values.pickup_start },
    };
  }
  if (values.shipping_type === 'delivery') {
    if (
      !values.area ||
      !values.address.trim() ||
      !isNumber(values.latitude) ||
      !isNumber(values.longitude)
    )
      return null;
    return {
      shipping_type: 'delivery' as const,
      delivery: {
        area: values.area,
        address: values.address.trim(),
        reference: values.reference.trim(),
        latitude: Number(values.latitude),
        longitude: Number(values.longitude),
      },
    };
  }
  return null;
}

/** An online card as the order API takes it: the provider's single-use token, never the number. */
export type CardToken = {
  token: string;
  payment_method_id: string;
  installments: number;
  issuer_id?: string | null;
};

/**
 * The sandbox form's token for the typed test card (as a real provider's fields would make one):
 * the same card typed again gives the same token, so a retried order is the same attempt.
 */
export function sandboxCard(
  values: Pick<CheckoutValues, 'card_number'> & { card_installments?: string },
  salt: string,
): CardToken {
  const digits = values.card_number.replace(/\s+/g, '');
  return {
    token: sandboxCardToken(digits, salt),
    payment_method_id: sandboxBrand(digits),
    installments: installmentsOf(values.card_installments),
  };
}

/** The installments chosen in a card form ('' or anything unreadable: paid at once). */
export function installmentsOf(value: string | undefined): number {
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 ? count : 1;
}

/**
 * What each installment comes to, as the sandbox shows it (no interest: the SANDBOX charges
 * the total whatever the count); rounded to the cent, so the last one may differ by a cent.
 */
export function installmentAmount(total: string | number, count: number): string {
  return installmentAmounts(total, count).each;
}

/**
 * The installments of a total: `count - 1` of `each` and the last of `last`, which absorbs the
 * rounding so they add up to the total (27.83 in 3: 9.28, 9.28 and 9.27; never 3 x 9.28 = 27.84).
 */
export function installmentAmounts(
  total: string | number,
  count: number,
): { each: string; last: string } {
  const cents = Math.round(Number(total) * 100);
  const each = Math.round(cents / count);
  const last = cents - each * (count - 1);
  return { each: (each / 100).toFixed(2), last: (last / 100).toFixed(2) };
}

/** Luhn check: a mistyped number is a field error before anything is sent. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type OrderBody = NonNullable<ReturnType<typeof shippingPart>> & {
  products: CartInput['products'];
  expected_total: string;
  coupon: string | null;
  payment_method: string;
  card?: CardToken;
  billing: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    city: string;
    address?: string;
  };
  comments: string;
  /** The influencer of /in/{uid}/, when one is remembered. */
  influencer_uid?: string;
};

/** The body of `POST v5/places/{uid}/orders/` from a valid form. */
export function buildOrderBody(
  values: CheckoutValues,
  products: CartInput['products'],
  options: {
    expectedTotal: string;
    coupon: string | null;
    paymentType: PaymentType | null;
    influencerUid?: string;
    /** ONLINE_CARD: the token the provider's fields (or the sandbox form) made. */
    card?: CardToken;
    /** YAPE: the token MercadoPago.js made of the phone and approval code (never the code). */
    yape?: { token: string };
    /** "¿Boleta o factura?" as typed. */
    receipt?: ReceiptInput;
  },
): OrderBody {
  const shipping = shippingPart(values);
  if (!shipping) throw new Error('shipping details are incomplete');
  return {
    ...shipping,
    products,
    expected_total: options.expectedTotal,
    coupon: options.coupon || null,
    payment_method: values.payment_method,
    ...(options.paymentType === 'ONLINE_CARD' && options.card ? { card: options.card } : {}),
    ...(options.paymentType === 'YAPE' && options.yape ? { yape: options.yape } : {}),
    ...(options.receipt ? { receipt: options.receipt } : {}),
    billing: {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      phone: values.phone.replace(/\s+/g, ''),
      city: values.city.trim(),
      ...(billingAddressNeeded(values.shipping_type, options.paymentType)
        ? { address: values.billing_address.trim() }
        : {}),
    },
    comments: values.comments.trim(),
    ...(options.influencerUid ? { influencer_uid: options.influencerUid } : {}),
  };
}

/** Server error paths of an order body, mapped to the form's fields. */
export const fieldOfServerPath: Record<string, CheckoutField> = {
  shipping_type: 'shipping_type',
  'delivery.area': 'area',
  'delivery.address': 'address',
  'delivery.reference': 'reference',
  'delivery.latitude': 'latitude',
  'delivery.longitude': 'longitude',
  pickup: 'pickup_start',
  'pickup.date': 'pickup_date',
  'pickup.start': 'pickup_start',
  payment_method: 'payment_method',
  card: 'card_number',
  'card.token': 'card_number',
  'card.installments': 'card_installments',
  installments: 'card_installments',
  'billing.first_name': 'first_name',
  'billing.last_name': 'last_name',
  'billing.email': 'email',
  'billing.phone': 'phone',
  'billing.city': 'city',
  'billing.address': 'billing_address',
  comments: 'comments',
};

export type Attempt = { key: string; body: string };

/**
 * One Idempotency-Key per checkout attempt: sending the same body again (a double click, a retry
 * after a network failure) reuses the key, so the server answers the first order; a changed body
 * (another card, confirmed new prices) is a new attempt with a new key.
 */
export function attemptFor(previous: Attempt | null, body: unknown, newKey: () => string): Attempt {
  const text = JSON.stringify(body);
  if (previous && previous.body === text) return previous;
  return { key: newKey(), body: text };
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A pickup slot is shown as a start-end range (section 9). */
export function slotRange(slot: { start: string; end: string }): string {
  return `${slot.start} - ${slot.end}`;
}

export type StatusStep = { status: OrderStatus; state: 'done' | 'current' | 'upcoming' };

/**
 * The steps an order goes through, for the status bar: a pickup order is never shipped; a
 * canceled order shows the steps it reached and then its cancellation.
 */
export function statusSteps(
  status: OrderStatus,
  shippingType: 'delivery' | 'pickup',
  reached: OrderStatus[] = [],
): StatusStep[] {
  const path: OrderStatus[] =
    shippingType === 'pickup'
      ? ['RECEIVED', 'ACCEPTED', 'DELIVERED']
      : ['RECEIVED', 'ACCEPTED', 'SHIPPED', 'DELIVERED'];
  if (status === 'CANCELED_BY_PLACE' || status === 'CANCELED_BY_USER') {
    const before = path.filter((s) => s === 'RECEIVED' || reached.includes(s));
    return [
      ...before.map((s) => ({ status: s, state: 'done' as const })),
      { status, state: 'current' as const },
    ];
  }
  const index = path.indexOf(status);
  return path.map((s, i) => ({
    status: s,
    state: i < index ? 'done' : i === index ? (s === 'DELIVERED' ? 'done' : 'current') : 'upcoming',
  }));
}

/** A 409 of a price change carries the new prices: `{code: 'orders.price_changed', detail, quote}`. */
export function priceChangeOf<Q>(
  status: number,
  body: unknown,
): { detail: string; quote: Q } | null {
  if (status !== 409 || !body || typeof body !== 'object') return null;
  const b = body as { code?: unknown; detail?: unknown; quote?: unknown };
  if (b.code !== 'orders.price_changed' || !b.quote) return null;
  return { detail: String(b.detail ?? ''), quote: b.quote as Q };
}
