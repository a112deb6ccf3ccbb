import { formRules, firstError } from '@store/contract/forms/rules';
import { formMessages } from '@store/contract/messages';
import { subscriptionMessages } from '@store/contract/orders/messages';
import type { SubscriptionInput, Weekday } from '@store/contract/orders/subscriptions';
// Not from .../subscriptions: that file's schemas would bring zod into the first page.
import { weekdays as allWeekdays } from '@store/contract/orders/weekdays';
import type { CartInput } from '@store/contract/catalog/cart';

/**
 * The subscription's pure rules (commerce-and-loyalty sections 4 and 5), free of React and
 * storage: which half-hour slots fit every chosen weekday, the form's checks ('a subscription
 * needs at least one weekday, a time slot must be selected, a payment method must be chosen',
 * plus the delivery ones) and the body of `POST v5/places/{uid}/subscriptions/`.
 */

export const WEEKDAYS = allWeekdays;
export const SLOT_MINUTES = 30;

type Hours = { from: string; to: string } | null;
export type Timetable = { monday: Hours; saturday: Hours; sunday: Hours };

/** A place's hours on a weekday: Monday's serve Monday to Friday (as the server and the pickup schedule). */
export function hoursOn(timetable: Timetable, day: Weekday): Hours {
  if (day === 'sunday') return timetable.sunday;
  if (day === 'saturday') return timetable.saturday;
  return timetable.monday;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fromMinutes = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** Weekdays the place opens. */
export function openWeekdays(timetable: Timetable): Weekday[] {
  return WEEKDAYS.filter((day) => hoursOn(timetable, day) !== null);
}

/**
 * The half-hour slots that lie within the hours of every chosen day and start on a half hour
 * from each day's opening, as the server requires. No day chosen (or a closed one): none.
 */
export function subscriptionSlots(
  timetable: Timetable,
  days: readonly Weekday[],
): { start: string; end: string }[] {
  if (days.length === 0) return [];
  const ranges: { open: number; close: number }[] = [];
  for (const day of days) {
    const hours = hoursOn(timetable, day);
    if (!hours) return [];
    const open = toMinutes(hours.from);
    const close = toMinutes(hours.to) <= open ? 24 * 60 : toMinutes(hours.to);
    ranges.push({ open, close });
  }
  const first = Math.max(...ranges.map((r) => r.open));
  const last = Math.min(...ranges.map((r) => r.close));
  const slots: { start: string; end: string }[] = [];
  for (let start = first; start + SLOT_MINUTES <= last; start++) {
    if (ranges.every((r) => (start - r.open) % SLOT_MINUTES === 0))
      slots.push({ start: fromMinutes(start), end: fromMinutes(start + SLOT_MINUTES) });
  }
  return slots;
}

/** Weekdays in calendar order, each once. */
export function sortWeekdays(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}

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

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

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
    set(
      'latitude',
      firstError(values.latitude, formRules.required, formRules.numeric) ??
        (isNumber(values.latitude) && Math.abs(Number(values.latitude)) > 90
          ? formMessages.positiveNumber
          : undefined),
    );
    set(
      'longitude',
      firstError(values.longitude, formRules.required, formRules.numeric) ??
        (isNumber(values.longitude) && Math.abs(Number(values.longitude)) > 180
          ? formMessages.positiveNumber
          : undefined),
    );
  }
  set('payment_method', formRules.required(values.payment_method));
  return errors;
}

/** The body of `POST v5/places/{uid}/subscriptions/`. */
export function buildSubscriptionBody(
  values: SubscriptionValues,
  products: CartInput['products'],
): SubscriptionInput {
  const start = values.slot;
  const end = fromMinutes(toMinutes(start) + SLOT_MINUTES);
  const body: SubscriptionInput = {
    products,
    weekdays: sortWeekdays(values.weekdays),
    time_slot: { start, end },
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

/** Keys of every stored subscription cart (`cartSubscription{placeUid}`): all are cleared after a subscription. */
export function subscriptionCartKeys(keys: readonly string[]): string[] {
  return keys.filter(
    (key) => key.startsWith('cartSubscription') && key.length > 'cartSubscription'.length,
  );
}

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

/** Lima time, as the server plans the orders (a fixed UTC-5, no daylight saving). */
const LIMA_OFFSET_MINUTES = -5 * 60;
/** The server makes a day's order until 30 minutes before its slot; later, the next chosen day serves. */
const LAST_CALL_MINUTES = 30;
const weekdayOfUtcDay: Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** The date ("YYYY-MM-DD", Lima) of a subscription's next delivery, or null without weekdays. */
export function nextDeliveryDate(
  days: readonly Weekday[],
  slotStart: string,
  now: Date,
): string | null {
  if (days.length === 0) return null;
  const local = new Date(now.getTime() + LIMA_OFFSET_MINUTES * 60_000);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  for (let offset = 0; offset <= 7; offset++) {
    const day = new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + offset),
    );
    if (!days.includes(weekdayOfUtcDay[day.getUTCDay()])) continue;
    if (offset === 0 && minute > toMinutes(slotStart) - LAST_CALL_MINUTES) continue;
    return day.toISOString().slice(0, 10);
  }
  return null;
}
