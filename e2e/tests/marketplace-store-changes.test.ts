import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';

// Issue 35, item 11, in a real browser on the demo marketplace: an approved store's owner asks
// to change its name and description from the back office's dashboard and is told it waits for
// review; shoppers keep seeing the approved name; the marketplace owner finds the change in
// /admin/stores, compares it with what shoppers see now and approves it; then it is public.
const harness = useHarness({ env: () => ({ RATE_LIMIT_FACTOR: '100' }) });
const { skip } = harness;
const HOST = 'merchants.localhost';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function signIn(page: Page, email: string, password: string, pathname: string) {
  await page.goto(harness.server().url(HOST, '/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(harness.server().url(HOST, pathname));
}

async function newPage(viewport: { width: number; height: number }) {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport });
  await acceptCookiesUpFront(context, server.url(HOST));
  return page;
}

/** A call of the API from the page with the token it stored. */
function apiFromPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const token = localStorage.getItem('token');
      const response = await fetch(`/api/${p}`, {
        method: m as string,
        headers: {
          ...(token ? { Authorization: `Token ${token}` } : {}),
          'Content-Type': 'application/json',
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${p} answered ${response.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    },
    [method, path, body] as const,
  );
}

/** The store's name as shoppers get it (the marketplace home's list of stores). */
async function publicName(page: Page, uid: string): Promise<string | undefined> {
  const apps = await apiFromPage<{ allowed_companies: { uid: string; name: string }[] }[]>(
    page,
    'GET',
    `v7/apps/?domain=${HOST}`,
  );
  return apps[0].allowed_companies.find((c) => c.uid === uid)?.name;
}

async function assertFitsWidth(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
}

test(
  "an approved store's new name waits for the marketplace owner, who compares and approves it",
  { skip },
  async () => {
    // The demo shopper opens a store, and the marketplace owner approves it (set-up by API).
    const merchant = await newPage(PHONE);
    await signIn(merchant, 'vecino@merchants.pe', 'Vecino2026!', '/');
    const options = await apiFromPage<{
      categories: { uid: string }[];
      areas: { uid: string }[];
    }>(merchant, 'GET', 'v5/marketplace/stores/options/');
    const created = await apiFromPage<{ uid: string; version: number }>(
      merchant,
      'POST',
      'v5/marketplace/stores/',
      {
        name: 'Bodega Don Víctor',
        category: options.categories[0].uid,
        area: options.areas[0].uid,
        address: 'Jr. Los Pinos 123',
        accept_terms: true,
      },
    );
    const owner = await newPage(DESKTOP);
    await signIn(owner, 'municipio@merchants.pe', 'Municipio2026!', '/admin/stores');
    await apiFromPage(owner, 'POST', `v5/admin/marketplace/stores/${created.uid}/decision/`, {
      decision: 'approve',
      version: created.version,
    });
    assert.equal(await publicName(merchant, created.uid), 'Bodega Don Víctor');

    // The merchant's dashboard: the store's name, logo and description, reviewed once approved.
    await merchant.goto(harness.server().url(HOST, '/admin'));
    const profile = merchant.getByTestId('store-profile');
    await profile.getByText('un cambio de nombre, logo o descripción se publica').waitFor();
    await profile.getByLabel('Nombre de la tienda').fill('Bodega y Bazar Don Víctor');
    await profile.getByLabel('Descripción').fill('Abarrotes, bazar y recargas.');
    await profile.getByRole('button', { name: 'Enviar a revisión' }).click();
    await merchant.getByText('Cambio enviado a revisión.').waitFor();
    await profile
      .getByText(/Tu cambio está en revisión desde el .*: tus clientes siguen/)
      .waitFor();
    await profile.locator('tr[data-field="name"]').getByText('Bodega y Bazar Don Víctor').waitFor();
    await assertFitsWidth(merchant, "the store's profile with a change waiting (phone)");
    await profile.scrollIntoViewIfNeeded();
    await merchant.screenshot({ path: `${SHOTS}/store-change-owner-phone.png`, fullPage: true });
    // Shoppers still see the approved name.
    assert.equal(await publicName(merchant, created.uid), 'Bodega Don Víctor');

    // The marketplace owner: the queue says a change waits; the card compares it with now.
    await owner.reload();
    await owner.getByRole('heading', { name: 'Tiendas', level: 1 }).waitFor();
    await owner.getByText('1 tienda pidió cambiar su nombre, logo o descripción.').waitFor();
    await owner.getByRole('button', { name: 'Revisar cambios' }).click();
    const card = owner.locator('.stores-card').filter({ hasText: 'Bodega Don Víctor' });
    const change = card.getByTestId('store-change');
    await change.getByText('Cambio por revisar en Bodega Don Víctor').waitFor();
    const nameRow = change.locator('tr[data-field="name"]');
    assert.equal(
      await nameRow.locator('td').first().innerText(),
      'Bodega Don Víctor',
      'what shoppers see now',
    );
    assert.equal(await nameRow.locator('td').nth(1).innerText(), 'Bodega y Bazar Don Víctor');
    await change
      .locator('tr[data-field="description"] td')
      .nth(1)
      .getByText('Abarrotes, bazar y recargas.')
      .waitFor();
    await owner.screenshot({ path: `${SHOTS}/store-change-review-desktop.png`, fullPage: true });
    await owner.setViewportSize(PHONE);
    await assertFitsWidth(owner, 'the change to review (phone)');
    await owner.screenshot({ path: `${SHOTS}/store-change-review-phone.png`, fullPage: true });
    await owner.setViewportSize(DESKTOP);

    await change.getByRole('button', { name: 'Aprobar cambio: Bodega Don Víctor' }).click();
    await change.getByRole('alertdialog').getByRole('button', { name: 'Sí, continuar' }).click();
    await owner.getByText('El cambio de Bodega Don Víctor fue aprobado.').waitFor();
    assert.equal(await publicName(merchant, created.uid), 'Bodega y Bazar Don Víctor');
    await owner.getByText('Ninguna tienda tiene cambios por revisar.').waitFor();
  },
);
