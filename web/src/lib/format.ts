import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY_SYMBOL } from '@store/contract/constants';
import { STORE_TIME_ZONE } from '@store/contract/time/store-clock';

/**
 * Every date, time, weekday and number the app shows goes through here, in the language the app
 * is set to (i18next's), never the browser's: Intl called with `undefined` or `navigator.language`
 * would write 'Tuesday, November 24' on a Spanish screen in an English browser. Instants are read
 * on the store's clock (Lima), store calendar days ('YYYY-MM-DD') as that very day. Plain Intl,
 * no library, so the store front's first page stays small.
 */

/** The Intl locale of an app language: Peru's Spanish, and US English. */
export function localeOf(language: string | undefined): string {
  return language?.startsWith('en') ? 'en-US' : 'es-PE';
}

// Building an Intl formatter costs far more than using one; lists format many rows.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, fractionDigits: number | null): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      fractionDigits === null
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    numberFormats.set(key, format);
  }
  return format;
}

export type DateOptions = Omit<Intl.DateTimeFormatOptions, 'timeZone'>;

/** An instant (ISO string, Date or epoch ms) as the store's clock reads it. */
export function formatInstant(
  instant: string | number | Date,
  language: string,
  options: DateOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return dateFormat(localeOf(language), { ...options, timeZone: STORE_TIME_ZONE }).format(date);
}

/**
 * A store calendar day ('YYYY-MM-DD': pickup dates, service days, expiry days) as that day,
 * whatever the device's time zone: read and written at noon UTC.
 */
export function formatDay(
  day: string,
  language: string,
  options: DateOptions = { dateStyle: 'long' },
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const noon = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return dateFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(noon);
}

/** A count (points, coins, stamps) with the language's digit grouping. */
export function formatNumber(value: number, language: string): string {
  return numberFormat(localeOf(language), null).format(value);
}

/** A price: the currency symbol (S/. by default) and the amount with 2 decimals. */
export function formatMoney(value: string | number, language: string, symbol?: string | null) {
  const amount = typeof value === 'number' ? value : Number(value);
  const digits = numberFormat(localeOf(language), 2).format(Number.isFinite(amount) ? amount : 0);
  return `${symbol || DEFAULT_CURRENCY_SYMBOL} ${digits}`;
}

/** The formatters bound to the app's current language; components re-render when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      language,
      instant: (instant: string | number | Date, options?: DateOptions) =>
        formatInstant(instant, language, options),
      day: (day: string, options?: DateOptions) => formatDay(day, language, options),
      number: (value: number) => formatNumber(value, language),
    }),
    [language],
  );
}
