import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { acceptCookiesUpFront, patchTenantApp, useHarness } from '../lib/harness';
import { formatFindings, seriousViolations } from '../lib/axe';

// Errors in the browser: a screen that breaks shows 'Algo salió mal' with 'Reintentar' instead of
// a blank page, and the error reaches the server (POST v5/client-errors/), as do uncaught errors
// and unhandled rejections (once each, a few per page load at most).
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
/** The cart screen's own file (a lazy chunk): aborting it is what a deploy that removed it does. */
const CART_CHUNK = /\/assets\/cart-[\w-]+\.js$/;

const isReport = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v5/client-errors/';

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function openProducts(viewport?: { width: number; height: number }, lang?: string) {
  const server = harness.server();
  const opened = await harness.newPage(viewport ? { viewport } : undefined);
  await acceptCookiesUpFront(opened.context, server.url());
  if (lang) await opened.context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await opened.page.goto(server.url('localhost', '/products'));
  return opened;
}

async function breakCartScreen(page: Page) {
  await page.route(CART_CHUNK, (route) => route.abort('failed'));
}

test(
  "a screen that breaks shows 'Algo salió mal' inside the shell, the report reaches the server, and 'Reintentar' recovers",
  { skip },
  async () => {
    const { page } = await openProducts(PHONE);
    const footer = page.getByRole('navigation', { name: 'Navegación principal' });
    await footer.getByRole('link', { name: 'Carrito' }).waitFor();
    await breakCartScreen(page);

    const report = page.waitForRequest(isReport);
    await footer.getByRole('link', { name: 'Carrito' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Algo salió mal' });
    await alert.getByRole('heading', { name: 'Algo salió mal' }).waitFor();
    await alert.getByText('No pudimos mostrar esta página. Inténtalo de nuevo.').waitFor();
    // The header and the footer stay: only the page's part is replaced.
    await page.getByRole('banner').waitFor();
    await footer.getByRole('link', { name: 'Productos' }).waitFor();

    const request = await report;
    const body = request.postDataJSON() as Record<string, string>;
    assert.equal(body.kind, 'render');
    assert.equal(body.page, '/cart');
    assert.match(body.message, /dynamically imported module|Failed to fetch/i);
    assert.match(body.build, /^[\w.+-]+$/);
    assert.notEqual(body.build, 'dev', 'the build names itself');
    assert.equal((await request.response())?.status(), 204, 'the server took the report');

    await page.screenshot({ path: `${SHOTS}/error-boundary-phone.png`, fullPage: true });
    const findings = await seriousViolations(page, 'error screen (phone)');
    assert.equal(findings.length, 0, formatFindings(findings));

    // The screen's file is back (the next deploy is out): 'Reintentar' brings the page.
    await page.unroute(CART_CHUNK);
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Tu carrito está vacío' }).waitFor();
    assert.equal(await page.getByText('Algo salió mal').count(), 0);
    assert.equal(new URL(page.url()).pathname, '/cart');
  },
);

test('the error screen on a desktop, in English', { skip }, async () => {
  const { page } = await openProducts(undefined, 'en');
  await page.getByRole('banner').waitFor();
  await breakCartScreen(page);
  const report = page.waitForRequest(isReport);
  // Opened directly this time: the same lazy screen fails on the first render.
  await page.goto(page.url().replace('/products', '/cart'));
  const alert = page.getByRole('alert');
  await alert.getByRole('heading', { name: 'Something went wrong' }).waitFor();
  await alert.getByRole('button', { name: 'Retry' }).waitFor();
  assert.equal((await report).postDataJSON().page, '/cart');
  await page.screenshot({ path: `${SHOTS}/error-boundary-desktop-en.png` });
});

test(
  'uncaught errors and unhandled rejections are reported once each, at most 5 per page load',
  { skip },
  async () => {
    const { page } = await openProducts();
    await page.getByLabel('Local').waitFor();
    const reports: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (isReport(request)) reports.push(request.postDataJSON() as Record<string, string>);
    });
    await page.evaluate(() => {
      // The same error twice from the same place, then a rejection nobody handles.
      for (let i = 0; i < 2; i += 1)
        setTimeout(() => {
          throw new Error('e2e boom');
        });
      setTimeout(() => void Promise.reject(new Error('e2e rejected')));
    });
    await until(() => reports.length >= 2, 'two reports');
    assert.deepEqual(
      reports.map((r) => [r.kind, r.message, r.page]),
      [
        ['error', 'Error: e2e boom', '/products'],
        ['unhandledrejection', 'Error: e2e rejected', '/products'],
      ],
    );
    assert.match(reports[0].stack ?? '', /e2e boom/);

    // A page throwing in a loop sends a few reports, not a flood.
    await page.evaluate(() => {
      for (let i = 0; i < 10; i += 1)
        setTimeout(() => {
          throw new Error(`e2e loop ${i}`);
        });
    });
    await until(() => reports.length >= 5, 'five reports');
    await page.waitForLoadState('networkidle');
    assert.equal(reports.length, 5);
  },
);

test(
  "a render error of the whole app: full-screen 'Algo salió mal'; 'Reintentar' renders again, then reloads",
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url());
    // A tenant answer the app cannot render (no company): a real TypeError while rendering.
    await patchTenantApp(page, (app) => {
      (app as Record<string, unknown>).company = null;
    });
    const report = page.waitForRequest(isReport);
    await page.goto(server.url('localhost', '/products'));
    const retry = page.getByRole('button', { name: 'Reintentar' });
    await page.getByRole('heading', { name: 'Algo salió mal' }).waitFor();
    const body = (await report).postDataJSON() as Record<string, string>;
    assert.equal(body.kind, 'render');
    assert.match(body.message, /TypeError/);
    assert.ok(body.component_stack, 'the components around the error');

    // The first retry renders again (the same answer still breaks it); the next one reloads, and
    // the server's real answer renders.
    await page.unrouteAll();
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await retry.click();
    await page.getByRole('heading', { name: 'Algo salió mal' }).waitFor();
    assert.equal(
      await page.evaluate(() => (window as { samePage?: boolean }).samePage),
      true,
      'the first retry did not reload',
    );
    const reload = page.waitForEvent('load');
    await retry.click();
    await reload;
    await page.getByLabel('Local').waitFor();
    assert.equal(await page.getByText('Algo salió mal').count(), 0);
  },
);
