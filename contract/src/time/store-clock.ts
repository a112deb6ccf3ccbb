import type { Weekday } from '../orders/weekdays';

/**
 * The store clock: every store-local date, weekday and time of day (timetables, pickup slots,
 * service days of subscriptions, report days, points expiry dates) is read on this clock, on the
 * server and on the web alike, whatever the machine's or the device's time zone.
 *
 * Offsets come from the platform's time zone database (Intl, ICU in Node and in browsers), not
 * from a written-down UTC-5: Peru keeps no daylight saving today, but a change would reach us
 * with the runtime's tz data instead of as a code change. Zod-free and dependency-free, so the
 * web's first page can use it.
 */
export const STORE_TIME_ZONE = 'America/Lima';

/** A store-local calendar date, "YYYY-MM-DD". */
export type StoreDate = string;

/** What the store clock reads at an instant. */
export type StoreMoment = {
  date: StoreDate;
  weekday: Weekday;
  /** Minutes since the store-local midnight (0..1439). */
  minute: number;
  year: number;
  /** 1..12 */
  month: number;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const weekdayOfUtcDay: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

let parts: Intl.DateTimeFormat | undefined;
/** One formatter for the process (building one costs far more than using it). */
function storeParts(): Intl.DateTimeFormat {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: STORE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return parts;
}

/** The store's offset from UTC at an instant, in minutes (Lima: -300). */
export function storeOffsetMinutes(instant: Date): number {
  const p: Record<string, number> = {};
  for (const { type, value } of storeParts().formatToParts(instant))
    if (type !== 'literal') p[type] = Number(value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const exact = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wall - exact) / MINUTE_MS);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The store-local date, weekday and minute of the day of an instant. */
export function storeMoment(instant: Date): StoreMoment {
  const wall = new Date(instant.getTime() + storeOffsetMinutes(instant) * MINUTE_MS);
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    weekday: weekdayOfUtcDay[wall.getUTCDay()],
    minute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
  };
}

/** The store-local date of an instant ("YYYY-MM-DD"). */
export function storeDateOf(instant: Date): StoreDate {
  return storeMoment(instant).date;
}

const wallMs = (date: StoreDate) => Date.parse(`${date}T00:00:00Z`);

/** The weekday of a store-local date. */
export function weekdayOf(date: StoreDate): Weekday {
  return weekdayOfUtcDay[new Date(wallMs(date)).getUTCDay()];
}

/** A calendar date moved by whole days ("2026-02-28" + 1 = "2026-03-01"). */
export function addDays(date: StoreDate, days: number): StoreDate {
  return new Date(wallMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another (negative when `to` is earlier): addDays' inverse. */
export function daysBetween(from: StoreDate, to: StoreDate): number {
  return Math.round((wallMs(to) - wallMs(from)) / DAY_MS);
}

/**
 * The instant the store clock reads `minute` minutes after the midnight of `date` (minute may
 * pass 1440: the next day's). Resolved against the offset in force then, twice, so a change of
 * offset between UTC midnight and the wall time is honoured.
 */
export function storeInstant(date: StoreDate, minute = 0): Date {
  const wall = wallMs(date) + minute * MINUTE_MS;
  let guess = wall - storeOffsetMinutes(new Date(wall)) * MINUTE_MS;
  guess = wall - storeOffsetMinutes(new Date(guess)) * MINUTE_MS;
  return new Date(guess);
}

/** The first instant of a store day. */
export function storeDayStart(date: StoreDate): Date {
  return storeInstant(date, 0);
}

/** The first instant after a store day (the next day's start): days are [start, end). */
export function storeDayEnd(date: StoreDate): Date {
  return storeDayStart(addDays(date, 1));
}

/** "HH:MM" as minutes since midnight. */
export function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Minutes since midnight as "HH:MM" (24:00 for the end of the day). */
export function hhmmOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
