import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { downloadedText } from '../lib/download';
import { signInOnServer } from '../lib/sign-in';

// The owner's members in a real browser: the demo owner finds the demo member (Ana Quispe) by
// part of her name, opens her, reads her balances and ledger from the tenant file, and exports
// the list as CSV. On a phone the screens fit; the manager has the screen too.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

const signIn = signInOnServer(harness);

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test(
  'the owner finds the demo member by part of the name, opens them, sees balances and ledger, exports',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(context, server.url('localhost'));
    await signIn(page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    const table = page.getByTestId('admin-members');
    await table.waitFor();

    // Part of the surname, in capitals and with an accent the name does not have.
    await page.getByTestId('admin-members-search').fill('QUÍSP');
    await page.getByRole('heading', { name: '1 cliente', level: 2 }).waitFor();
    const row = table.locator('tbody tr');
    assert.equal(await row.count(), 1);
    assert.match(await row.innerText(), /demo@aurora\.pe/);
    assert.match(await row.innerText(), /630/);
    await page.screenshot({ path: `${SHOTS}/admin-members-desktop.png`, fullPage: true });

    // The export takes the search: one member, with a BOM and the Spanish headers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('admin-members-export').click(),
    ]);
    assert.match(download.suggestedFilename(), /^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(download);
    assert.ok(csv.startsWith('\uFEFF'), 'UTF-8 with BOM');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    assert.equal(lines[0], 'nombre,apellido,email,telefono,documento,cliente_desde,puntos,monedas');
    assert.equal(lines.length, 2, csv);
    assert.match(lines[1], /^Ana,Quispe,demo@aurora\.pe,'\+51987650001,45678912,.*,630,120$/);
    await page.getByText(/^Se descargó clientes-/).waitFor();

    // Her profile: balances from the tenant file (350 + 280 points, 120 coins, 4 stamps).
    await row.getByRole('link', { name: 'Ana Quispe' }).click();
    await page.waitForURL((url) => /^\/admin\/members\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Ana Quispe', level: 1 }).waitFor();
    const balances = page.getByTestId('admin-member-balances');
    const card = (label: string) =>
      balances.locator('.admin-card', { has: page.getByText(label, { exact: true }) });
    assert.equal((await card('Puntos').locator('dd').innerText()).trim(), '630');
    assert.equal((await card('Monedas').locator('dd').innerText()).trim(), '120');
    assert.equal((await card('Sellos').locator('dd').innerText()).trim(), '4');
    await page.getByText('Aurora Club', { exact: true }).first().waitFor();

    // The ledger tab (the first one): the welcome points and the order's, newest first.
    const ledger = page.getByTestId('admin-member-ledger');
    await ledger.waitFor();
    const text = await ledger.innerText();
    assert.match(text, /Ganó · Bienvenida al club/);
    assert.match(text, /\+350 Puntos/);
    assert.match(text, /\+280 Puntos/);
    assert.match(text, /\+120 Monedas/);
    await page.getByLabel('Moneda').selectOption({ label: 'Monedas' });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="admin-member-ledger"] tbody tr').length === 1,
    );
    assert.match(await ledger.innerText(), /\+120 Monedas/);
    await page.screenshot({ path: `${SHOTS}/admin-member-desktop.png`, fullPage: true });

    // The other tabs answer too (she has no orders or redemptions in the demo).
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    await page.getByText('Sin pedidos en los locales que ves.').waitFor();
    await page.getByRole('tab', { name: 'Pedidos' }).press('ArrowRight');
    assert.equal(
      await page.getByRole('tab', { name: 'Canjes' }).getAttribute('aria-selected'),
      'true',
    );
    await page.getByText('Sin canjes.').waitFor();

    // An unknown member is said so, not a blank page.
    await page.goto(server.url('localhost', '/admin/members/00000000-0000-0000-0000-000000000000'));
    await page.getByText('No se encontró el cliente.').waitFor();
    await context.close();
  },
);

test('on a phone the members screens fit; the manager opens them too', { skip }, async () => {
  const server = harness.server();
  const owner = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(owner.context, server.url('localhost'));
  await signIn(owner.page, '/admin/members', 'dueno@aurora.pe', 'Dueno2026!');
  await owner.page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
  await owner.page.getByTestId('admin-members').waitFor();
  await owner.page.screenshot({ path: `${SHOTS}/admin-members-phone.png`, fullPage: true });
  assert.ok((await overflowOf(owner.page)) <= 0, 'the list is wider than the phone');
  await owner.page.getByRole('link', { name: 'Ana Quispe' }).click();
  await owner.page.getByTestId('admin-member-ledger').waitFor();
  await owner.page.screenshot({ path: `${SHOTS}/admin-member-phone.png`, fullPage: true });
  assert.ok((await overflowOf(owner.page)) <= 0, 'the profile is wider than the phone');
  await owner.context.close();

  const manager = await harness.newPage({ viewport: DESKTOP });
  await acceptCookiesUpFront(manager.context, server.url('localhost'));
  await signIn(manager.page, '/admin/members', 'gerente@aurora.pe', 'Gerente2026!');
  await manager.page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
  await manager.page.getByRole('link', { name: 'Ana Quispe' }).waitFor();
  await manager.context.close();
});
