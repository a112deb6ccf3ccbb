import { DEFAULT_DIAL_CODE } from '@store/contract/constants';
import type { Country } from '@store/contract/countries';

/** Dial codes of the embedded country list, once each, in the list's order (+51 first-class default). */
export function dialCodeOptions(countries: readonly Country[]): { value: string; label: string }[] {
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  for (const country of countries) {
    if (seen.has(country.dial_code)) continue;
    seen.add(country.dial_code);
    out.push({ value: country.dial_code, label: country.dial_code });
  }
  return out;
}

/** The number as sent: dial code + digits of the typed number ('987 654 321' -> '+51987654321'); '' when nothing typed. */
export function withDialCode(
  dialCode: string | null | undefined,
  number: string | null | undefined,
): string {
  const digits = (number ?? '').replace(/[\s\-()]/g, '');
  if (!digits) return '';
  if (digits.startsWith('+')) return digits;
  return `${dialCode || DEFAULT_DIAL_CODE}${digits}`;
}

/**
 * Splits a stored number (+51987654321) into its dial code (longest known match) and the rest,
 * for forms that edit them apart. Unknown codes keep the default and the whole number.
 */
export function splitDialCode(
  mobile: string | null | undefined,
  countries: readonly Country[],
  fallback: string = DEFAULT_DIAL_CODE,
): { dialCode: string; number: string } {
  if (!mobile) return { dialCode: fallback, number: '' };
  let best = '';
  for (const c of countries)
    if (mobile.startsWith(c.dial_code) && c.dial_code.length > best.length) best = c.dial_code;
  return best
    ? { dialCode: best, number: mobile.slice(best.length) }
    : { dialCode: fallback, number: mobile.replace(/^\+/, '') };
}
