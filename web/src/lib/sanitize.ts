import DOMPurify from 'dompurify';

/** Every piece of tenant-provided HTML goes through here before it reaches the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
