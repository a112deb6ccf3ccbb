import { weekdays, type Weekday } from './weekdays';
import {
  addDays,
  hhmmOf,
  minutesOf,
  storeInstant,
  storeMoment,
  weekdayOf,
  type StoreDate,
} from '../time/store-clock';

/**
 * When a place is open and which pickup slots it offers (commerce-and-loyalty sections 4 and 5),
 * the one copy the server enforces and the web offers. Times are the store clock's
 * (../time/store-clock). Zod-free so the web's first page can use it.
 */

/** One shift of a day, "HH:MM" wall times; `to` at or before `from` means open past midnight. */
export type Shift = { from: string; to: string };
export type Slot = { start: string; end: string };
/** A day's hours in the spec's one-range form (commerce-and-loyalty: the place's timetable). */
export type Hours = Shift | null;
/**
 * A place's opening hours as stores have them (issue 36 row 6): each weekday its own shifts
 * (none: closed; two for a split day, 12:00-15:00 and 19:00-23:00), and dated closures
 * (holidays) on which the place does not open at all.
 */
export type OpeningHours = {
  days: Record<Weekday, Shift[]>;
  closures: { date: StoreDate; note: string }[];
  extra_note: string;
};
/**
 * The spec's timetable answer: Monday's hours serve Monday to Friday, Saturday and Sunday their
 * own, one range each. Derived from the opening hours for the shopper screens that read it
 * (specTimetableOf); rows written before issue 36 still hold it (openingHoursOf reads both).
 */
export type Timetable = { monday: Hours; saturday: Hours; sunday: Hours; extra_note?: string };

/** Either stored form; every function below reads both (openingHoursOf). */
export type AnyHours = OpeningHours | Timetable;

/** Up to this many shifts a day. */
export const MAX_SHIFTS = 3;

/** Slots are half hours from each shift's opening. */
export const SLOT_MINUTES = 30;
/** A pickup slot can be chosen until this long before it starts (the store needs to prepare it). */
export const PICKUP_LEAD_MINUTES = 30;

const weekdayShifts = (day: Weekday, t: Timetable): Shift[] => {
  const h = day === 'sunday' ? t.sunday : day === 'saturday' ? t.saturday : t.monday;
  return h ? [{ from: h.from, to: h.to }] : [];
};

/**
 * The opening hours of a stored timetable, whichever form it has: the opening hours themselves,
 * or the spec's timetable (rows and tenant files from before issue 36), read as Monday's hours
 * on every weekday.
 */
export function openingHoursOf(stored: OpeningHours | Timetable): OpeningHours {
  if ('days' in stored) return stored;
  const days = Object.fromEntries(
    weekdays.map((day) => [day, weekdayShifts(day, stored)]),
  ) as Record<Weekday, Shift[]>;
  return { days, closures: [], extra_note: stored.extra_note ?? '' };
}

/** Closed on every day: what a new place starts with. */
export function closedHours(): OpeningHours {
  return openingHoursOf({ monday: null, saturday: null, sunday: null, extra_note: '' });
}

/** A day's shifts from either form: a list, or the spec's one range (null closed). */
const shiftList = (shifts: Shift[] | Hours): Shift[] =>
  shifts === null ? [] : Array.isArray(shifts) ? shifts : [shifts];

/** A day's span from its first shift's opening to its last shift's closing, or null closed. */
function spanOf(shifts: Shift[]): Hours {
  if (!shifts.length) return null;
  return { from: shifts[0].from, to: shifts[shifts.length - 1].to };
}

/**
 * The spec's timetable from the opening hours: Monday to Friday answer with the first of them
 * that opens (a café closed on Mondays still shows its weekday hours), each day as the span
 * from its first opening to its last closing; the split and the closures go in the note.
 */
export function specTimetableOf(hours: AnyHours): Required<Timetable> {
  hours = openingHoursOf(hours);
  const weekday = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).find(
    (d) => hours.days[d].length,
  );
  return {
    monday: weekday ? spanOf(hours.days[weekday]) : null,
    saturday: spanOf(hours.days.saturday),
    sunday: spanOf(hours.days.sunday),
    extra_note: hours.extra_note,
  };
}

