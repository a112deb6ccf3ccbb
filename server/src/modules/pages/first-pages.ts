import type { App, Language } from '@store/contract';

/**
 * The shopper's first pages, rendered by React on the server (issue 37): the home, every landing
 * type, the store front (with `?product=`), the menu (carta), and the same under a multisite
 * store's `/c/{uid}/`. Everything else (signed-in screens, the back office, forms) is the
 * client-rendered shell.
 */
const FIRST_PAGES = [
  /^\/$/,
  /^\/landing\/?$/,
  /^\/products\/?$/,
  /^\/carta\/?$/,
  /^\/c\/[\w-]{1,64}\/?$/,
  /^\/c\/[\w-]{1,64}\/products\/?$/,
];

export function isFirstPage(pathname: string): boolean {
  return FIRST_PAGES.some((page) => page.test(pathname));
}

/**
 * Client-rendered pages a shopper often lands on, with the chunks their first screen waits for
 * (Vite's manifest keys: the screen's code and its Spanish texts). The shell preloads them in its
 * head, so they download beside the entry instead of after it has run (the cart's largest paint
 * came a round trip later).
 */
const SHELL_CHUNKS: { page: RegExp; screen: string[]; es: string[] }[] = [
  { page: /^\/cart\/?$/, screen: ['src/features/cart/index.ts'], es: ['src/i18n/checkout-es.ts'] },
];

export function shellChunks(pathname: string, language: Language): string[] {
  const found = SHELL_CHUNKS.find((entry) => entry.page.test(pathname));
  if (!found) return [];
  return language === 'es' ? [...found.screen, ...found.es] : found.screen;
}

/** Pages a search engine may index: a public store that is open. */
export function isIndexable(app: App): boolean {
  return app.allow_anonymous_navigation && !app.features.maintenance;
}

/**
 * Whether the server renders this request's page: a first page, of a store anyone may browse,
 * not in maintenance, for a visitor who is not signed in (the web app sets `signed_in=1` while a
 * session lasts; a signed-in page is the member's own, so it is rendered in the browser and never
 * cached).
 */
export function rendersOnServer(
  app: App | undefined,
  pathname: string,
  headers: { cookie?: string; authorization?: string },
): app is App {
  if (!app || !isIndexable(app) || !isFirstPage(pathname)) return false;
  if (headers.authorization) return false;
  return !cookieOf(headers.cookie, 'signed_in');
}

export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
