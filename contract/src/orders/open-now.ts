import { addDays, minutesOf, storeMoment, weekdayOf } from '../time/store-clock';
import { hoursOn, openRange, type Timetable } from './opening-hours';

/**
 * Whether a place's timetable has it open at an instant, on the store clock: within today's
 * hours, or still within yesterday's when those run past midnight. Zod-free, as the web's
 * first page may use it.
 */
export function isOpenAt(timetable: Timetable, now: Date): boolean {
  const today = storeMoment(now);
  const hours = hoursOn(timetable, today.weekday);
  if (hours) {
    const { open, close } = openRange(hours);
    if (today.minute >= open && today.minute < close) return true;
  }
  const yesterday = hoursOn(timetable, weekdayOf(addDays(today.date, -1)));
  if (yesterday && minutesOf(yesterday.to) <= minutesOf(yesterday.from))
    return today.minute < minutesOf(yesterday.to);
  return false;
}
