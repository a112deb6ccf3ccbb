import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { downloadedText } from '../lib/download';
import { signInOnServer } from '../lib/sign-in';

// The catalogue's CSV import and bulk edit in a real browser: the demo owner downloads the
// products file, uploads a file with one bad row (the preview names its row and column and
// nothing is written), fixes it, imports it and finds the new products in the catalogue and
// the store; then sets their stock at one place in the bulk grid, on a phone too.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const PLACE = 'Aurora Miraflores';

const signIn = signInOnServer(harness);

/** What the store lists at a place under a search (a query of its own, past the micro-cache). */
async function storeSells(page: Page, search: string, bust: string) {
  const base = harness.server().url('localhost', '/api/v7/places/');
  const places = (await (await page.request.get(base)).json()).results as {
    uid: string;
    name: string;
  }[];
  const place = places.find((p) => p.name === PLACE)!;
  const res = await page.request.get(
    harness
      .server()
      .url('localhost', `/api/v7/places/${place.uid}/products/?search=${search}&_=${bust}`),
  );
  assert.equal(res.status(), 200);
  return ((await res.json()).results as { title: string; unit_price: string }[])
    .map((p) => `${p.title} ${p.unit_price}`)
    .sort();
}

const file = (rows: string[]) => ({
  name: 'tes.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [`sku,titulo,precio,categoria,stock:${PLACE},activo:${PLACE}`, ...rows].join('\n'),
  ),
});

test(
  'the owner imports a CSV with one bad row, fixes it, and sets the new products’ stock in bulk',
  { skip },
  async () => {
    const { context, page } = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(context, harness.server().url('localhost'));
    await signIn(page, '/admin/catalogue', 'dueno@aurora.pe', 'Dueno2026!');
    await page.getByRole('heading', { name: 'Catálogo', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Importar / exportar CSV' }).click();
    await page.getByRole('heading', { name: 'Importar productos desde CSV', level: 1 }).waitFor();

    // The export: a real download, UTF-8 with BOM, a stock/offer pair per place.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar productos (CSV)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^productos-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await downloadedText(download);
    assert.ok(exported.startsWith('\uFEFFuid,version,sku,titulo'), exported.slice(0, 80));
    assert.ok(exported.includes(`stock:${PLACE},activo:${PLACE}`));
    assert.ok(exported.includes('Cappuccino'));

    // One bad row: the preview names it, and nothing is written.
    const input = page.getByLabel('Archivo CSV');
    await input.setInputFiles(
      file([
        'TE-MATCHA,Té matcha,8.00,Bebidas frías,12,sí',
        'TE-ROOIBOS,Té rooibos,gratis,Bebidas frías,5,sí',
      ]),
    );
    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    await page.getByText('Corrige las filas marcadas; no se importó nada.').waitFor();
    const bad = errors.getByTestId('import-error');
    assert.equal(await bad.count(), 1);
    assert.deepEqual(
      (await bad.locator('td').allInnerTexts()).map((s) => s.trim()),
      ['3', 'precio', 'Ingresar un número válido'],
    );
    assert.equal(await page.getByTestId('import-confirm').count(), 0);
    await page.screenshot({ path: `${SHOTS}/admin-import-errors-desktop.png`, fullPage: true });
    assert.deepEqual(await storeSells(page, 'matcha', 'csv1'), []);

    // Fixed: the preview lists the two new products; the import writes them.
    await input.setInputFiles(
      file([
        'TE-MATCHA,Té matcha,8.00,Bebidas frías,12,sí',
        'TE-ROOIBOS,Té rooibos,7.50,Bebidas frías,5,sí',
      ]),
    );
    await page.getByTestId('import-preview').waitFor();
    assert.equal(
      (await page.getByTestId('import-summary').innerText()).trim(),
      'Se crearán 2, se actualizarán 0 y quedan sin cambios 0.',
    );
    await page.screenshot({ path: `${SHOTS}/admin-import-preview-desktop.png`, fullPage: true });
    await page.getByRole('button', { name: 'Importar 2 cambios' }).click();
    await page.getByText('Importación lista: 2 creados y 0 actualizados.').waitFor();
    await page.getByRole('link', { name: 'Ver el catálogo' }).click();
    await page.getByLabel('Buscar productos').fill('te-');
    await page.getByText('2 productos', { exact: true }).waitFor();
    const titles = await page
      .getByTestId('catalogue-product')
      .locator('.admin-catalogue__name')
      .allInnerTexts();
    assert.deepEqual(titles.sort(), ['Té matcha', 'Té rooibos']);
    await page.screenshot({ path: `${SHOTS}/admin-catalogue-imported-desktop.png` });
    assert.deepEqual(
      [
        ...(await storeSells(page, 'matcha', 'csv2')),
        ...(await storeSells(page, 'rooibos', 'csv2')),
      ],
      ['Té matcha 8.00', 'Té rooibos 7.50'],
    );

    // Bulk: both selected, stock 3 at the place, one save.
    await page.getByRole('link', { name: 'Edición masiva' }).click();
    await page.getByRole('heading', { name: 'Precios y stock en bloque', level: 1 }).waitFor();
    await page.getByLabel('Local').selectOption({ label: PLACE });
    await page.getByLabel('Buscar productos').fill('te-');
    const grid = page.getByTestId('bulk-grid');
    await grid.getByTestId('bulk-row').nth(1).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="bulk-row"]').length === 2,
    );
    await page.getByLabel('Seleccionar todos').check();
    await page.getByLabel('Fijar stock').fill('3');
    await page.getByRole('button', { name: 'Aplicar stock' }).click();
    await page.getByLabel('Precio de Té matcha').fill('8.50');
    await page.screenshot({ path: `${SHOTS}/admin-bulk-desktop.png`, fullPage: true });
    await page.getByRole('button', { name: 'Guardar 2 cambios' }).click();
    await page.getByText('Se guardaron 2 productos.').waitFor();
    await page.reload();
    await page.getByLabel('Buscar productos').fill('te-');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="bulk-row"]').length === 2,
    );
    assert.equal(await page.getByLabel(`Stock de Té matcha en ${PLACE}`).inputValue(), '3');
    assert.equal(await page.getByLabel(`Stock de Té rooibos en ${PLACE}`).inputValue(), '3');
    assert.equal(await page.getByLabel('Precio de Té matcha').inputValue(), '8.50');
    assert.deepEqual(
      [
        ...(await storeSells(page, 'matcha', 'csv3')),
        ...(await storeSells(page, 'rooibos', 'csv3')),
      ],
      ['Té matcha 8.50', 'Té rooibos 7.50'],
    );
  },
);

test('the import and the bulk grid fit a phone', { skip }, async () => {
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, harness.server().url('localhost'));
  await signIn(page, '/admin/catalogue/bulk', 'dueno@aurora.pe', 'Dueno2026!');
  await page.getByRole('heading', { name: 'Precios y stock en bloque', level: 1 }).waitFor();
  await page.getByTestId('bulk-row').first().waitFor();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: `${SHOTS}/admin-bulk-phone.png`, fullPage: true });
  await page.goto(harness.server().url('localhost', '/admin/catalogue/import'));
  await page.getByRole('heading', { name: 'Importar productos desde CSV', level: 1 }).waitFor();
  await page.getByLabel('Archivo CSV').setInputFiles(file(['X-1,Producto X,abc,Nada,1,quizá']));
  await page.getByTestId('import-errors').waitFor();
  const phoneOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(phoneOverflow <= 1, `the import scrolls sideways by ${phoneOverflow}px`);
  await page.screenshot({ path: `${SHOTS}/admin-import-phone.png`, fullPage: true });
});
