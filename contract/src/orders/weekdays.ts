// Zod-free, so the web's first page (its cart keeps the subscription cart too) can use it
// without pulling the zod runtime into the entry chunk.
export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

/** Weekdays in calendar order, each once (how a subscription's days are kept and shown). */
export function sortWeekdays(days: readonly Weekday[]): Weekday[] {
  return weekdays.filter((day) => days.includes(day));
}
