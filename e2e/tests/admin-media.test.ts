import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';

// The back office's branding screen in a real browser: the owner uploads a logo, changes the
// main colour and the terms; the store shows them (within the tenant cache's lifetime); a
// script sent in the terms never reaches the store; no page breaks the CSP (images are ours).
const harness = useHarness({
  env: () => ({ MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'e2e-media-')) }),
});
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

async function signIn(page: Page, pathname: string) {
  await page.goto(harness.server().url('localhost', pathname));
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill('dueno@aurora.pe');
  await page.getByLabel('Contraseña', { exact: true }).fill('Dueno2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Reloads until `check` holds: the store's tenant answer is cached for a few seconds. */
async function eventually(page: Page, check: () => Promise<boolean>, what: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`the store never showed ${what}`);
    await page.waitForTimeout(1000);
    await page.reload();
    // The legal pages are lazy chunks: judge the page once it has them, not while it says 'Cargando'.
    await page.waitForLoadState('networkidle').catch(() => undefined);
  }
}

test(
  'the owner uploads a logo, changes the main colour and the terms; the store shows them, without scripts',
  { skip },
  async () => {
    const { context, page } = await harness.newPage({ viewport: { width: 1280, height: 800 } });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, '/admin/branding');
    await page.getByRole('heading', { name: 'Marca y textos legales', level: 1 }).waitFor();

    // A bad file first: the error is shown in Spanish and nothing changes.
    const logo = page.getByTestId('branding-logo');
    await logo.locator('input[type=file]').setInputFiles({
      name: 'notas.txt',
      mimeType: 'image/png',
      buffer: Buffer.from('no soy una imagen'),
    });
    await logo
      .getByRole('alert')
      .getByText('El archivo no es una imagen válida', { exact: false })
      .waitFor();

    const png = await sharp({
      create: { width: 600, height: 200, channels: 3, background: '#2E86C1' },
    })
      .png()
      .toBuffer();
    await logo.locator('input[type=file]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const preview = logo.getByRole('img', { name: 'Vista previa de Logo' });
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="branding-logo"] img')
        ?.getAttribute('src')
        ?.startsWith('/api/v5/media/'),
    );
    const logoUrl = await preview.getAttribute('src');
    assert.match(logoUrl ?? '', /^\/api\/v5\/media\/[0-9a-f-]{36}-600\.webp$/);

    // The colour changes the live preview at once.
    await page.getByTestId('branding-main_color').fill('#aa3300');
    const previewButton = page.getByRole('button', { name: 'Agregar al carrito' });
    assert.equal(
      await previewButton.evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(170, 51, 0)',
    );

    const terms = page.getByTestId('branding-terms').getByRole('textbox', {
      name: 'Términos y condiciones',
    });
    await terms.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Pagos seguros y devoluciones en 7 días.');
    await page.screenshot({ path: `${SHOTS}/admin-branding.png`, fullPage: true });
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByTestId('branding-saved').waitFor();

    // A script sent straight to the API is removed by the server before it is stored.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const current = await page.request.get(
      harness.server().url('localhost', '/api/v5/admin/branding/'),
      {
        headers: { authorization: `Token ${token}` },
      },
    );
    const { version } = await current.json();
    const patched = await page.request.patch(
      harness.server().url('localhost', '/api/v5/admin/branding/'),
      {
        headers: { authorization: `Token ${token}` },
        data: {
          version,
          terms_and_conditions:
            '<p>Pagos seguros y devoluciones en 7 días.</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">',
        },
      },
    );
    assert.equal(patched.status(), 200);
    assert.doesNotMatch((await patched.json()).terms_and_conditions, /script|onerror/);

    // The store, as an anonymous visitor.
    const store = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await acceptCookiesUpFront(store.context, harness.server().url('localhost'));
    const shopper = store.page;
    await shopper.goto(harness.server().url('localhost', '/terms-and-conditions'));
    await eventually(
      shopper,
      async () => (await shopper.getByText('Pagos seguros y devoluciones en 7 días.').count()) > 0,
      'the new terms',
    );
    assert.equal(await shopper.evaluate(() => (window as { hacked?: number }).hacked), undefined);
    assert.equal(await shopper.locator('main script, main [onerror]').count(), 0);
    await eventually(
      shopper,
      async () =>
        (await shopper.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-main').trim(),
        )) === '#AA3300',
      'the new main colour',
    );
    const headerLogo = shopper.locator('.header__logo');
    await eventually(
      shopper,
      async () => (await headerLogo.getAttribute('src')) === logoUrl,
      'the new logo',
    );
    await shopper.waitForFunction(
      () =>
        (document.querySelector('.header__logo') as HTMLImageElement | null)?.naturalWidth === 600,
    );
    await shopper.screenshot({ path: `${SHOTS}/admin-branding-store.png` });
  },
);
