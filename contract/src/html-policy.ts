/**
 * The one rule set for tenant HTML, shared by the store (DOMPurify in the browser) and the
 * server (the same DOMPurify on jsdom before storing): scripts and handlers go, and so do
 * forms and their controls (tenant text must not ask for passwords) and <style> blocks.
 */
export const tenantHtmlPolicy = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'textarea', 'style'],
};
