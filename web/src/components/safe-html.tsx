import { useEffect, useMemo, useState } from 'react';
import type { sanitizeHtml } from '../lib/sanitize';
import { useIsClient } from '../lib/use-is-client';

type Sanitize = typeof sanitizeHtml;

/** DOMPurify, once loaded: a later SafeHtml draws its text at its first render. */
let loadedSanitize: Sanitize | undefined;

/**
 * DOMPurify (about 11 KB gzip) loads after the first render, not with the page: the server already
 * sanitised the tenant's HTML when it was stored, and the first render shows none of it anyway.
 */
function useSanitize(): Sanitize | undefined {
  const [sanitize, setSanitize] = useState<Sanitize | undefined>(() => loadedSanitize);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    import('../lib/sanitize')
      .then((module) => {
        loadedSanitize = module.sanitizeHtml;
        if (live) setSanitize(() => module.sanitizeHtml);
      })
      // Offline: the text stays out (never unsanitised); the next SafeHtml tries again.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sanitize]);
  return sanitize;
}

/** Renders tenant-provided HTML after DOMPurify removed scripts and event handlers. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // DOMPurify needs the browser's DOM: the server's page (and its hydration) leave the text out,
  // and it fills in right after hydration (docs/decisions.md, "First pages rendered on the server"),
  // once DOMPurify's own chunk has arrived.
  const isClient = useIsClient();
  const sanitize = useSanitize();
  const clean = useMemo(
    () => (isClient && sanitize ? sanitize(html) : ''),
    [html, isClient, sanitize],
  );
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
