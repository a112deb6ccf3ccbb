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

/**
 * Whether sanitised HTML still shows anything (text or media): a tenant text made only of what
 * the sanitiser removes (a script, a form) would otherwise leave an empty page.
 */
export function showsContent(cleanHtml: string): boolean {
  const box = document.createElement('div');
  box.innerHTML = cleanHtml;
  return Boolean(box.textContent?.trim()) || !!box.querySelector('img, video, iframe, svg');
}