/** A place's shifts on a weekday, dated closures aside. */
export function hoursOn(hours: AnyHours, day: Weekday): Shift[] {
  hours = openingHoursOf(hours);
  return hours.days[day];
}

/** A place's shifts on a store date: none on a closure. */
export function shiftsOnDate(hours: AnyHours, date: StoreDate): Shift[] {
  hours = openingHoursOf(hours);
  if (hours.closures.some((c) => c.date === date)) return [];
  return hours.days[weekdayOf(date)];
}

/** Weekdays the place opens, in calendar order. */
export function openWeekdays(hours: AnyHours): Weekday[] {
  hours = openingHoursOf(hours);
  return weekdays.filter((day) => hoursOn(hours, day).length > 0);
}

/**
 * Opening and closing of a shift in minutes since midnight; a shift open past midnight offers
 * slots until the end of the day (close 1440).
 */
export function openRange(shift: Shift): { open: number; close: number } {
  const open = minutesOf(shift.from);
  const to = minutesOf(shift.to);
  return { open, close: to <= open ? 24 * 60 : to };
}

/** The day's half-hour slots: each shift's, from its opening to the last that ends by its closing. */
export function slotsOf(shifts: Shift[] | Hours): Slot[] {
  const slots: Slot[] = [];
  for (const shift of shiftList(shifts)) {
    const { open, close } = openRange(shift);
    for (let start = open; start + SLOT_MINUTES <= close; start += SLOT_MINUTES)
      slots.push({ start: hhmmOf(start), end: hhmmOf(start + SLOT_MINUTES) });
  }
  return slots.sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
}

/** Whether a slot is one of the day's: half an hour within a shift, on a half hour from its opening. */
export function slotFits(shifts: Shift[] | Hours, slot: Slot): boolean {
  const start = minutesOf(slot.start);
  const end = minutesOf(slot.end);
  return shiftList(shifts).some((shift) => {
    const { open, close } = openRange(shift);
    return (
      end === start + SLOT_MINUTES &&
      start >= open &&
      end <= close &&
      (start - open) % SLOT_MINUTES === 0
    );
  });
}

/**
 * Pickup slots of the coming `days` store days from today (on the store clock at `now`): today's
 * start at least PICKUP_LEAD_MINUTES from now; days without slots (closed, a closure) are left out.
 */
export function pickupDays(
  hours: AnyHours,
  now: Date,
  days: number,
): { date: StoreDate; slots: Slot[] }[] {
  hours = openingHoursOf(hours);
  const today = storeMoment(now);
  const result: { date: StoreDate; slots: Slot[] }[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays(today.date, d);
    const earliest = d === 0 ? today.minute + PICKUP_LEAD_MINUTES : 0;
    const slots = slotsOf(shiftsOnDate(hours, date)).filter((s) => minutesOf(s.start) >= earliest);
    if (slots.length) result.push({ date, slots });
  }
  return result;
}

/** How far ahead a pickup may be ordered, in store days from today. */
export const PICKUP_DAYS_AHEAD = 14;

/**
 * The offered slot of a pickup date and start, or null when it is not (or no longer) offered:
 * one of `pickupDays(hours, now, PICKUP_DAYS_AHEAD)`'s, found without listing the two weeks'
 * slots (every order checks one).
 */
export function offeredPickupSlot(
  hours: AnyHours,
  now: Date,
  pickup: { date: string; start: string },
): (Slot & { date: StoreDate }) | null {
  hours = openingHoursOf(hours);
  const today = storeMoment(now);
  for (let d = 0; d < PICKUP_DAYS_AHEAD; d++) {
    const date = addDays(today.date, d);
    if (date !== pickup.date) continue;
    const start = minutesOf(pickup.start);
    const slot = { start: hhmmOf(start), end: hhmmOf(start + SLOT_MINUTES) };
    const earliest = d === 0 ? today.minute + PICKUP_LEAD_MINUTES : 0;
    const offered =
      slot.start === pickup.start && start >= earliest && slotFits(shiftsOnDate(hours, date), slot);
    return offered ? { date, ...slot } : null;
  }
  return null;
}

