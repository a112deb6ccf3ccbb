import { formRules } from '@store/contract/forms/rules';
import { subscriptionMessages } from '@store/contract/orders/messages';
import type { SubscriptionInput, Weekday } from '@store/contract/orders/subscriptions';
// Not from .../subscriptions: that file's schemas would bring zod into the first page.
import { weekdays as allWeekdays, sortWeekdays } from '@store/contract/orders/weekdays';
import type { CartInput } from '@store/contract/catalog/cart';
import { slotStartingAt } from '@store/contract/orders/opening-hours';
import { coordinateError } from './delivery-pin';

/**
 * The subscription's pure rules (commerce-and-loyalty sections 4 and 5), free of React and
 * storage: the form's checks ('a subscription needs at least one weekday, a time slot must be
 * selected, a payment method must be chosen', plus the delivery ones) and the body of
 * `POST v5/places/{uid}/subscriptions/`. Which slots fit the chosen weekdays is the contract's
 * rule (orders/opening-hours), the one the server enforces.
 */

export const WEEKDAYS = allWeekdays;
export {
  hoursOn,
  openWeekdays,
  SLOT_MINUTES,
  subscriptionSlots,
  type Timetable,
} from '@store/contract/orders/opening-hours';

/** Ticks or unticks a weekday. */
export function toggleWeekday(days: readonly Weekday[], day: Weekday, on: boolean): Weekday[] {
  return sortWeekdays(on ? [...days, day] : days.filter((d) => d !== day));
}

export type SubscriptionValues = {
  weekdays: Weekday[];
  /** Start of the chosen slot ("HH:MM"), '' when none. */
  slot: string;
  shipping_type: 'pickup' | 'delivery' | '';
  area: string;
  address: string;
  reference: string;
  latitude: string;
  longitude: string;
  payment_method: string;
  comments: string;
};
export type SubscriptionField = keyof SubscriptionValues;

/** The form's checks with their Spanish messages; the first message of each field. */
export function subscriptionErrors(
  values: SubscriptionValues,
  slots: readonly { start: string }[],
): Partial<Record<SubscriptionField, string>> {
  const errors: Partial<Record<SubscriptionField, string>> = {};
  const set = (field: SubscriptionField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  if (values.weekdays.length === 0) set('weekdays', subscriptionMessages.weekdayRequired);
  if (!values.slot) set('slot', subscriptionMessages.slotRequired);
  else if (values.weekdays.length > 0 && !slots.some((s) => s.start === values.slot))
    set('slot', subscriptionMessages.slotRequired);
  set('shipping_type', formRules.required(values.shipping_type));
  if (values.shipping_type === 'delivery') {
    set('area', formRules.required(values.area));
    set('address', formRules.required(values.address.trim()));
    set('latitude', coordinateError(values.latitude, 90));
    set('longitude', coordinateError(values.longitude, 180));
  }
  set('payment_method', formRules.required(values.payment_method));
  return errors;
}

/** The body of `POST v5/places/{uid}/subscriptions/`. */
export function buildSubscriptionBody(
  values: SubscriptionValues,
  products: CartInput['products'],
): SubscriptionInput {
  const body: SubscriptionInput = {
    products,
    weekdays: sortWeekdays(values.weekdays),
    time_slot: slotStartingAt(values.slot),
    payment_method: values.payment_method,
    shipping_type: values.shipping_type === 'delivery' ? 'delivery' : 'pickup',
    comments: values.comments.trim(),
  };
  if (values.shipping_type === 'delivery') {
    body.delivery = {
      area: values.area,
      address: values.address.trim(),
      reference: values.reference.trim(),
      latitude: Number(values.latitude),
      longitude: Number(values.longitude),
    };
  }
  return body;
}

/** Which server field a form field answers for (server paths like `delivery.area`). */
export const subscriptionFieldOfServerPath: Record<string, SubscriptionField> = {
  weekdays: 'weekdays',
  time_slot: 'slot',
  'time_slot.start': 'slot',
  'time_slot.end': 'slot',
  shipping_type: 'shipping_type',
  'delivery.area': 'area',
  'delivery.address': 'address',
  'delivery.reference': 'reference',
  'delivery.latitude': 'latitude',
  'delivery.longitude': 'longitude',
  delivery: 'address',
  payment_method: 'payment_method',
  comments: 'comments',
};

// The cart store clears the subscription carts without the subscription rules and their messages.
export { subscriptionCartKeys } from './subscription-cart-keys';

/** The choices remembered per place in `infoSubscriptionOptions{placeUid}` (no personal data: no address). */
export type RememberedOptions = Pick<
  SubscriptionValues,
  'weekdays' | 'slot' | 'shipping_type' | 'payment_method'
>;

export function rememberedOptions(values: SubscriptionValues): RememberedOptions {
  return {
    weekdays: values.weekdays,
    slot: values.slot,
    shipping_type: values.shipping_type,
    payment_method: values.payment_method,
  };
}

/** Reads remembered choices back, keeping only well-formed ones (the text may be old or edited by hand). */
export function parseRememberedOptions(raw: string | null): Partial<RememberedOptions> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object') return {};
  const v = value as Record<string, unknown>;
  const out: Partial<RememberedOptions> = {};
  if (Array.isArray(v.weekdays))
    out.weekdays = sortWeekdays(
      v.weekdays.filter((d): d is Weekday => (WEEKDAYS as readonly unknown[]).includes(d)),
    );
  if (typeof v.slot === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v.slot)) out.slot = v.slot;
  if (v.shipping_type === 'pickup' || v.shipping_type === 'delivery')
    out.shipping_type = v.shipping_type;
  if (typeof v.payment_method === 'string' && v.payment_method.length <= 100)
    out.payment_method = v.payment_method;
  return out;
}
