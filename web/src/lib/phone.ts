import { DEFAULT_DIAL_CODE } from '@store/contract/constants';
import type { Country } from '@store/contract/countries';

/**
 * One option per dial code, in numeric order, labelled with the countries that share it in the
 * screen's language ('+51 Perú', '+1 Canadá, Estados Unidos…'): the list is long (every ISO
 * country) and a code alone says little. The value stays the dial code, which is what is stored.
 */
export function dialCodeOptions(
  countries: readonly Country[],
  language: string,
): { value: string; label: string }[] {
  const names = new Map<string, string[]>();
  for (const country of countries) {
    const list = names.get(country.dial_code) ?? [];
    list.push(language.startsWith('en') ? country.name_en : country.name_es);
    names.set(country.dial_code, list);
  }
  const collator = new Intl.Collator(language);
  return [...names.entries()]
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([dialCode, list]) => {
      const sorted = list.sort(collator.compare);
      const shown = sorted.slice(0, 2).join(', ') + (sorted.length > 2 ? '…' : '');
      return { value: dialCode, label: `${dialCode} ${shown}` };
    });
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
