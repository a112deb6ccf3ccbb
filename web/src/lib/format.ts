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

/**
 * A number grouped by thousands with a comma and a decimal point, as Intl writes it for both of
 * the app's locales (es-PE and en-US), rounded half away from zero on its shortest decimal form
 * as Intl rounds: 2 decimals, or up to 2 with `fractionDigits` null. Written out rather than
 * asked of Intl because the first Intl.NumberFormat loads ICU's number data, about 20 ms of a
 * product list's first render (160 ms of blocking time on a phone 8x slower; bench/RESULTS.md,
 * 2026-12-02). Values of 10^13 and past, NaN, and those whose shortest form has an exponent
 * (below 10^-6) go to Intl.
 */
function groupedDecimal(value: number, fractionDigits: 2 | null): string | undefined {
  const magnitude = Math.abs(value);
  const shortest = String(magnitude);
  if (!(magnitude < 1e13) || shortest.includes('e')) return undefined;
  // Rounded on the decimal text, as Intl does: 1.005 -> 1.01 (1.005 * 100 is 100.4999...) and
  // 1982.5049999999999 -> 1982.50 (its text times 100 is the double 198250.5).
  const [integer, decimals = ''] = shortest.split('.');
  const digits = decimals.padEnd(3, '0');
  const hundredths = Number(integer + digits.slice(0, 2)) + (digits[2] >= '5' ? 1 : 0);
  const whole = Math.floor(hundredths / 100);
  let fraction = String(hundredths % 100).padStart(2, '0');
  if (fractionDigits === null) fraction = fraction.replace(/0+$/, '');
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
  // Intl keeps the sign of a negative that rounds to zero ('-0.00'), and of -0.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
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

function formatDecimal(value: number, language: string, fractionDigits: 2 | null): string {
  return (
    groupedDecimal(value, fractionDigits) ??
    numberFormat(localeOf(language), fractionDigits).format(value)
  );
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
  return formatDecimal(value, language, null);
}

/** A price: the currency symbol (S/ by default) and the amount with 2 decimals. */
export function formatMoney(value: string | number, language: string, symbol?: string | null) {
  const amount = typeof value === 'number' ? value : Number(value);
  const digits = formatDecimal(Number.isFinite(amount) ? amount : 0, language, 2);
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
