import isoCountries from 'i18n-iso-countries';
import enNames from 'i18n-iso-countries/langs/en.json';
import esNames from 'i18n-iso-countries/langs/es.json';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

/**
 * The country catalogue (ISO code, English name, Spanish name, dial code),
 * built from two maintained libraries instead of a hand-kept list: ISO 3166
 * names from i18n-iso-countries, dial codes from libphonenumber-js (Google's
 * libphonenumber metadata). Sorted by Spanish name for the pickers; Peru's
 * +51 stays the default dial code whatever the order.
 */
export type Country = { code: string; name_en: string; name_es: string; dial_code: string };

const byName = new Intl.Collator('es', { sensitivity: 'base' });

function buildCountries(): Country[] {
  isoCountries.registerLocale(enNames);
  isoCountries.registerLocale(esNames);
  return getCountries()
    .flatMap((code) => {
      const name_es = isoCountries.getName(code, 'es', { select: 'official' });
      const name_en = isoCountries.getName(code, 'en', { select: 'official' });
      // Telephone-only regions (Ascension, Tristan da Cunha) have no ISO 3166 name.
      if (!name_es || !name_en) return [];
      return [{ code, name_en, name_es, dial_code: `+${getCountryCallingCode(code)}` }];
    })
    .sort((a, b) => byName.compare(a.name_es, b.name_es));
}

// Pure, so a page that never shows a country picker does not ship the names (bundle budget).
export const countries: Country[] = /* @__PURE__ */ buildCountries();

export function countryByCode(code: string): Country | undefined {
  const upper = code.toUpperCase();
  return countries.find((c) => c.code === upper);
}
