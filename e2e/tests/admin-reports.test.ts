import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { apiFromPage, placePickupOrder } from '../lib/member-orders';
import { downloadedText } from '../lib/download';

// Selling more (issue 39) in a real browser: the owner's Reportes show a sale the member placed
// in this test, in the product table and chart, and its CSV downloads; a low-stock threshold set
// on the product screen warns on the dashboard once a sale goes below it, and the sale is one of
// the product's stock movements.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 768 };

const signIn = signInOnServer(harness);

async function memberPage() {
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, harness.server().url('localhost'));
  await signIn(page, '/login', 'demo@aurora.pe', 'Aurora2026!');
  return { context, page };
}

/** A product of the Miraflores place without options, as the member's API lists it. */
async function plainProduct(page: Page, skipUid?: string) {
  type Place = { uid: string; name: string };
  const places = (await apiFromPage<{ results: Place[] }>(page, 'GET', 'v7/places/')).results;
  const place = places.find((p) => p.name.includes('Miraflores'))!.uid;
  const products = (
    await apiFromPage<{
      results: { uid: string; title: string; stock: number | null; option_groups: unknown[] }[];
    }>(page, 'GET', `v7/places/${place}/products/?page_size=100`)
  ).results;
  return products.find(
    (p) => p.option_groups.length === 0 && p.uid !== skipUid && (p.stock === null || p.stock >= 3),
  )!;
}

const noOverflow = async (page: Page, what: string) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `${what} is ${overflow}px wider than the screen`);
};

test(
  "the owner's Reportes show today's sale in the product table and chart, and its CSV downloads",
  { skip },
  async () => {
    const member = await memberPage();
    const product = await plainProduct(member.page);
    await placePickupOrder(member.page, { product: product.uid, quantity: 1 });
    await member.context.close();

    const { context, page } = await harness.newPage({ viewport: WIDE });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Reportes' }).click();
    await page.getByRole('heading', { name: 'Reportes', level: 1 }).waitFor();
    await page.getByTestId('report-preset-today').click();
    const section = page.locator('[aria-busy="false"] [data-testid="report-product"]');
    const row = section
      .getByTestId('report-product-table')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: product.title, exact: true }) });
    await row.waitFor();
    const chart = section.getByRole('img', { name: /Por producto: ventas en S\/ por producto/ });
    await chart.locator(`[data-row="${product.title}"] rect`).waitFor({ state: 'attached' });
    assert.equal(await chart.getByText('Ventas (S/)').count(), 1, 'the value axis has its title');
    await page.screenshot({ path: `${SHOTS}/admin-reports-1366.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-product-csv').click(),
    ]);
    assert.match(
      download.suggestedFilename(),
      /^reporte-product-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await downloadedText(download);
    assert.ok(csv.includes(product.title), 'the CSV lists the product sold');
    await section
      .getByRole('status')
      .getByText(/Descargaste reporte-product-/)
      .waitFor();
    await context.close();

    // On a phone the screen fits: the tables scroll inside their panels.
    const phone = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(phone.context, harness.server().url('localhost'));
    await signIn(phone.page, '/admin/reports', 'dueno@aurora.pe', 'Dueno2026!');
    await phone.page.getByTestId('admin-reports').waitFor();
    await noOverflow(phone.page, 'Reportes');
    await phone.page.screenshot({ path: `${SHOTS}/admin-reports-390.png`, fullPage: true });
    await phone.page
      .getByTestId('report-product')
      .screenshot({ path: `${SHOTS}/admin-reports-product-390.png` });
    await phone.context.close();
  },
);

test(
  'a threshold set on the product warns on the dashboard once a sale goes below it; the sale is a stock movement',
  { skip },
  async () => {
    const member = await memberPage();
    const product = await plainProduct(member.page);

    const { context, page } = await harness.newPage({ viewport: WIDE });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, `/admin/catalogue/products/${product.uid}`, 'dueno@aurora.pe', 'Dueno2026!');
    await page.getByLabel(/^Stock en .*Miraflores/).fill('3');
    await page.getByLabel(/^Avísame con stock bajo en .*Miraflores/).fill('2');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.locator('.Toastify__toast').getByText('Cambios guardados').waitFor();
    // The manual change is the first movement.
    await page
      .getByTestId('product-movements-table')
      .locator('tr[data-reason="manual"]')
      .first()
      .waitFor();

    await placePickupOrder(member.page, { product: product.uid, quantity: 2 });
    await member.context.close();

    await page.goto(harness.server().url('localhost', '/admin'));
    const card = page.getByTestId('low-stock');
    const link = card.getByRole('link', { name: product.title, exact: true });
    await link.waitFor();
    await card.getByText('Quedan 1 (aviso: 2)').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-low-stock-1366.png` });
    await link.click();
    await page.waitForURL((url) => url.pathname === `/admin/catalogue/products/${product.uid}`);
    const sale = page
      .getByTestId('product-movements-table')
      .locator('tr[data-reason="sale"]')
      .first();
    await sale.waitFor();
    const cells = await sale.locator('td').allInnerTexts();
    assert.equal(cells[1].trim(), '-2');
    assert.equal(cells[2].trim(), '1');
    assert.match(cells[3], /^Venta · pedido #\d+/);
    await page.screenshot({ path: `${SHOTS}/admin-product-movements-1366.png`, fullPage: true });
    await context.close();
  },
);
