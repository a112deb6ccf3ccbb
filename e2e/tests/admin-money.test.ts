import { MIRAFLORES, addToCart, demoShopper, fillShownField } from '../lib/checkout';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { choosePickupSlot } from '../lib/pickup';

// The owner's coupons in a real browser: the demo owner creates a coupon in /admin/coupons,
// the demo member types it at checkout and gets the discount, and the owner's list then
// shows the use. The manager never sees the screen.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const signIn = signInOnServer(harness);
const shopper = demoShopper(harness);

const couponRow = (page: Page, code: string) =>
  page.getByTestId('admin-coupons').locator('tr', { hasText: code });

test('the owner creates a coupon and a member uses it at checkout', { skip }, async () => {
  const server = harness.server();
  const owner = await harness.newPage({ viewport: DESKTOP });
  await acceptCookiesUpFront(owner.context, server.url('localhost'));
  await signIn(owner.page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
  const nav = owner.page.getByRole('navigation', { name: 'Secciones de la administración' });
  await nav.getByRole('link', { name: 'Cupones' }).click();
  await owner.page.getByRole('heading', { name: 'Cupones', level: 1 }).waitFor();

  // A bad value is answered on its field, in Spanish.
  await owner.page.getByLabel('Código', { exact: true }).fill('invierno20');
  await owner.page.getByLabel('Valor', { exact: true }).fill('150');
  await owner.page.getByRole('button', { name: 'Crear cupón' }).click();
  await owner.page.getByText('El porcentaje debe estar entre 0.01 y 100.00.').waitFor();
  await owner.page.getByLabel('Valor', { exact: true }).fill('20');
  await owner.page.getByLabel('Usos máximos').fill('10');
  await owner.page.getByRole('button', { name: 'Crear cupón' }).click();
  await owner.page.getByText('Cupón INVIERNO20 creado').waitFor();
  await couponRow(owner.page, 'INVIERNO20').waitFor();
  assert.equal(
    (await couponRow(owner.page, 'INVIERNO20').locator('td').nth(2).innerText()).trim(),
    '0 / 10',
  );
  await owner.page.screenshot({ path: `${SHOTS}/admin-coupons-desktop.png`, fullPage: true });

  // The member types it at checkout.
  const member = await harness.newPage();
  await acceptCookiesUpFront(member.context, server.url('localhost'));
  const page = member.page;
  await signIn(page, '/login', 'demo@aurora.pe', 'Aurora2026!');
  await page.goto(server.url('localhost', '/products'));
  await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
  await addToCart(page, 'Pan de chocolate');
  await shopper.openCheckout(page);
  await fillShownField(
    page.getByLabel('Dirección de facturación'),
    'Av. Arequipa 4500, Miraflores',
  );
  await page.getByLabel('Código').fill('invierno20');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByText('Cupón INVIERNO20 aplicado').waitFor();
  await page.getByLabel('Recojo en tienda').check();
  await choosePickupSlot(page);
  await page.getByLabel(/Efectivo/).check();
  await page.waitForFunction(
    () => document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false',
  );
  const discount = (await page.getByTestId('summary-discount').innerText()).trim();
  assert.match(discount, /^- S\/ \d+\.\d{2}$/);
  await page.locator('.checkout__submit').click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  await page.getByTestId('order-discount').waitFor();

  // The owner's list shows the use.
  await owner.page.reload();
  await couponRow(owner.page, 'INVIERNO20').waitFor();
  assert.equal(
    (await couponRow(owner.page, 'INVIERNO20').locator('td').nth(2).innerText()).trim(),
    '1 / 10',
  );
  await owner.context.close();
  await member.context.close();
});

test(
  'on a phone the coupons screen fits; the manager has no coupons screen',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    await signIn(owner.page, '/admin/coupons', 'dueno@aurora.pe', 'Dueno2026!');
    await owner.page.getByRole('heading', { name: 'Cupones', level: 1 }).waitFor();
    await owner.page.getByRole('button', { name: 'Crear cupón' }).waitFor();
    await owner.page.screenshot({ path: `${SHOTS}/admin-coupons-phone.png`, fullPage: true });
    const overflow = await owner.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await owner.context.close();

    const manager = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(manager.context, server.url('localhost'));
    await signIn(manager.page, '/admin', 'gerente@aurora.pe', 'Gerente2026!');
    await manager.page.getByTestId('admin-dashboard').waitFor();
    const nav = manager.page.getByRole('navigation', { name: 'Secciones de la administración' });
    // The manager's areas, without the owner's money screens (coupons, payments and taxes,
    // electronic receipts).
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
      'Resumen',
      'Reportes',
      'Pedidos',
      'Catálogo',
      'Categorías',
      'Locales',
      'Clientes',
      'Promociones',
      'Sorteos',
      'Encuestas',
      'Anuncios',
      'Página de inicio',
      'Marca y textos legales',
      'Atención en tienda',
    ]);
    await manager.context.close();
  },
);

test('the owner switches a payment method off and on and sets the tax rate', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport: DESKTOP });
  await acceptCookiesUpFront(context, server.url('localhost'));
  await signIn(page, '/admin/payments', 'dueno@aurora.pe', 'Dueno2026!');
  await page.getByRole('heading', { name: 'Pagos e impuestos', level: 1 }).waitFor();
  const card = page.locator('[data-method="card-on-delivery"]');
  const offered = () =>
    page.evaluate(async () => {
      const places = (await (await fetch('/api/v7/places/')).json()) as {
        results: { uid: string }[];
      };
      const r = await fetch(`/api/v5/places/${places.results[0].uid}/checkout-options/`);
      const body = (await r.json()) as { payment_methods: { name: string }[] };
      return body.payment_methods.map((m) => m.name);
    });
  assert.ok((await offered()).includes('Tarjeta contra entrega'));
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Desactivar' }).click();
  // Exact: 'Activar' alone also matches 'Desactivar', and the wait would end before the change.
  await card.getByRole('button', { name: 'Activar', exact: true }).waitFor();
  assert.ok(!(await offered()).includes('Tarjeta contra entrega'));
  await card.getByRole('button', { name: 'Activar', exact: true }).click();
  await card.getByRole('button', { name: 'Desactivar' }).waitFor();
  assert.ok((await offered()).includes('Tarjeta contra entrega'));

  await page.getByLabel('Tasa (%)').fill('200');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await page.getByText('La tasa debe estar entre 0.00 y 100.00.').waitFor();
  await page.getByLabel('Tasa (%)').fill('18');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await page.getByText('Cambios guardados').waitFor();
  await page.screenshot({ path: `${SHOTS}/admin-payments-desktop.png`, fullPage: true });
  await context.close();
});
