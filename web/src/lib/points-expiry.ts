import { formatDay } from './format';

/**
 * The day points expire, as the server gives it ('YYYY-MM-DD', a Lima calendar
 * day): that very day whatever the device's time zone, in the app's language.
 */
export function formatExpiryDate(date: string, language: string): string {
  return formatDay(date, language, { day: 'numeric', month: 'long', year: 'numeric' });
}
