import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront } from '../lib/harness';
import { choosePickupSlot } from '../lib/pickup';
import { fillShownField } from '../lib/checkout';
import { formatFindings, seriousViolations } from '../lib/axe';
import { useHarnessWithSmtp } from '../lib/smtp';
import { confirmMerchantEmail, createMerchantAccount, fillStoreForm } from '../lib/merchant-signup';
import { apiFromPage } from '../lib/member-orders';
import { signIn as signInAt } from '../lib/sign-in';

// Issue 18 in a real browser: on the demo marketplace merchants.localhost a merchant registers,
// confirms the email from the mail received over SMTP, creates a store at /crear-tienda and
// lands on its onboarding checklist; the marketplace owner approves it in /admin/stores; the
// merchant completes the steps; a shopper finds the store on the marketplace home and orders.
const { harness, inbox } = useHarnessWithSmtp({ env: { RATE_LIMIT_FACTOR: '100' } });
const { skip } = harness;
const HOST = 'merchants.localhost';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

async function newPage(viewport?: { width: number; height: number }) {
  const server = harness.server();
  const opened = await harness.newPage(viewport ? { viewport } : undefined);
  await acceptCookiesUpFront(opened.context, server.url(HOST));
  return opened.page;
}

const signIn = (page: Page, email: string, password: string) =>
  signInAt(page, harness.server().url(HOST, '/login'), email, password);

