import DOMPurify from 'dompurify';

/**
 * Every piece of tenant-provided HTML goes through here before it reaches the DOM. Besides
 * scripts and handlers, forms and their controls go (tenant text must not ask for passwords
 * or post anywhere), and so do <style> blocks, which could restyle the whole page.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['form', 'input', 'button', 'select', 'textarea', 'style'],
  });
}
