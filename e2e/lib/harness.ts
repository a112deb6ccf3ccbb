import { after, afterEach, before, beforeEach } from 'node:test';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { browserSkipReason, launchBrowser } from './browser';
import { reportFailedPages } from './failure-report';
import { recordConsole, recordPageEvents } from './page-events';
import { startServer, type RunningServer } from './server';

/** What the XSS probes of the demo and fixture tenants run when they are not stopped. */
const INJECTION_PROBE = /__xss|alert\(1\)/;

export type Harness = {
  /** false (skip) or a reason string, for `test(name, { skip: harness.skip }, ...)`. */
  skip: string | false;
  server: () => RunningServer;
  /**
   * Content-Security-Policy violations reported so far by any page of this file (its
   * `securitypolicyviolation` events); the file fails at its end when there is any.
   */
  cspViolations: () => string[];
  /** A fresh browser context (own storage and cookies) and page. */
  newPage: (options?: {
    viewport?: { width: number; height: number };
    /** The browser's language (es-PE unless given). */
    locale?: string;
  }) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * One server and one browser per test file; every test gets its own context. `env` adds server
 * settings (e.g. SMTP_URL of a mail server it starts), asked once before the server starts.
 */
export type CspViolation = { directive: string; blocked: string; source: string; sample: string };

export function useHarness(
  options: {
    env?: () => Record<string, string> | Promise<Record<string, string>>;
    /**
     * Violations a file provokes on purpose and that prove the policy works (the XSS file's
     * hostile markup refused while the sanitizer parses it); every other one fails the file.
     */
    expectedCspViolation?: (violation: CspViolation) => boolean;
    /**
     * Set-up through the started server before any test runs (e.g. opening a demo place all
     * day): a `before` of the test file itself may run before the server is up.
     */
    prepare?: (server: RunningServer) => Promise<void>;
  } = {},
): Harness {
  const skip = browserSkipReason() ?? false;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  // The contexts a test opened are closed when it ends: a page left open keeps rendering, polling
  // and running its timers until the file ends, on the same two cores as the tests still running.
  // Those opened by a `before` of the file live until its end.
  let openedInTest: BrowserContext[] | undefined;
  const violations: string[] = [];
  const expectedViolation = options.expectedCspViolation;

  before(async () => {
    if (skip) return;
    server = await startServer(await options.env?.());
    await options.prepare?.(server);
    browser = await launchBrowser();
  });

  // A failed test leaves what its pages showed (a screenshot, the address and the visible text)
  // in the log, so a failure seen only in CI can be read without running it again.
  beforeEach(() => {
    openedInTest = [];
  });
  afterEach(async (t) => {
    // `passed` (Node 21+) is missing from @types/node's TestContext.
    if ((t as { passed?: boolean }).passed === false) await reportFailedPages(t.name, contexts);
    for (const context of openedInTest ?? []) {
      await context.close().catch(() => undefined);
      contexts.splice(contexts.indexOf(context), 1);
    }
    openedInTest = undefined;
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    if (violations.length)
      throw new Error(
        `the pages broke their Content-Security-Policy or hydrated unlike the server's HTML:\n${violations.join('\n')}`,
      );
  });

  return {
    skip,
    server: () => {
      if (!server) throw new Error('server not started');
      return server;
    },
    cspViolations: () => [...violations],
    newPage: async (options = {}) => {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        locale: options.locale ?? 'es-PE',
      });
      contexts.push(context);
      openedInTest?.push(context);
      await recordPageEvents(context);
      // Every page (and frame) reports what its CSP refused: the app must live within its policy.
      await context.exposeBinding(
        '__reportCspViolation',
        ({ frame }, text: string, violation: CspViolation) => {
          // The injection probes of the demo and fixture tenants (`window.__xss...`, `alert(1)`)
          // are meant to be refused: the policy doing its job, not the app breaking it.
          if (INJECTION_PROBE.test(violation.sample)) return;
          if (expectedViolation?.(violation)) return;
          violations.push(`${frame.url()}: ${text}`);
        },
      );
      await context.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => {
            const report = (
              window as unknown as {
                __reportCspViolation: (
                  t: string,
                  v: { directive: string; blocked: string; source: string; sample: string },
                ) => void;
              }
            ).__reportCspViolation;
            void report(
              `${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
              {
                directive: e.effectiveDirective,
                blocked: e.blockedURI,
                source: e.sourceFile,
                sample: e.sample,
              },
            );
          },
          true,
        );
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      recordConsole(page);
      // A server-rendered page that hydrates differently is a bug (web/src/main.tsx logs it): the
      // file fails at its end, as for a CSP violation.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Hydration mismatch|hydrat/i.test(message.text()))
          violations.push(`${page.url()}: ${message.text()}`);
      });
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
      localStorage.setItem(
        'cookieConsent',
        JSON.stringify({ necessary: true, ga: true, guid: true }),
      );
    }
  });
}

type AppAnswer = Record<string, unknown> & {
  features: Record<string, unknown>;
  company: Record<string, unknown>;
};

/**
 * Changes the tenant the page sees, wherever it reads it from: the app description the server
 * puts inside each page (script#app-bootstrap) and the GET v7/apps/?domain= answer. Lets a test
 * switch on what no demo store has (maintenance, a captcha key, sign-up off).
 */
export async function patchTenantApp(page: Page, patch: (app: AppAnswer) => void): Promise<void> {
  const patchList = (apps: AppAnswer[]) => {
    if (apps[0]) patch(apps[0]);
    return apps;
  };
  // Node does not resolve *.localhost as Chromium does: the same request goes to 127.0.0.1 with
  // the page's Host header, which names the tenant.
  const fetchAsIs = (route: Route) => {
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    return route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
  };
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await fetchAsIs(route);
      const html = await response.text();
      const bootstrap = /(<script id="app-bootstrap" type="application\/json">)(.*?)(<\/script>)/s;
      const match = bootstrap.exec(html);
      if (!match) throw new Error('the page has no app-bootstrap script');
      const json = JSON.stringify(patchList(JSON.parse(match[2]) as AppAnswer[])).replace(
        /</g,
        '\\u003c',
      );
      // The page now shows a tenant the server's policy was not written for (a captcha key, Google
      // sign-in): its Content-Security-Policy goes (server tests cover such tenants' policies).
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({
        response,
        headers,
        // A server-rendered page (web/src/entry-server.tsx) showed the real tenant: the browser
        // renders the patched one afresh instead of hydrating.
        body: html
          .replace(bootstrap, `$1${json}$3`)
          .replace(/<div id="root" data-ssr="[^"]*">/, '<div id="root">'),
      });
    },
  );
  await page.route('**/api/v7/apps/?domain=*', async (route) => {
    const response = await fetchAsIs(route);
    await route.fulfill({ response, json: patchList((await response.json()) as AppAnswer[]) });
  });
}

/**
 * Waits until React has hydrated the element `target` names, a CSS selector or a locator (its
 * fiber is attached). A page the server rendered (server/src/modules/pages) shows its content
 * before the app runs: what the app does at load (cleaning carts, reading localStorage), a choice
 * made on the page and a click its handler must see count only from then on.
 */
export async function hydrated(page: Page, target: string | Locator): Promise<void> {
  if (typeof target !== 'string') {
    await page.waitForFunction(
      (element) =>
        Boolean(element && Object.keys(element).some((k) => k.startsWith('__reactFiber'))),
      await target.elementHandle(),
    );
    return;
  }
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return Boolean(element && Object.keys(element).some((k) => k.startsWith('__reactFiber')));
  }, target);
}