/** The marketplace home: / is the shoppers' directory of stores (issue 36 row 10). */
async function openHome(page: Page) {
  await page.goto(harness.server().url(HOST, '/'));
  await page.locator('.multisite-home .hero__title').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await page
    .locator('.multisite-home[aria-busy="true"], .loading')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/**
 * The place editor's opening hours (issue 36 row 6): Monday 00:00-23:59 copied to Tuesday-Friday,
 * Saturday the same, Sunday split in two shifts, and a holiday closure, so the shopper below
 * finds pickup slots whatever the time.
 */
async function setAllDayHours(page: Page) {
  const day = async (name: string, label: string) => {
    const row = page.getByTestId(`place-day-${name}`);
    await row.getByLabel(`Abre el ${label}`).check();
    const shift = row.getByTestId(`shift-${name}-0`);
    await shift.getByLabel('Abre a las').fill('00:00');
    await shift.getByLabel('Cierra a las').fill('23:59');
    return row;
  };
  await day('monday', 'lunes');
  await page
    .getByRole('button', { name: 'Copiar el horario del lunes de martes a viernes' })
    .click();
  await day('saturday', 'sábado');
  const sunday = await day('sunday', 'domingo');
  await sunday.getByTestId('shift-sunday-0').getByLabel('Cierra a las').fill('12:00');
  await sunday.getByRole('button', { name: 'Agregar turno' }).click();
  const second = sunday.getByTestId('shift-sunday-1');
  await second.getByLabel('Abre a las').fill('12:00');
  await second.getByLabel('Cierra a las').fill('23:59');
  const closures = page.getByTestId('place-closures');
  await closures.getByRole('button', { name: 'Agregar día cerrado' }).click();
  await closures.getByLabel('Fecha').fill('2099-01-01');
  await closures.getByLabel('Motivo (opcional)').fill('Año Nuevo');
}

async function noSeriousViolations(page: Page, label: string) {
  const findings = await seriousViolations(page, label);
  assert.equal(findings.length, 0, formatFindings(findings));
}

test(
  'a merchant signs up, is approved, adds a product, and a shopper orders it from the marketplace',
  { skip },
  async () => {
    const stamp = `${Date.now().toString(36)}`;
    const email = `tienda.${stamp}@example.com`;
    const password = 'Tienda-Clave-1';
    const storeName = `Bodega Rosa ${stamp}`;

    // The landing's "Crear mi tienda gratis" is ours now: /crear-tienda asks for an account first.
    const merchant = await newPage();
    await merchant.goto(harness.server().url(HOST, '/landing'));
    await merchant
      .getByRole('link', { name: /Crear mi tienda gratis/ })
      .first()
      .click();
    await merchant.waitForURL((url) => url.pathname === '/crear-tienda');
    await createMerchantAccount(merchant, {
      firstName: 'Rosa',
      lastName: 'Huamán',
      email,
      password,
      documentLead: '6',
      mobileTail: '2',
    });
    await merchant.waitForURL((url) => !url.pathname.startsWith('/register'));

    // Not confirmed yet: the page says so. The mailed link confirms the address.
    await merchant.goto(harness.server().url(HOST, '/crear-tienda'));
    await merchant.getByRole('heading', { name: 'Confirma tu correo' }).waitFor();
    await confirmMerchantEmail(merchant, inbox(), email);

    // The store form: a field error beside its field, then the store is created.
    await merchant.goto(harness.server().url(HOST, '/crear-tienda'));
    await merchant.getByRole('heading', { name: 'Crea tu tienda gratis' }).waitFor();
    await merchant.getByRole('button', { name: 'Crear mi tienda' }).click();
    await merchant.getByText('Debes aceptar los términos y condiciones').waitFor();
    await fillStoreForm(merchant, {
      name: storeName,
      district: { index: 1 },
      address: 'Jr. Los Pinos 123',
    });
    await merchant.screenshot({ path: `${SHOTS}/marketplace-signup-form.png`, fullPage: true });
    await noSeriousViolations(merchant, 'store sign-up');
    await merchant.getByRole('button', { name: 'Crear mi tienda' }).click();

    // The new owner lands in /admin on the checklist; nothing public yet.
    await merchant.waitForURL((url) => url.pathname === '/admin');
    const checklist = merchant.getByTestId('onboarding');
    await checklist.getByText('Tu tienda aún no se ve en el mercado').waitFor();
    assert.equal(await checklist.locator('.onboarding__step--done').count(), 0);
    await merchant.screenshot({ path: `${SHOTS}/marketplace-checklist.png`, fullPage: true });
    await noSeriousViolations(merchant, 'onboarding checklist');
    const shopper = await newPage({ width: 375, height: 740 });
    await openHome(shopper);
    assert.equal(await shopper.getByText(storeName).count(), 0, 'pending: not on the home');

    // The hours step in the place editor (issue 36 row 1): delivery is off and its radius 0,
    // and saving the hours works. Open all day, so the shopper below finds pickup slots.
    await checklist.getByRole('link', { name: 'Ir: Indica el horario de tu local' }).click();
    await merchant.waitForURL((url) => url.pathname === '/admin/places');
    await merchant.getByRole('link', { name: /^Editar: / }).click();
    await merchant.waitForURL(/\/admin\/places\/[0-9a-f-]{36}$/);
    await setAllDayHours(merchant);
    // A field error the server gives for a field not on screen shows as the form's alert.
    await merchant.route(
      '**/api/v5/admin/places/*/',
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                'delivery.max_radius_km': ['Radio fuera de rango (prueba).'],
              }),
            })
          : route.fallback(),
      { times: 1 },
    );
    await merchant.getByRole('button', { name: 'Guardar' }).click();
    await merchant
      .getByRole('alert')
      .filter({ hasText: 'Radio fuera de rango (prueba).' })
      .waitFor();
    await merchant.getByRole('button', { name: 'Guardar' }).click();
    await merchant.getByText('Cambios guardados').waitFor();
    for (const [width, height] of [
      [390, 844],
      [1366, 768],
    ]) {
      await merchant.setViewportSize({ width, height });
      await merchant.screenshot({ path: `${SHOTS}/place-hours-${width}.png`, fullPage: true });
    }
    const placeList = await apiFromPage<{ results: { uid: string; version: number }[] }>(
      merchant,
      'GET',
      'v5/admin/places/',
    );
    const place = placeList.results[0];
    // Saved as typed: Sunday's two shifts and the closure.
    const saved = await apiFromPage<{
      timetable: { days: Record<string, unknown[]>; closures: { date: string; note: string }[] };
    }>(merchant, 'GET', `v5/admin/places/${place.uid}/`);
    assert.equal(saved.timetable.days.sunday.length, 2);
    assert.equal(saved.timetable.days.friday.length, 1);
    assert.deepEqual(saved.timetable.closures, [{ date: '2099-01-01', note: 'Año Nuevo' }]);
    await apiFromPage(merchant, 'POST', 'v5/admin/products/', {
      title: 'Gaseosa helada',
      price: '3.50',
      places: [{ place: place.uid, stock: 20 }],
    });
    const methods = await apiFromPage<{ uid: string; type: string; version: number }[]>(
      merchant,
      'GET',
      'v5/admin/money/payment-methods/',
    );
    const cash = methods.find((m) => m.type === 'CASH')!;
    await apiFromPage(merchant, 'PATCH', `v5/admin/money/payment-methods/${cash.uid}/`, {
      is_active: true,
      version: cash.version,
    });
    await apiFromPage(merchant, 'PATCH', 'v5/admin/onboarding/store/', {
      logo: '/demo/merchants-logo.svg',
      version: (
        await apiFromPage<{ store: { version: number } }>(merchant, 'GET', 'v5/admin/onboarding/')
      ).store.version,
    });
    await merchant.goto(harness.server().url(HOST, '/admin'));
    await checklist.locator('.onboarding__step--done').nth(3).waitFor();
    await merchant.getByRole('button', { name: 'Pedir revisión' }).click();
    await checklist.getByText('Pediste la revisión').waitFor();

    // The marketplace owner approves it in /admin/stores (after a confirmation).
    const owner = await newPage();
    await signIn(owner, 'municipio@merchants.pe', 'Municipio2026!');
    await owner.goto(harness.server().url(HOST, '/admin/stores'));
    await owner.getByRole('heading', { name: 'Tiendas', level: 1 }).waitFor();
    const card = owner.locator('.stores-card').filter({ hasText: storeName });
    await card.getByText(email).waitFor();
    await card.getByRole('button', { name: `Aprobar: ${storeName}` }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Sí, continuar' }).click();
    await owner.getByText(`${storeName} fue aprobada.`).waitFor();
    await owner.screenshot({ path: `${SHOTS}/marketplace-stores.png`, fullPage: true });
    await noSeriousViolations(owner, 'marketplace stores');
    const approved = await inbox().waitFor(email, /aprobada/);
    assert.match(approved.text, /Abrir la administración/);

    // A shopper finds it on the marketplace home (on a phone) and orders its product, cash at pickup.
    await signIn(shopper, 'vecino@merchants.pe', 'Vecino2026!');
    await openHome(shopper);
    await shopper.screenshot({ path: `${SHOTS}/marketplace-home-phone.png`, fullPage: true });
    await shopper
      .getByRole('link', { name: new RegExp(storeName) })
      .first()
      .click();
    await shopper.waitForURL(/\/c\/[0-9a-f-]{36}\//);
    const product = shopper.locator('[data-product="Gaseosa helada"]');
    await product.waitFor();
    await product.click();
    const dialog = shopper.getByRole('dialog');
    await dialog.getByRole('button', { name: /^(Agregar|Editar)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    // To the cart as a shopper goes, by the store's cart bar once the line is in it.
    await shopper.locator('.cart-bar').getByText('Ver carrito').click();
    await shopper.waitForURL(/\/c\/[0-9a-f-]{36}\/cart$/);
    await shopper.getByRole('link', { name: 'Continuar con la compra' }).click();
    await shopper.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
    await shopper.getByLabel('Recojo en tienda').check();
    await choosePickupSlot(shopper);
    await shopper.getByLabel(/Efectivo/).check();
    // A pickup paid at the counter asks for no billing address (issue 36 row 15).
    await fillShownField(shopper.getByLabel('Dirección de facturación'), 'Av. Principal 100');
    await shopper.waitForFunction(
      () => document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false',
    );
    await shopper.locator('.checkout__submit').click();
    await shopper.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await shopper.getByTestId('order-status').waitFor();

    // The order reached the new store's back office.
    const orders = await apiFromPage<{ count: number; results: { total: string }[] }>(
      merchant,
      'GET',
      'v5/admin/orders/',
    );
    assert.equal(orders.count, 1);
    assert.equal(orders.results[0].total, '3.50');
  },
);
