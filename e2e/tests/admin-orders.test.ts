import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { choosePickupSlot } from '../lib/pickup';

// The owner's orders in a real browser: the demo member pays an order with the sandbox card,
// the demo owner finds it in /admin/orders by its payment state and number, opens it, cancels
// it after the confirmation and sees its refund done; the CSV holds the filtered orders; on a
// phone the list is cards that fit the screen.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const MIRAFLORES = 'Aurora Miraflores — Av. José Larco 812, Miraflores';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

async function signIn(page: Page, pathname: string, email: string, password: string) {
  await page.goto(harness.server().url('localhost', pathname));
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The demo member buys a pan de chocolate for pickup with the sandbox card; answers its number. */
async function paidOrder(): Promise<number> {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await acceptCookiesUpFront(context, server.url('localhost'));
  await signIn(page, '/login', 'demo@aurora.pe', 'Aurora2026!');
  await page.goto(server.url('localhost', '/products'));
  await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
  await page.locator('[data-product="Pan de chocolate"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(Agregar|Editar)$/ }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.goto(server.url('localhost', '/cart'));
  await page.getByRole('link', { name: 'Continuar con la compra' }).click();
  await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
  await page.getByLabel('Dirección de facturación').fill('Av. Arequipa 4500, Miraflores');
  await page.getByLabel('Recojo en tienda').check();
  await choosePickupSlot(page);
  await page.getByLabel(/Tarjeta en línea/).check();
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Vencimiento (MM/AA)').pressSequentially('1230');
  await page.getByLabel('CVC').fill('123');
  await page.waitForFunction(
    () => document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false',
  );
  await page.locator('.checkout__submit').click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  const uid = new URL(page.url()).pathname.split('/').pop()!;
  const order = await page.evaluate(async (u) => {
    const response = await fetch(`/api/v5/me/orders/${u}/`, {
      headers: { Authorization: `Token ${localStorage.getItem('token')}` },
    });
    return (await response.json()) as { number: number; payment_status: string };
  }, uid);
  assert.equal(order.payment_status, 'PAID');
  await context.close();
  return order.number;
}

test(
  'the owner filters the orders, opens a card-paid one, cancels it and sees the refund',
  { skip },
  async () => {
    const number = await paidOrder();
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(context, server.url('localhost'));
    await signIn(page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Pedidos' }).click();
    await page.getByRole('heading', { name: 'Pedidos', level: 1 }).waitFor();
    // The demo store's weeks of orders fill more than one page.
    await page.getByText(/Página 1 de \d+/).waitFor();

    await page.getByLabel('Estado del pago').selectOption({ label: 'Pagado' });
    await page.getByTestId('admin-orders-search').fill(String(number));
    // The previous answer stays on screen (dimmed, aria-busy) until the filtered one arrives: the
    // rows are read once the list for this filter and search is the one shown.
    await page.waitForURL(
      (url) =>
        url.searchParams.get('payment_status') === 'PAID' &&
        url.searchParams.get('q') === String(number),
    );
    const row = page.locator(`[aria-busy="false"] tr[data-order="${number}"]`);
    await row.waitFor();
    for (const text of await page.locator('tbody tr td:nth-child(6)').allInnerTexts())
      assert.equal(text.trim(), 'Pagado');
    await page.screenshot({ path: `${SHOTS}/admin-orders-desktop.png`, fullPage: true });

    // Sorting by total: the header says so to assistive technology.
    await page.getByRole('button', { name: /^Total/ }).click();
    await page
      .getByRole('columnheader', { name: /Total/ })
      .and(page.locator('[aria-sort="descending"]'))
      .waitFor();

    // A CSV of the filtered list.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('admin-orders-csv').click(),
    ]);
    assert.match(download.suggestedFilename(), /^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\n');
    assert.match(lines[0], /^numero,fecha,local,estado,pago,estado_pago/);
    assert.ok(
      lines.slice(1).some((l) => l.startsWith(`${number},`)),
      csv,
    );
    assert.ok(
      lines.slice(1).every((l) => l.includes(',Pagado,')),
      csv,
    );

    await row.getByRole('link', { name: `Ver pedido #${number}` }).click();
    const detail = page.getByTestId('admin-order');
    await detail.getByRole('heading', { name: `Pedido ${number}` }).waitFor();
    await detail.getByText('Pan de chocolate').waitFor();
    await detail.getByText('Tarjeta terminada en 4242').waitFor();
    await detail.getByText('Sin reembolsos.').waitFor();

    await detail.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = detail.getByRole('alertdialog');
    await confirm.getByText(/Se reembolsarán S\/\. \d+\.\d{2} a la tarjeta del cliente/).waitFor();
    await confirm.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByTestId('admin-order-status').getByText('Cancelado por la tienda').waitFor();
    const refunds = page.getByTestId('admin-order-refunds');
    await refunds.getByText('Reembolsado').waitFor({ timeout: 15_000 });
    await page
      .getByTestId('admin-order-history')
      .getByText(/cambió el estado a «Cancelado por la tienda»/)
      .waitFor();
    assert.equal(await detail.getByRole('button', { name: 'Cancelar pedido' }).count(), 0);
    await page.screenshot({ path: `${SHOTS}/admin-order-canceled-desktop.png`, fullPage: true });

    // Back to the list, with its filters: the order is now refunded.
    await page.getByRole('link', { name: 'Volver a pedidos' }).click();
    await page.getByLabel('Estado del pago').selectOption({ label: 'Reembolsado' });
    await page.locator(`tr[data-order="${number}"]`).getByText('Cancelado por la tienda').waitFor();
    await context.close();
  },
);

test('on a phone the orders are cards that fit the screen', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, server.url('localhost'));
  await signIn(page, '/admin/orders', 'dueno@aurora.pe', 'Dueno2026!');
  await page.getByRole('heading', { name: 'Pedidos', level: 1 }).waitFor();
  const cards = page.locator('.admin-order-card');
  await cards.first().waitFor();
  assert.equal(await page.locator('table.admin-orders').count(), 0, 'no wide table on a phone');
  assert.equal(await cards.count(), 20);
  await page.screenshot({ path: `${SHOTS}/admin-orders-phone.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);

  // A search nobody matches says so; clearing the filters brings the list back.
  await page.getByTestId('admin-orders-search').fill('nadie-asi-se-llama');
  await page
    .getByTestId('admin-orders-empty')
    .getByText('Ningún pedido coincide con los filtros.')
    .waitFor();
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await cards.first().waitFor();
  await cards.first().click();
  await page.getByTestId('admin-order').waitFor();
  await page.screenshot({ path: `${SHOTS}/admin-order-phone.png`, fullPage: true });
  const detailOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(detailOverflow <= 0, `the order is ${detailOverflow}px wider than the phone`);
  await context.close();
});
