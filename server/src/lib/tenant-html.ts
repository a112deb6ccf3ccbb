import { tenantHtmlPolicy } from '@store/contract';

/** Cleans one tenant HTML text; null for no text. */
export type TenantHtmlSanitizer = (html: string | null) => string | null;

let loading: Promise<TenantHtmlSanitizer> | undefined;

/**
 * The cleaner of tenant HTML, by the very rules the store applies before showing it
 * (`tenantHtmlPolicy`, DOMPurify on both sides), so what is stored is what is shown. An editor's
 * empty paragraph counts as no text.
 *
 * DOMPurify needs a DOM, on the server jsdom's, and jsdom costs a process about 120 MB of
 * resident memory (36 MB of it heap) from the moment it is imported: it is loaded by the first
 * save of tenant HTML, not at start, so a process that only serves shoppers never carries it
 * (bench/RESULTS.md, 2026-11-29 21:45 entry).
 */
export function tenantHtmlSanitizer(): Promise<TenantHtmlSanitizer> {
  loading ??= import('isomorphic-dompurify').then(
    ({ default: DOMPurify }) =>
      (html) => {
        if (html === null) return null;
        const clean = DOMPurify.sanitize(html, tenantHtmlPolicy).trim();
        return clean === '' || clean === '<p></p>' ? null : clean;
      },
    (err: unknown) => {
      // A failed load is tried again by the next save rather than remembered.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}
