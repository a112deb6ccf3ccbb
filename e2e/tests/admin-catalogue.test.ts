import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';

// The back office's catalogue in a real browser: the demo owner finds a product, changes its
// price and takes it off one place; the store then sells it at the new price there and not
// at the other place. On a phone the same screen fits the width.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const signIn = signInOnServer(harness);

/** What the store sells at a place under a search (a query of its own, past the micro-cache). */
async function storeSells(page: Page, placeName: string, search: string, bust: string) {
  const base = harness.server().url('localhost', '/api/v7/places/');
  const places = (await (await page.request.get(base)).json()).results as {
    uid: string;
    name: string;
  }[];
  const place = places.find((p) => p.name === placeName)!;
  const res = await page.request.get(
    harness
      .server()
      .url('localhost', `/api/v7/places/${place.uid}/products/?search=${search}&_=${bust}`),
  );
  assert.equal(res.status(), 200);
  return ((await res.json()).results as { title: string; unit_price: string }[]).map(
    (p) => `${p.title} ${p.unit_price}`,
  );
}

test(
  'the owner finds a product, changes its price and takes it off one place; the store follows',
  { skip },
  async () => {
    const { context, page } = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, '/admin/catalogue', 'dueno@aurora.pe', 'Dueno2026!');
    await page.waitForURL((url) => url.pathname === '/admin/catalogue');
    await page.getByRole('heading', { name: 'Catálogo', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Catálogo' }).waitFor();

    await page.getByLabel('Buscar productos').fill('cappu');
    await page.getByText('1 producto', { exact: true }).waitFor();
    const item = page.getByTestId('catalogue-product').filter({ hasText: 'Cappuccino' });
    await item.getByRole('button', { name: 'Editar' }).click();

    // A bad price is named at its field, and nothing is saved.
    const form = item.getByRole('form', { name: 'Cappuccino' });
    await form.getByLabel('Precio').fill('doce');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.locator('.form-field--error').getByText(/./).first().waitFor();
    assert.deepEqual(await storeSells(page, 'Aurora Miraflores', 'cappuccino', '1'), [
      'Cappuccino 10.50',
    ]);

    await form.getByLabel('Precio').fill('12.50');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Cambios guardados').waitFor();
    await item.getByText('S/', { exact: false }).filter({ hasText: '12.50' }).first().waitFor();

    const barranco = item.getByRole('group', { name: 'Aurora Barranco' });
    await barranco.getByLabel('Se ofrece en Aurora Barranco').uncheck();
    await barranco.getByRole('button', { name: 'Guardar local' }).click();
    await item.getByText(/Aurora Barranco: Inactivo/).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-catalogue-desktop.png`, fullPage: true });

    assert.deepEqual(await storeSells(page, 'Aurora Miraflores', 'cappuccino', '2'), [
      'Cappuccino 12.50',
    ]);
    assert.deepEqual(await storeSells(page, 'Aurora Barranco', 'cappuccino', '2'), []);
    await context.close();
  },
);

test('on a phone the catalogue fits the width', { skip }, async () => {
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, harness.server().url('localhost'));
  await signIn(page, '/admin/catalogue', 'gerente@aurora.pe', 'Gerente2026!');
  await page.waitForURL((url) => url.pathname === '/admin/catalogue');
  await page.getByTestId('catalogue-product').first().waitFor();
  await page
    .getByTestId('catalogue-product')
    .first()
    .getByRole('button', { name: 'Editar' })
    .click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/admin-catalogue-phone.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await context.close();
});
