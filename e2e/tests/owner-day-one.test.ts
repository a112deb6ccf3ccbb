import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront } from '../lib/harness';
import { useHarnessWithSmtp } from '../lib/smtp';
import {
  confirmMerchantEmail,
  createMerchantAccount,
  field,
  fillStoreForm,
} from '../lib/merchant-signup';
import { signIn as signInAt } from '../lib/sign-in';

// Issue 36 rows 9, 11 and 12 in a real browser: a manager opening an owner's screen is told
// whose it is; a new merchant confirms the email and is back at /crear-tienda with Lima's and
// Callao's districts, then works in a back office that names their own store and offers none
// of the marketplace's screens; Rock y Pez opens on its events; Café Aurora's landing offers a
// way in to signed-out visitors.
const { harness, inbox } = useHarnessWithSmtp({ env: { RATE_LIMIT_FACTOR: '100' } });
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

async function newPage(host: string, viewport = DESKTOP) {
  const opened = await harness.newPage({ viewport });
  await acceptCookiesUpFront(opened.context, harness.server().url(host));
  return opened.page;
}

const signIn = (page: Page, host: string, email: string, password: string) =>
  signInAt(page, harness.server().url(host, '/login'), email, password);

/** A GET of the API from the page with its stored session: status and body. */
function apiGet(page: Page, path: string): Promise<{ status: number; body: { detail?: string } }> {
  return page.evaluate(async (p) => {
    const response = await fetch(`/api/${p}`, {
      headers: { Authorization: `Token ${localStorage.getItem('token')}` },
    });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  }, path);
}

