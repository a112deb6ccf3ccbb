/**
 * A name as the person typed it, with the spaces tidied: '  Quispe   Huamán ' -> 'Quispe Huamán'.
 * The spec sends only the first word; that cut 'Quispe Huamán' to 'Quispe' and printed it on the
 * order's billing, so whole names are kept (docs/decisions.md, issue 24).
 */
export function tidyName(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ');
}
