import { weekdays, type Weekday } from './weekdays';
import {
  addDays,
  hhmmOf,
  minutesOf,
  storeMoment,
  weekdayOf,
  type StoreDate,
} from '../time/store-clock';

/**
 * When a place is open and which pickup slots it offers (commerce-and-loyalty sections 4 and 5),
 * the one copy the server enforces and the web offers. Times are the store clock's
 * (../time/store-clock). Zod-free so the web's first page can use it.
 */

/** A day's hours, "HH:MM" wall times; `to` at or before `from` means open past midnight. */
export type Hours = { from: string; to: string } | null;
/** A place's timetable: Monday's hours serve Monday to Friday, Saturday and Sunday their own. */
export type Timetable = { monday: Hours; saturday: Hours; sunday: Hours };
export type Slot = { start: string; end: string };

/** Slots are half hours from each day's opening. */
export const SLOT_MINUTES = 30;
/** A pickup slot can be chosen until this long before it starts (the store needs to prepare it). */
export const PICKUP_LEAD_MINUTES = 30;

/** A place's hours on a weekday. */
export function hoursOn(timetable: Timetable, day: Weekday): Hours {
  if (day === 'sunday') return timetable.sunday;
  if (day === 'saturday') return timetable.saturday;
  return timetable.monday;
}

/** Weekdays the place opens, in calendar order. */
export function openWeekdays(timetable: Timetable): Weekday[] {
  return weekdays.filter((day) => hoursOn(timetable, day) !== null);
}

/**
 * Opening and closing of a day's hours in minutes since midnight; a place open past midnight
 * offers slots until the end of the day (close 1440).
 */
export function openRange(hours: NonNullable<Hours>): { open: number; close: number } {
  const open = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  return { open, close: to <= open ? 24 * 60 : to };
}

/** The day's half-hour slots, from opening to the last that ends by closing. */
export function slotsOf(hours: Hours): Slot[] {
  if (!hours) return [];
  const { open, close } = openRange(hours);
  const slots: Slot[] = [];
  for (let start = open; start + SLOT_MINUTES <= close; start += SLOT_MINUTES)
    slots.push({ start: hhmmOf(start), end: hhmmOf(start + SLOT_MINUTES) });
  return slots;
}

/** Whether a slot is one of the day's: half an hour, within the hours, on a half hour from opening. */
export function slotFits(hours: Hours, slot: Slot): boolean {
  if (!hours) return false;
  const { open, close } = openRange(hours);
  const start = minutesOf(slot.start);
  const end = minutesOf(slot.end);
  return (
    end === start + SLOT_MINUTES &&
    start >= open &&
    end <= close &&
    (start - open) % SLOT_MINUTES === 0
  );
}

/**
 * Pickup slots of the coming `days` store days from today (on the store clock at `now`): today's
 * start at least PICKUP_LEAD_MINUTES from now; days without slots are left out.
 */
export function pickupDays(
  timetable: Timetable,
  now: Date,
  days: number,
): { date: StoreDate; slots: Slot[] }[] {
  const today = storeMoment(now);
  const result: { date: StoreDate; slots: Slot[] }[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays(today.date, d);
    const earliest = d === 0 ? today.minute + PICKUP_LEAD_MINUTES : 0;
    const slots = slotsOf(hoursOn(timetable, weekdayOf(date))).filter(
      (s) => minutesOf(s.start) >= earliest,
    );
    if (slots.length) result.push({ date, slots });
  }
  return result;
}

/** How far ahead a pickup may be ordered, in store days from today. */
export const PICKUP_DAYS_AHEAD = 14;

/**
 * The offered slot of a pickup date and start, or null when it is not (or no longer) offered:
 * one of `pickupDays(timetable, now, PICKUP_DAYS_AHEAD)`'s, found without listing the two weeks'
 * slots (every order checks one).
 */
export function offeredPickupSlot(
  timetable: Timetable,
  now: Date,
  pickup: { date: string; start: string },
): (Slot & { date: StoreDate }) | null {
  const today = storeMoment(now);
  for (let d = 0; d < PICKUP_DAYS_AHEAD; d++) {
    const date = addDays(today.date, d);
    if (date !== pickup.date) continue;
    const start = minutesOf(pickup.start);
    const slot = { start: hhmmOf(start), end: hhmmOf(start + SLOT_MINUTES) };
    const earliest = d === 0 ? today.minute + PICKUP_LEAD_MINUTES : 0;
    const offered =
      slot.start === pickup.start &&
      start >= earliest &&
      slotFits(hoursOn(timetable, weekdayOf(date)), slot);
    return offered ? { date, ...slot } : null;
  }
  return null;
}

/**
 * The half-hour slots that fit the hours of every chosen weekday (a subscription's one slot
 * serves all its days). No day chosen, or a closed one: none.
 */
export function subscriptionSlots(timetable: Timetable, days: readonly Weekday[]): Slot[] {
  if (days.length === 0) return [];
  const hours = days.map((day) => hoursOn(timetable, day));
  if (hours.some((h) => !h)) return [];
  const ranges = hours.map((h) => openRange(h!));
  const first = Math.max(...ranges.map((r) => r.open));
  const last = Math.min(...ranges.map((r) => r.close));
  const slots: Slot[] = [];
  for (let start = first; start + SLOT_MINUTES <= last; start++) {
    const slot = { start: hhmmOf(start), end: hhmmOf(start + SLOT_MINUTES) };
    if (hours.every((h) => slotFits(h, slot))) slots.push(slot);
  }
  return slots;
}

/** The slot starting at "HH:MM". */
export function slotStartingAt(start: string): Slot {
  return { start, end: hhmmOf(minutesOf(start) + SLOT_MINUTES) };
}

/**
 * Whether a subscription's day at `slotStart` can still be ordered at minute `minute` of that
 * store day: until the pickup lead before the slot, as for any pickup. Later the day is missed.
 */
export function stillOrderable(slotStart: string, minute: number): boolean {
  return minute <= minutesOf(slotStart) - PICKUP_LEAD_MINUTES;
}

/** The store date of a subscription's next delivery (within a week), or null without weekdays. */
export function nextDeliveryDate(
  days: readonly Weekday[],
  slotStart: string,
  now: Date,
): StoreDate | null {
  if (days.length === 0) return null;
  const today = storeMoment(now);
  for (let offset = 0; offset <= 7; offset++) {
    const date = addDays(today.date, offset);
    if (!days.includes(weekdayOf(date))) continue;
    if (offset === 0 && !stillOrderable(slotStart, today.minute)) continue;
    return date;
  }
  return null;
}