async function shots(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

test(
  "a manager opening an owner's screen is told only the owner may (es and en), and the API says 403",
  { skip },
  async () => {
    const page = await newPage('localhost');
    await signIn(page, 'localhost', 'gerente@aurora.pe', 'Gerente2026!');
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    for (const [path, title] of [
      ['/admin/staff', 'Solo el dueño puede administrar el personal de la tienda'],
      ['/admin/payments', 'Solo el dueño puede cambiar los pagos, cupones y descuentos'],
      ['/admin/coupons', 'Solo el dueño puede cambiar los pagos, cupones y descuentos'],
      ['/admin/programs', 'Solo el dueño puede cambiar los programas de beneficios'],
      ['/admin/settings', 'Solo el dueño puede cambiar los ajustes de la tienda'],
    ] as const) {
      await page.goto(harness.server().url('localhost', path));
      const refusal = page.getByTestId('admin-refusal');
      await refusal.getByRole('heading', { name: title }).waitFor();
      await refusal.getByText('Entraste como administrador.').waitFor();
      assert.equal(await page.getByText('¡Lo sentimos, página no encontrada!').count(), 0, path);
      // Still the manager's back office: the menu, without the owner's screens.
      assert.equal(await nav.getByRole('link', { name: 'Pagos e impuestos' }).count(), 0);
      if (path === '/admin/staff') await shots(page, 'admin-refusal-manager');
    }
    // The API behind those screens: 403 with the same explanation, never a 404.
    for (const api of [
      'v5/admin/staff/members/',
      'v5/admin/programs/',
      'v5/admin/order-notifications/',
    ]) {
      const res = await apiGet(page, api);
      assert.equal(res.status, 403, api);
      assert.match(res.body.detail ?? '', /^Solo el dueño de la tienda puede ver y cambiar esto/);
    }
    await page.getByRole('link', { name: 'Volver al resumen' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Resumen', level: 1 }).waitFor();

    // The English catalogue says the same.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(harness.server().url('localhost', '/admin/staff'));
    await page
      .getByTestId('admin-refusal')
      .getByRole('heading', { name: "Only the owner can manage the store's staff" })
      .waitFor();
    await page.getByText('You are signed in as manager.').waitFor();
  },
);

test(
  "a new merchant confirms the email, is back at /crear-tienda with Lima's districts, and the back office is their store's",
  { skip },
  async () => {
    const HOST = 'merchants.localhost';
    const stamp = Date.now().toString(36);
    const email = `bodega.${stamp}@example.com`;
    const storeName = `Bodega Miraflores ${stamp}`;
    const page = await newPage(HOST, PHONE);

    // From the store sign-up to the account form and back.
    await page.goto(harness.server().url(HOST, '/crear-tienda'));
    await createMerchantAccount(page, {
      firstName: 'Lucía',
      lastName: 'Ramos',
      email,
      password: 'Tienda-Clave-1',
      documentLead: '7',
      mobileTail: '3',
    });
    await page.waitForURL((url) => url.pathname === '/crear-tienda');
    await page.getByRole('heading', { name: 'Confirma tu correo' }).waitFor();

    // The mailed link confirms the address and returns to the store sign-up, not /complete-info
    // (the new account has no birth date nor gender yet).
    const link = await confirmMerchantEmail(page, inbox(), email);
    assert.match(link, /\?next=%2Fcrear-tienda$/);
    await page.waitForURL((url) => url.pathname === '/crear-tienda');
    await page.getByRole('heading', { name: 'Crea tu tienda gratis' }).waitFor();
    // The confirmation was said on its own page: no toast of it follows here, where it lay over
    // the 'Crear mi tienda' button (a press under load landed on it, issue 38).
    assert.equal(await page.getByText('Tu correo fue verificado.').count(), 0);

    // The districts: Lima's 43 and Callao's 7, after the placeholder.
    const district = field(page, 'Distrito');
    // The districts arrive with the marketplace's settings, after the form is drawn.
    await district.locator('option').nth(1).waitFor({ state: 'attached' });
    const names = await district.locator('option').allTextContents();
    assert.equal(names.length, 1 + 50, names.join(', '));
    for (const name of ['Miraflores', 'San Juan de Lurigancho', 'Cercado de Lima', 'Callao']) {
      assert.ok(names.includes(name), name);
    }
    assert.ok(names.includes('Ventanilla (Callao)'));
    await fillStoreForm(page, {
      name: storeName,
      district: { label: 'Miraflores' },
      address: 'Av. Larco 345',
    });
    await shots(page, 'merchant-districts');
    await page.getByRole('button', { name: 'Crear mi tienda' }).click();

    // The back office is the store's: its name in the header, none of the marketplace's
    // screens offered, and the one opened by address says whose it is.
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByTestId('onboarding').waitFor();
    await page.setViewportSize(DESKTOP);
    const header = page.locator('.admin__store');
    assert.equal(await header.textContent(), storeName);
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    const links = await nav.getByRole('link').allTextContents();
    for (const hidden of ['Marca y textos legales', 'Página de inicio', 'Tiendas']) {
      assert.ok(!links.includes(hidden), `${hidden}: ${links.join(', ')}`);
    }
    assert.ok(links.includes('Ajustes'), links.join(', '));
    await shots(page, 'merchant-admin-header');
    await nav.getByRole('link', { name: 'Ajustes' }).click();
    await page.getByRole('heading', { name: 'Ajustes', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Avisos de pedidos' }).waitFor();
    assert.equal(await page.getByTestId('admin-export').count(), 0, 'no export button');
    await page.goto(harness.server().url(HOST, '/admin/branding'));
    await page
      .getByTestId('admin-refusal')
      .getByRole('heading', {
        name: 'Solo el dueño de Mercado Vecinal puede cambiar la marca de todo el sitio',
      })
      .waitFor();
    assert.equal(await page.locator('.admin__store').textContent(), storeName);
    await shots(page, 'merchant-branding-refusal');
  },
);

test(
  'Rock y Pez opens on its events, with an Eventos tab on a phone and a desktop',
  { skip },
  async () => {
    const page = await newPage('rockypez.localhost', PHONE);
    await page.goto(harness.server().url('rockypez.localhost', '/'));
    await page.waitForURL((url) => url.pathname === '/events');
    const cards = page.locator('[data-event]');
    await cards.first().waitFor();
    assert.ok((await cards.count()) >= 1);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const tab = page.locator(`[data-nav="${viewport === PHONE ? 'bottom' : 'top'}"]`);
      await tab.getByRole('link', { name: 'Eventos' }).waitFor();
      assert.equal(await tab.getByRole('link', { name: 'Productos' }).count(), 0);
      await page.screenshot({
        path: `${SHOTS}/rockypez-home-${viewport.width}.png`,
        fullPage: true,
      });
    }
    // From an event, the tab leads back to the list.
    await cards.first().getByRole('link').first().click();
    await page.waitForURL(/\/events\/[0-9a-f-]{36}$/);
    await page.locator('[data-nav="top"]').getByRole('link', { name: 'Eventos' }).click();
    await page.waitForURL((url) => url.pathname === '/events');
  },
);

test(
  "Café Aurora's landing offers 'Iniciar sesión / Regístrate' to signed-out visitors only",
  { skip },
  async () => {
    const page = await newPage('localhost', PHONE);
    // The server renders the landing; the hydrated page is the same (the harness fails on a
    // hydration mismatch).
    await page.goto(harness.server().url('localhost', '/landing'));
    const account = page.getByTestId('landing-account');
    await account.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    await account.getByRole('link', { name: 'Regístrate' }).waitFor();
    await shots(page, 'aurora-landing-account');
    await account.getByRole('link', { name: 'Regístrate' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.goto(harness.server().url('localhost', '/landing'));
    await page.getByTestId('landing-account').getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await field(page, 'Correo electrónico').fill('demo@aurora.pe');
    await field(page, 'Contraseña').fill('Aurora2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Signed in: the landing (rendered in the browser now) has no way in to offer.
    await page.goto(harness.server().url('localhost', '/landing'));
    await page.locator('.landing__header').getByRole('link', { name: 'Ordenar aquí' }).waitFor();
    assert.equal(await page.getByTestId('landing-account').count(), 0);
  },
);
