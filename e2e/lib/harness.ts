import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkipReason, launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export type Harness = {
  /** false (skip) or a reason string, for `test(name, { skip: harness.skip }, ...)`. */
  skip: string | false;
  server: () => RunningServer;
  /** A fresh browser context (own storage and cookies) and page. */
  newPage: (options?: { viewport?: { width: number; height: number } }) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * One server and one browser per test file; every test gets its own context. `env` adds server
 * settings (e.g. SMTP_URL of a mail server it starts), asked once before the server starts.
 */
export function useHarness(options: { env?: () => Record<string, string> | Promise<Record<string, string>> } = {}): Harness {
  const skip = browserSkipReason() ?? false;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  before(async () => {
    if (skip) return;
    server = await startServer(await options.env?.());
    browser = await launchBrowser();
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  return {
    skip,
    server: () => {
      if (!server) throw new Error('server not started');
      return server;
    },
    newPage: async (options = {}) => {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, locale: 'es-PE' });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
  };
}

/** Marks the cookie choice as made so the banner does not cover what a test looks at. */
export async function acceptCookiesUpFront(context: BrowserContext, origin: string): Promise<void> {
  await context.addCookies([{ name: '_guid', value: 'e2e', url: origin }]);
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookieConsent')) {
      localStorage.setItem('version', '1.0.0');
      localStorage.setItem('cookieConsent', JSON.stringify({ necessary: true, ga: true, guid: true }));
    }
  });
}
