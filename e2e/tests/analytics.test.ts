import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { acceptCookiesUpFront, hydrated, useHarness } from '../lib/harness';
import { dataDirWithFixtures } from '../lib/tenant-fixtures';
import { startAnalyticsStandIn, type AnalyticsStandIn } from '../lib/analytics';

// Google Analytics as the spec has it: loaded only for a store whose Firebase settings count
// (more than 5 of 8 fields; e2e/fixtures/analytics.localhost.json has 8,
// analytics-five.localhost.json 5) and only once the visitor consents; the merchants landing's
// clicks logged through it; withdrawing consent removes the _ga cookies and stops the events.
// Google's host is a local stand-in (ANALYTICS_SCRIPT_URL), so every request to it is seen here.
let standIn: AnalyticsStandIn | undefined;
let dataDir = '';
const harness = useHarness({
  env: async () => {
    standIn = await startAnalyticsStandIn();
    dataDir = await dataDirWithFixtures('e2e-analytics-', [
      'analytics.localhost.json',
      'analytics-five.localhost.json',
    ]);
    return { DATA_DIR: dataDir, ANALYTICS_SCRIPT_URL: standIn.scriptUrl };
  },
});
after(async () => {
  await standIn?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
const { skip } = harness;
const ga = () => standIn!;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

/** Waits (with a deadline) until `check` holds: hits travel on their own, after the click. */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The window in which a stray request or event would show: until the page's network is idle, or
 * 15 s. Under load the landing's form frame and the tag's own connections can keep it from ever
 * being idle; the checks after it say that nothing was sent, which the longer wait only makes
 * surer.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await harness.newPage();
  // The administrator site and WhatsApp answer here: nothing leaves the machine.
  await opened.context.route(
    /^https:\/\/(admin\.example\.com|web\.whatsapp\.com|wa\.me)\//,
    (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>fuera</title>' }),
  );
  return opened;
}

async function clickInNewTab(context: BrowserContext, page: Page, name: string | RegExp) {
  const link = page.getByRole('link', { name }).first();
  // The landing arrives drawn by the server and React logs the click: a click before React has
  // taken the link over opens the tab all the same but logs nothing, so it waits for that.
  await hydrated(page, link);
  const popup = context.waitForEvent('page');
  await link.click();
  await (await popup).close();
  await page.bringToFront();
}

const analyticsCookies = async (context: BrowserContext, url: string) =>
  (await context.cookies(url)).map((c) => c.name).filter((name) => name.startsWith('_ga'));

const events = () =>
  ga()
    .hits()
    .map((hit) => hit.name);

test(
  'no request reaches the analytics host before consent; after it the tag loads and the landing clicks are logged; withdrawing it removes the _ga cookies and stops the events',
  { skip },
  async () => {
    const server = harness.server();
    const url = server.url('analytics.localhost', '/landing');
    const { context, page } = await open();
    const toAnalytics: string[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(ga().origin)) toAnalytics.push(request.url());
    });

    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
    const banner = page.getByRole('region', { name: 'Usamos cookies' });
    await banner.waitFor();
    // Before any choice: a click is not logged and nothing asks the analytics host.
    await clickInNewTab(context, page, /Crear mi tienda gratis/);
    await settled(page);
    assert.deepEqual(toAnalytics, []);
    assert.deepEqual(ga().requests(), []);
    assert.equal(
      await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag),
      'undefined',
    );

    // The visitor reads the policy, then accepts.
    await banner.getByRole('link', { name: 'Política de cookies' }).click();
    await page.getByRole('heading', { level: 1, name: 'Política de cookies' }).waitFor();
    assert.deepEqual(toAnalytics, []);
    await banner.getByRole('button', { name: 'Aceptar' }).click();
    await until(() => events().includes('page_view'), 'the page view');
    assert.deepEqual(ga().requests()[0], '/gtag/js');
    assert.ok(
      ga()
        .hits()
        .every((hit) => hit.id === 'G-E2ETEST01'),
    );
    assert.deepEqual((await analyticsCookies(context, url)).sort(), ['_ga', '_ga_E2ETEST01']);

    // Back on the landing (the same page load): register, WhatsApp and form clicks are logged.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
    await clickInNewTab(context, page, /Crear mi tienda gratis/);
    await clickInNewTab(context, page, 'Escríbenos por WhatsApp');
    await page.frameLocator('iframe.merchants-form').getByLabel('Nombre del negocio').click();
    await until(() => events().includes('merchants_form_click'), 'the form click');
    assert.deepEqual(
      events().filter((name) => name.startsWith('merchants_')),
      ['merchants_register_click', 'merchants_whatsapp_click', 'merchants_form_click'],
    );
    await page.screenshot({ path: `${SHOTS}/analytics-landing.png` });

    // Withdrawn in the cookie settings: the _ga cookies go and nothing more is sent.
    await page.goForward();
    await page.getByRole('button', { name: 'Configurar cookies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
    const analytics = dialog.getByRole('switch', { name: 'Cookies analíticas' });
    assert.equal(await analytics.isChecked(), true);
    await analytics.uncheck();
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(await analyticsCookies(context, url), []);

    const sent = ga().hits().length;
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
    const layerBefore = await page.evaluate(
      () => (window as { dataLayer?: unknown[] }).dataLayer?.length,
    );
    await clickInNewTab(context, page, /Crear mi tienda gratis/);
    await clickInNewTab(context, page, 'Escríbenos por WhatsApp');
    await settled(page);
    // Not even queued for the tag, and the tag itself sends nothing more.
    assert.equal(
      await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer?.length),
      layerBefore,
    );
    assert.equal(ga().hits().length, sent);
    assert.deepEqual(await analyticsCookies(context, url), []);

    // A new page load with analytics refused never asks for the tag.
    const requested = ga().requests().length;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
    await clickInNewTab(context, page, /Crear mi tienda gratis/);
    await settled(page);
    assert.equal(ga().requests().length, requested);
  },
);

test('a visitor who consented before gets the tag as the page loads', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await open();
  await acceptCookiesUpFront(context, server.url('analytics.localhost'));
  const before = ga().hits().length;
  await page.goto(server.url('analytics.localhost', '/landing'));
  await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
  await until(() => ga().hits().length > before, 'the page view');
  await clickInNewTab(context, page, /Crear mi tienda gratis/);
  await until(
    () =>
      ga()
        .hits()
        .slice(before)
        .some((hit) => hit.name === 'merchants_register_click'),
    'the register click',
  );
});

test(
  'a store with only 5 of the 8 Firebase fields never loads the tag, even with consent',
  { skip },
  async () => {
    const server = harness.server();
    const host = 'analytics-five.localhost';
    const { context, page } = await open();
    await acceptCookiesUpFront(context, server.url(host));
    const toAnalytics: string[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(ga().origin)) toAnalytics.push(request.url());
    });
    await page.goto(server.url(host, '/landing'));
    await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
    await clickInNewTab(context, page, /Crear mi tienda gratis/);
    await settled(page);
    assert.deepEqual(toAnalytics, []);
    assert.equal(
      await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag),
      'undefined',
    );
    assert.equal(await page.locator('meta[name="analytics-script"]').count(), 0);
  },
);