/**
 * The half-hour slots that fit the shifts of every chosen weekday (a subscription's one slot
 * serves all its days). No day chosen, or a closed one: none.
 */
export function subscriptionSlots(hours: AnyHours, days: readonly Weekday[]): Slot[] {
  hours = openingHoursOf(hours);
  if (days.length === 0) return [];
  const shifts = days.map((day) => hoursOn(hours, day));
  if (shifts.some((s) => !s.length)) return [];
  const slots: Slot[] = [];
  for (let start = 0; start + SLOT_MINUTES <= 24 * 60; start++) {
    const slot = { start: hhmmOf(start), end: hhmmOf(start + SLOT_MINUTES) };
    if (shifts.every((s) => slotFits(s, slot))) slots.push(slot);
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

/** How far ahead the open-time helpers look for an opening (a place closed longer is "closed"). */
const LOOK_AHEAD_DAYS = 21;

/**
 * The open stretches of the coming days from `now` on, as store instants [start, end), in order:
 * each shift of each date (closures left out), a shift past midnight ending the next day.
 */
function openStretches(hours: AnyHours, now: Date): { start: Date; end: Date }[] {
  hours = openingHoursOf(hours);
  const today = storeMoment(now).date;
  const out: { start: Date; end: Date }[] = [];
  for (let d = -1; d < LOOK_AHEAD_DAYS; d++) {
    const date = addDays(today, d);
    for (const shift of shiftsOnDate(hours, date)) {
      const open = minutesOf(shift.from);
      const to = minutesOf(shift.to);
      const start = storeInstant(date, open);
      const end = to <= open ? storeInstant(addDays(date, 1), to) : storeInstant(date, to);
      if (end > now) out.push({ start, end });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * When the place next opens after `now` (now itself when open), or null when it does not within
 * three weeks. The checkout's "Cerrado ahora, abre a las 07:00".
 */
export function nextOpening(hours: AnyHours, now: Date): Date | null {
  const first = openStretches(hours, now)[0];
  if (!first) return null;
  return first.start > now ? first.start : now;
}

/**
 * The instant `minutes` minutes of the place's open time after `from` (closed hours, nights and
 * closures do not count), or null when its hours do not hold that much in three weeks. The
 * acceptance limit of an order (issue 36 row 5).
 */
export function addOpenMinutes(hours: AnyHours, from: Date, minutes: number): Date | null {
  let left = minutes * 60_000;
  for (const { start, end } of openStretches(hours, from)) {
    const begin = start > from ? start : from;
    const length = end.getTime() - begin.getTime();
    if (length >= left) return new Date(begin.getTime() + left);
    left -= length;
  }
  return null;
}

/**
 * When the store must have accepted an order placed at `placedAt` (its `accept_by`; issue 36 row
 * 5), or null when it never expires (`minutes` 0). The tenant's acceptance minutes count only
 * the place's open time, so an order placed at night waits for the morning. A pickup is also due
 * by the end of its slot: the buyer is gone by then (its start would leave nothing when the slot
 * is the first of the morning). A place without an opening in three weeks falls back to
 * wall-clock minutes, the rule before.
 */
export function acceptanceLimit(
  hours: AnyHours,
  placedAt: Date,
  minutes: number,
  pickup: { date: StoreDate; start: string; end: string } | null,
): Date | null {
  if (minutes <= 0) return null;
  const open =
    addOpenMinutes(hours, placedAt, minutes) ?? new Date(placedAt.getTime() + minutes * 60_000);
  if (!pickup) return open;
  const start = minutesOf(pickup.start);
  const end = minutesOf(pickup.end);
  // A last slot ending at midnight (23:30-00:00) ends the next day.
  const slotEnd =
    end <= start ? storeInstant(addDays(pickup.date, 1), end) : storeInstant(pickup.date, end);
  return slotEnd < open ? slotEnd : open;
}
