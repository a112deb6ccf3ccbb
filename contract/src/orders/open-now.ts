import { addDays, hhmmOf, minutesOf, storeMoment, weekdayOf } from '../time/store-clock';
import { nextOpening, openRange, shiftsOnDate, type AnyHours } from './opening-hours';
import type { Weekday } from './weekdays';

/**
 * Whether a place's opening hours have it open at an instant, on the store clock: within one of
 * today's shifts, or still within yesterday's last when it runs past midnight. Zod-free, as the
 * web's first page may use it.
 */
export function isOpenAt(hours: AnyHours, now: Date): boolean {
  const today = storeMoment(now);
  for (const shift of shiftsOnDate(hours, today.date)) {
    const { open, close } = openRange(shift);
    if (today.minute >= open && today.minute < close) return true;
  }
  return shiftsOnDate(hours, addDays(today.date, -1)).some(
    (s) => minutesOf(s.to) <= minutesOf(s.from) && today.minute < minutesOf(s.to),
  );
}

/**
 * When a closed place opens again, as the checkout says it ("Cerrado ahora, abre a las 07:00",
 * with the day when it is not today): the store day of its next opening (`today`, `tomorrow` or
 * the weekday) and its store time. `null` while the place is open; `{ day: null }` when it does
 * not open within the three weeks `nextOpening` looks at. Issue 36 row 5.
 */
export type ClosedNow = { day: 'today' | 'tomorrow' | Weekday; time: string } | { day: null };

export function closedNow(hours: AnyHours, now: Date): ClosedNow | null {
  if (isOpenAt(hours, now)) return null;
  const opens = nextOpening(hours, now);
  if (!opens) return { day: null };
  const today = storeMoment(now).date;
  const at = storeMoment(opens);
  const day =
    at.date === today ? 'today' : at.date === addDays(today, 1) ? 'tomorrow' : weekdayOf(at.date);
  return { day, time: hhmmOf(at.minute) };
}
