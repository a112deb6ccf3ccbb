/**
 * The day points expire, as the server gives it ('YYYY-MM-DD', a Lima calendar
 * day): read and written in UTC so no browser time zone moves it a day.
 */
export function formatExpiryDate(date: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toLocaleDateString(language === 'en' ? 'en-US' : 'es-PE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
