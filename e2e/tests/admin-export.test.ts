import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInFrom } from '../lib/sign-in';
import { downloadedText } from '../lib/download';

// The way into /admin from the store's side menu and the staff console (owners and managers
// only), and the owner's 'Exportar tienda' on /admin/settings downloading the store's file.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const signIn = (page: Page, email: string, password: string) =>
  signInFrom(page, harness.server().url('localhost', '/login'), email, password);

async function openSideMenu(page: Page) {
  // The home of this store is its landing page; the profile has the store's header.
  await page.goto(harness.server().url('localhost', '/profile'));
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  return page.getByRole('navigation', { name: 'Menú' });
}

test(
  'owners and managers reach /admin from the side menu and the staff console; cashiers and members do not see it',
  { skip },
  async () => {
    for (const [email, password, admin] of [
      ['dueno@aurora.pe', 'Dueno2026!', true],
      ['gerente@aurora.pe', 'Gerente2026!', true],
      ['cajero@aurora.pe', 'Cajero2026!', false],
      ['demo@aurora.pe', 'Aurora2026!', false],
    ] as const) {
      const { context, page } = await harness.newPage({ viewport: PHONE });
      await acceptCookiesUpFront(context, harness.server().url('localhost'));
      await signIn(page, email, password);
      const menu = await openSideMenu(page);
      // The menu has settled once the account's own entries show.
      await menu.getByRole('link', { name: 'Mi perfil' }).waitFor();
      if (email !== 'demo@aurora.pe')
        await menu.getByRole('link', { name: 'Atención en tienda' }).waitFor();
      const entry = menu.getByRole('link', { name: 'Administración' });
      if (!admin) {
        assert.equal(await entry.count(), 0, `${email} sees no back-office entry`);
        await context.close();
        continue;
      }
      if (email === 'dueno@aurora.pe')
        await page.screenshot({ path: `${SHOTS}/side-menu-admin.png` });
      await entry.click();
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByTestId('admin-dashboard').waitFor();

      await page.goto(harness.server().url('localhost', '/staff'));
      const toAdmin = page.getByTestId('staff-to-admin');
      await toAdmin.waitFor();
      assert.equal(await toAdmin.innerText(), 'Administración');
      await toAdmin.click();
      await page.waitForURL((url) => url.pathname === '/admin');
      await context.close();
    }
    // The cashier's staff console has no way in either.
    const { context, page } = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, 'cajero@aurora.pe', 'Cajero2026!');
    await page.goto(harness.server().url('localhost', '/staff'));
    await page.locator('.staff-tabs a').first().waitFor();
    assert.equal(await page.getByTestId('staff-to-admin').count(), 0);
    await context.close();
  },
);

test(
  "the owner downloads 'Exportar tienda' from Ajustes: a tenant file naming the store; the manager has no Ajustes",
  { skip },
  async () => {
    const { context, page } = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, 'dueno@aurora.pe', 'Dueno2026!');
    await page.goto(harness.server().url('localhost', '/admin'));
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Ajustes' }).click();
    await page.getByRole('heading', { name: 'Ajustes', level: 1 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar tienda' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^demo-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await downloadedText(download));
    assert.equal(file.app.key, 'demo');
    assert.equal(file.app.domain, 'localhost');
    assert.ok(file.companies.some((c: { name: string }) => c.name === 'Café Aurora'));
    assert.ok(!JSON.stringify(file).includes('"password"'));
    await page
      .getByRole('status')
      .getByText(/Archivo demo-.*\.json descargado\./)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-settings-desktop.png`, fullPage: true });
    await context.close();

    const phone = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(phone.context, harness.server().url('localhost'));
    await signIn(phone.page, 'gerente@aurora.pe', 'Gerente2026!');
    await phone.page.goto(harness.server().url('localhost', '/admin'));
    await phone.page.getByTestId('admin-dashboard').waitFor();
    await phone.page.getByRole('button', { name: 'Menú' }).click();
    const phoneNav = phone.page.getByRole('navigation', { name: 'Secciones de la administración' });
    await phoneNav.getByRole('link', { name: 'Resumen' }).waitFor();
    assert.equal(await phoneNav.getByRole('link', { name: 'Ajustes' }).count(), 0);
    await phone.page.goto(harness.server().url('localhost', '/admin/settings'));
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await phone.page.getByRole('button', { name: 'Exportar tienda' }).count(), 0);
    await phone.context.close();
  },
);
