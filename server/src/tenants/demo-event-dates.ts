import { addDays, daysBetween, type StoreDate } from '@store/contract';

/**
 * The day the demo files' event dates were written for as "tomorrow". The demo events are moved
 * by the days between that and the seed's own tomorrow, so a demo seeded any day shows them
 * coming (its first events the next day, its festival a week later) instead of dated 2026 and
 * past. Tomorrow rather than today: a database seeded before the store's midnight and opened
 * after it (a test suite's template) still shows them as coming or today's.
 */
const WRITTEN_AS_TOMORROW: StoreDate = '2026-12-04';

type DemoEvent = { start_date?: StoreDate; end_date?: StoreDate | null };

/** The demo file with its events' dates moved to be as near `seedDay` as written. */
export function withDemoEventDates<T extends { events?: DemoEvent[] }>(
  file: T,
  seedDay: StoreDate,
): T {
  if (!file.events?.length) return file;
  const shift = daysBetween(WRITTEN_AS_TOMORROW, addDays(seedDay, 1));
  const moved = (day: StoreDate) => addDays(day, shift);
  return {
    ...file,
    events: file.events.map((event) => ({
      ...event,
      ...(event.start_date ? { start_date: moved(event.start_date) } : {}),
      ...(event.end_date ? { end_date: moved(event.end_date) } : {}),
    })),
  };
}
