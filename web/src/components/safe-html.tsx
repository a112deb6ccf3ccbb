import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize';

/** Renders tenant-provided HTML after DOMPurify removed scripts and event handlers. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
