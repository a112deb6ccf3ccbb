/**
 * A name as the person typed it, with the spaces tidied: '  Quispe   Huamán ' -> 'Quispe Huamán'.
 * The spec sends only the first word; that cut 'Quispe Huamán' to 'Quispe' and printed it on the
 * order's billing, so whole names are kept (docs/decisions.md, issue 24).
 */
export function tidyName(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ');
}

/** The sort key of `compareNames`: lower case, accents off, but ñ kept apart from n. */
function nameKey(name: string): string {
  // NFD splits 'é' into 'e' + U+0301 and 'ñ' into 'n' + U+0303; every mark but the tilde goes.
  // The kept U+0303 sorts after every letter, so 'ñ' follows 'n…' as in a Spanish dictionary.
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u0302\u0304-\u036f]/g, '');
}

/**
 * Names in Spanish order ('Ávila' beside 'Avenida', 'Ñaña' after 'Nazca') without Intl.Collator:
 * building the first collator loads ICU's collation data, about 18 ms on this machine and four
 * times that on a slow phone, in the store front's first page (issue 20).
 */
export function compareNames(a: string, b: string): number {
  const ka = nameKey(a);
  const kb = nameKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
