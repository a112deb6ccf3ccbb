import type { CompanyEvent } from '@store/contract/loyalty/events';
import { formatDay, type DateOptions } from '../../lib/format';

type EventTimes = Pick<CompanyEvent, 'start_date' | 'start_time' | 'end_date' | 'end_time'>;

/** Events by start date, then start time; an all-day event (no time) first on its day, as the server orders them. */
export function compareEvents(
  a: Pick<EventTimes, 'start_date' | 'start_time'>,
  b: Pick<EventTimes, 'start_date' | 'start_time'>,
): number {
  if (a.start_date !== b.start_date) return a.start_date < b.start_date ? -1 : 1;
  const at = a.start_time ?? '';
  const bt = b.start_time ?? '';
  return at === bt ? 0 : at < bt ? -1 : 1;
}

/** '21:00' from '21:00:00' or '21:00'. */
export const shortTime = (time: string) => time.slice(0, 5);

/** The time span of an event: null for an all-day one; '21:00 – 23:59' or just the start. */
export function eventTimeRange(event: Pick<EventTimes, 'start_time' | 'end_time'>): string | null {
  if (!event.start_time) return null;
  return event.end_time
    ? `${shortTime(event.start_time)} – ${shortTime(event.end_time)}`
    : shortTime(event.start_time);
}

/** A calendar date (YYYY-MM-DD) formatted without moving it through a time zone. */
export function formatEventDate(
  date: string,
  language: string,
  options: DateOptions = { dateStyle: 'full' },
): string {
  return formatDay(date, language, options);
}

/** Only http(s) links of the tenant file become buttons (a `javascript:` one never does). */
export function safeEventLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
