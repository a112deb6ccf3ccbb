import DOMPurify from 'dompurify';
import { tenantHtmlPolicy } from '@store/contract/html-policy';

/**
 * Every piece of tenant-provided HTML goes through here before it reaches the DOM, with the
 * rules the server also applies before storing it (`tenantHtmlPolicy`): scripts, handlers,
 * forms and their controls, and <style> blocks go.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, tenantHtmlPolicy);
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
