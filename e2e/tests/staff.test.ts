import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptCookiesUpFront } from '../lib/harness';
import { apiFromPage, placePickupOrder as placeMemberPickupOrder } from '../lib/member-orders';
import { repoRoot, startServer, type RunningServer } from '../lib/server';
import { useHarnessWithSmtp } from '../lib/smtp';
import { alertsSeen, spyOnOrderAlerts } from '../lib/order-alerts';
import { downloadedText } from '../lib/download';

// The staff area in a real browser against the real server: the demo cashier finds the demo
// member by document, redeems a promotion, stamps, adds points, moves the member's new order
// from RECEIVED to DELIVERED while the member watches its page, and downloads the report whose
// CSV holds those records. A customer opening /staff gets the no-access page.
// Staff invitations are mailed: the server's mails go to an SMTP server started here.
const { harness, inbox } = useHarnessWithSmtp();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

async function signIn(
  email: string,
  password: string,
  viewport = TABLET,
  host = 'localhost',
  server: RunningServer = harness.server(),
) {
  const { context, page } = await harness.newPage({ viewport });
  await acceptCookiesUpFront(context, server.url(host));
  await page.goto(server.url(host, '/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The demo staff have no birthdate or gender: they skip completing the profile.
  if (new URL(page.url()).pathname.startsWith('/complete-info')) {
    await page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/complete-info'));
  }
  return page;
}

type Place = { uid: string; name: string };

/**
 * Ticks the client's consents on the new-client form (sign-up's: terms, 14 or over, data
 * processing; publicity left off). With expectRequired, the form has just refused them missing.
 */
async function consentAtCounter(page: Page, { expectRequired }: { expectRequired: boolean }) {
  for (const name of [
    'El cliente acepta los términos y condiciones',
    'El cliente declara tener 14 años o más',
    'El cliente autoriza el tratamiento de sus datos personales',
  ]) {
    const box = page.getByRole('checkbox', { name });
    if (expectRequired) assert.equal(await box.getAttribute('aria-invalid'), 'true', name);
    await box.check();
  }
  const publicity = page.getByRole('checkbox', { name: /con fines publicitarios \(opcional\)/ });
  assert.equal(await publicity.isChecked(), false);
}

const staffTabs = (page: Page) => page.getByRole('navigation', { name: 'Secciones del personal' });

/** The member orders two of a coffee at Miraflores for pickup, paying cash, as the checkout would. */
const placePickupOrder = (page: Page) =>
  placeMemberPickupOrder(page, { quantity: 2, comments: 'Sin azúcar, por favor' });

test(
  'a customer opening /staff gets the no-access page, and the menu has no staff entry',
  { skip },
  async () => {
    const page = await signIn('demo@aurora.pe', 'Aurora2026!', PHONE);
    // The store front never downloads the staff chunk, and never asks a customer's staff role
    // (it was a 403 in the console on every page load): v5/me/ says the member is no staff.
    const scripts: string[] = [];
    const staffMe: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (new URL(request.url()).pathname === '/api/v5/staff/me/') staffMe.push(request.url());
    });
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v5/me/');
    await page.goto(harness.server().url('localhost', '/products'));
    await me;
    await page.locator('[data-product]').first().waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Mi perfil' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Atención en tienda' }).count(), 0);
    assert.deepEqual(staffMe, [], 'no staff role asked for a customer');
    assert.equal((await apiFromPage<{ is_staff: boolean }>(page, 'GET', 'v5/me/')).is_staff, false);
    assert.deepEqual(
      scripts.filter((path) => /\/staff-|qr-scanner/.test(path)),
      [],
    );
    await page.goto(harness.server().url('localhost', '/staff'));
    await page.getByRole('heading', { name: 'No tienes acceso a esta sección' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/staff-no-access.png`, fullPage: true });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Mi perfil' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Atención en tienda' }).count(), 0);
    // In English too.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(harness.server().url('localhost', '/staff'));
    await page.getByRole('heading', { name: 'You do not have access to this section' }).waitFor();
    // The app key survives the "not staff" answer.
    assert.ok(await page.evaluate(() => localStorage.getItem('apiKey')));
  },
);

test(
  'the cashier serves the demo member: redeem, stamp, points, the order to DELIVERED, and the report CSV',
  { skip },
  async () => {
    const server = harness.server();
    const member = await signIn('demo@aurora.pe', 'Aurora2026!', PHONE);
    const staff = await signIn('cajero@aurora.pe', 'Cajero2026!', PHONE);
    // The board's new-order alerts are watched from the next load on.
    await spyOnOrderAlerts(staff.context());
    // A load of the store's shell (a reload of / would show the landing: a browser's first
    // visit of / goes there once, and this context has not been there yet).
    await staff.goto(server.url('localhost', '/products'));

    // The staff entry is in the menu.
    await staff.getByRole('button', { name: 'Abrir menú' }).click();
    await staff.getByRole('link', { name: 'Atención en tienda' }).click();
    await staff.getByRole('heading', { name: 'Buscar cliente' }).waitFor();

    // Look-up by document: a wrong number is not found, the member's is.
    await staff.getByLabel('Tipo de documento').selectOption('NATIONAL_ID');
    await staff.getByLabel('Número de documento').fill('11111111');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff.getByText('No se encontró el cliente.').waitFor();
    await staff.getByLabel('Número de documento').fill('45678912');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    const card = staff.getByTestId('staff-client');
    await card.getByRole('heading', { name: 'Ana Quispe' }).waitFor();
    const points = Number(await card.getByTestId('balance-points').innerText());
    const stamps = Number(await card.getByTestId('balance-stamps').innerText());
    await staff.screenshot({ path: `${SHOTS}/staff-client-phone.png`, fullPage: true });

    // Redeemable products: spending the member's coins needs the member at the counter. Found
    // by document, the card asks for the code the member's phone shows.
    const productsPanel = staff.getByTestId('staff-products');
    const coins = Number(await card.getByTestId('balance-coins').innerText());
    await productsPanel
      .locator('[data-product="Café gratis"]')
      .getByRole('button', { name: 'Canjear' })
      .click();
    await productsPanel
      .getByText('Pide al cliente el código de su pantalla', { exact: false })
      .waitFor();
    await member.goto(server.url('localhost', '/qr'));
    await member.getByRole('button', { name: 'Ver un código para la caja' }).click();
    const digits = member.getByTestId('counter-code-digits');
    await digits.waitFor();
    await member.getByText(/Vence en [12]:\d\d/).waitFor();
    await member.screenshot({ path: `${SHOTS}/member-counter-code-phone.png`, fullPage: true });
    await staff.getByLabel('Código del cliente').fill('000000');
    await productsPanel
      .locator('[data-product="Café gratis"]')
      .getByRole('button', { name: 'Canjear' })
      .click();
    await productsPanel.getByText('El código no es correcto', { exact: false }).waitFor();
    await staff.getByLabel('Código del cliente').fill(await digits.innerText());
    await staff.getByTestId('staff-proof').screenshot({ path: `${SHOTS}/staff-proof-phone.png` });
    // The mug (150) is more than the member's coins: it offers no 'Canjear' and says what is
    // missing (issue 36, row 16); a free coffee (40) is within them.
    const mug = productsPanel.locator('[data-product="Taza Aurora"]');
    await mug.getByText(`Le faltan ${150 - coins} monedas`).waitFor();
    assert.equal(await mug.getByRole('button', { name: 'Canjear' }).count(), 0);
    await productsPanel
      .locator('[data-product="Café gratis"]')
      .getByRole('button', { name: 'Canjear' })
      .click();
    await staff.getByText('Café gratis canjeado por 40 monedas').waitFor();
    await staff.waitForFunction(
      (n) => document.querySelector('[data-testid="balance-coins"]')?.textContent === String(n),
      coins - 40,
    );
    await productsPanel
      .getByText(`el cliente tiene ${coins - 40} monedas`, { exact: false })
      .waitFor();
    await productsPanel.screenshot({ path: `${SHOTS}/staff-products-phone.png` });

    // Redeem '20% en desayunos': above its maximum is refused on the form, 45.50 goes through.
    await staff
      .locator('[data-promotion="20% en desayunos"]')
      .getByRole('button', { name: 'Elegir' })
      .click();
    const redeem = staff.getByTestId('staff-redeem');
    await redeem.getByText('S/ 60.00', { exact: true }).waitFor();
    await redeem.getByLabel('Monto').fill('70');
    await redeem.getByRole('button', { name: 'Canjear' }).click();
    await redeem.getByText('El monto supera el máximo').waitFor();
    await redeem.getByLabel('Monto').fill('45.50');
    await redeem.getByRole('button', { name: 'Canjear' }).click();
    await staff.getByText('Canje registrado: 20% en desayunos').waitFor();

    // Two stamps.
    await staff.getByLabel('Cantidad').fill('2');
    await staff.getByRole('button', { name: 'Sellar' }).click();
    await staff.getByText('Se agregaron 2 sellos').waitFor();
    await staff.waitForFunction(
      (n) => document.querySelector('[data-testid="balance-stamps"]')?.textContent === String(n),
      stamps + 2,
    );

    // Points: 0 and an empty description are refused, then 50 for a counter purchase.
    const pointsPanel = staff.getByRole('region', { name: 'Agregar puntos' });
    await pointsPanel.getByLabel('Puntos').fill('0');
    await pointsPanel.getByRole('button', { name: 'Agregar puntos' }).click();
    await pointsPanel.getByText('El monto debe ser mayor que 0.').waitFor();
    await pointsPanel.getByText('Este campo es requerido').waitFor();
    await pointsPanel.getByLabel('Puntos').fill('50');
    await pointsPanel.getByLabel('Descripción').fill('Compra en mostrador');
    await pointsPanel.getByRole('button', { name: 'Agregar puntos' }).click();
    await staff.getByText('Se agregaron 50 puntos').waitFor();
    await staff.waitForFunction(
      (n) => document.querySelector('[data-testid="balance-points"]')?.textContent === String(n),
      points + 50,
    );

    // The board is open before the order exists: the new order is announced (a chime, a browser
    // notification once the cashier allows them, a toast) and appears without reloading.
    await staffTabs(staff).getByRole('link', { name: 'Pedidos' }).click();
    await staff.getByRole('heading', { name: 'Pedidos' }).waitFor();
    await staff.getByRole('button', { name: 'Activar avisos' }).click();
    await staff.getByText('Avisos activados').waitFor();
    // The first answer of the new-order question is what was there already: never announced.
    await staff.waitForResponse((r) => r.url().includes('/api/v5/staff/orders/recent/'));
    const order = await placePickupOrder(member);
    assert.equal(order.status, 'RECEIVED');
    const orderCard = staff.locator(`[data-order="${order.number}"]`);
    await orderCard.waitFor({ timeout: 15_000 });
    await staff
      .locator('.Toastify__toast')
      .getByText(`Nuevo pedido N° ${order.number}`, { exact: false })
      .waitFor({ timeout: 15_000 });
    const alerts = await alertsSeen(staff);
    assert.ok(alerts.tones >= 2, `a chime of two tones: ${JSON.stringify(alerts)}`);
    assert.deepEqual(
      alerts.notifications.map((n) => n.title),
      [`Nuevo pedido N° ${order.number}`],
    );
    assert.match(alerts.notifications[0].body, /Miraflores · S\/ \d+\.\d{2} · Recojo en tienda/);
    await orderCard.getByText('Sin azúcar, por favor').waitFor();
    await orderCard.getByText(/Detalle/).click();
    await orderCard.getByText('Av. Arequipa 4500').waitFor();
    // A product ran out: the cashier takes one of the two units off and the total follows; the
    // last unit cannot be removed (that is a cancel).
    const totalBefore = await orderCard.locator('.staff-order__total').innerText();
    await orderCard.getByRole('button', { name: /^Quitar .+ del pedido$/ }).click();
    await orderCard.getByRole('alertdialog').getByRole('button', { name: 'Sí, quitar' }).click();
    await staff.getByText(/Producto quitado; nuevo total/).waitFor();
    await orderCard.getByRole('button', { name: /^Quitar .+ del pedido$/ }).waitFor({
      state: 'detached',
    });
    assert.notEqual(await orderCard.locator('.staff-order__total').innerText(), totalBefore);
    assert.equal(await orderCard.locator('tbody td:nth-child(2)').first().innerText(), '1');
    await staff.screenshot({ path: `${SHOTS}/staff-orders-phone.png`, fullPage: true });
    // A received pickup order can be accepted or canceled, not delivered yet.
    assert.deepEqual(await orderCard.locator('.staff-order__actions button').allInnerTexts(), [
      'Aceptar',
      'Cancelar',
    ]);

    await member.goto(server.url('localhost', `/orders/${order.uid}`));
    await member.getByTestId('order-status').getByText('Recibido').waitFor();

    await orderCard.getByRole('button', { name: 'Aceptar' }).click();
    await orderCard.getByTestId('staff-order-status').getByText('Aceptado').waitFor();
    await member.getByTestId('order-status').getByText('Aceptado').waitFor({ timeout: 25_000 });
    assert.deepEqual(await orderCard.locator('.staff-order__actions button').allInnerTexts(), [
      'Listo para recoger',
      'Marcar entregado',
      'Cancelar',
    ]);
    // Prepared: the member's page says to come for it, and it is marked ready only once.
    await orderCard.getByRole('button', { name: 'Listo para recoger' }).click();
    await orderCard.getByTestId('staff-order-ready').waitFor();
    await member.getByTestId('order-ready').waitFor({ timeout: 25_000 });
    assert.equal(
      await member.getByTestId('order-ready').innerText(),
      '¡Tu pedido está listo para recoger!',
    );
    await member.screenshot({ path: `${SHOTS}/member-order-ready-phone.png`, fullPage: true });
    assert.deepEqual(await orderCard.locator('.staff-order__actions button').allInnerTexts(), [
      'Marcar entregado',
      'Cancelar',
    ]);
    await orderCard.getByRole('button', { name: 'Marcar entregado' }).click();
    await orderCard.getByTestId('staff-order-status').getByText('Entregado').waitFor();
    assert.equal(await orderCard.locator('.staff-order__actions button').count(), 0);
    await member.getByTestId('order-status').getByText('Entregado').waitFor({ timeout: 25_000 });

    // A move the order no longer allows: while the board cannot refresh it keeps the last list and
    // says so; the member cancels meanwhile, and accepting is refused with the server's message.
    const second = await placePickupOrder(member);
    const secondCard = staff.locator(`[data-order="${second.number}"]`);
    await secondCard.waitFor({ timeout: 15_000 });
    const listCall = (url: URL) => url.pathname === '/api/v5/staff/orders/';
    await staff.route(listCall, (route) => route.abort());
    await staff.getByTestId('orders-stale').waitFor({ timeout: 15_000 });
    await apiFromPage(member, 'POST', `v5/me/orders/${second.uid}/cancel/`, {});
    await secondCard.getByRole('button', { name: 'Aceptar' }).click();
    await secondCard
      .getByRole('alert')
      .getByText('El pedido ya está «Cancelado por el cliente» y no puede pasar a «Aceptado».')
      .waitFor();
    await staff.locator('.Toastify__toast--error').first().waitFor();
    await secondCard.screenshot({ path: `${SHOTS}/staff-order-refused.png` });
    await staff.unroute(listCall);
    await secondCard
      .getByTestId('staff-order-status')
      .getByText('Cancelado por el cliente')
      .waitFor({ timeout: 15_000 });
    assert.equal(await secondCard.locator('.staff-order__actions button').count(), 0);
    assert.equal(await staff.getByTestId('orders-stale').count(), 0);

    // The report lists what was done and the CSV holds it.
    await staffTabs(staff).getByRole('link', { name: 'Reporte' }).click();
    const table = staff.getByTestId('records-table');
    await table.getByText('Compra en mostrador').waitFor();
    // Every status reads in words, also the coin product handed over at the counter.
    await table.getByText('Producto entregado').first().waitFor();
    assert.equal(await table.getByText('PRODUCT', { exact: true }).count(), 0);
    await staff.screenshot({ path: `${SHOTS}/staff-records-phone.png`, fullPage: true });
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const csv = await downloadedText(download);
    const lines = csv.trim().split(/\r?\n/);
    assert.match(lines[0], /fecha/);
    const has = (re: RegExp) => lines.some((line) => re.test(line));
    assert.ok(
      has(/20% en desayunos.*45\.50|45\.50.*20% en desayunos/),
      'the redemption with its amount',
    );
    assert.ok(has(/Compra en mostrador/), 'the points');
    assert.ok(has(new RegExp(String(order.number))), 'the order');
    assert.ok(has(/,Entregado,/), 'the order status in Spanish words');
    assert.match(lines[1], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/, 'store time, not a UTC instant');
    assert.ok(
      lines.filter((line) => /45678912|Ana Quispe/.test(line)).length >= 4,
      'redemption, stamps, points and order of the member',
    );

    // The same screens on a counter tablet.
    await staff.setViewportSize(TABLET);
    await staff.goto(
      server.url('localhost', '/staff?document_type=NATIONAL_ID&document_number=45678912'),
    );
    await staff.locator('[data-promotion="20% en desayunos"]').waitFor();
    await staff.screenshot({ path: `${SHOTS}/staff-client-tablet.png`, fullPage: true });
    await staffTabs(staff).getByRole('link', { name: 'Pedidos' }).click();
    await orderCard.waitFor();
    await staff.screenshot({ path: `${SHOTS}/staff-orders-tablet.png`, fullPage: true });
  },
);

test(
  'look-up by the member QR and by phone, creating a user in the program, and a validator only at the counter',
  { skip },
  async () => {
    const server = harness.server();
    const member = await signIn('demo@aurora.pe', 'Aurora2026!', PHONE);
    const programs = await apiFromPage<
      { results: { uid: string; name: string }[] } | { uid: string; name: string }[]
    >(member, 'GET', 'v5/programs/');
    const program = (Array.isArray(programs) ? programs : programs.results).find(
      (p) => p.name === 'Aurora Club',
    )!;
    const { qr } = await apiFromPage<{ qr: string }>(
      member,
      'POST',
      `v5/me/programs/${program.uid}/qr/`,
      {},
    );

    const staff = await signIn('cajero@aurora.pe', 'Cajero2026!', PHONE);
    await staff.goto(server.url('localhost', '/staff'));
    await staff.getByRole('button', { name: 'Código QR' }).click();
    await staff.getByLabel('Código del QR del socio').fill('v1.forged.code');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff.getByText('El código QR no es válido.').waitFor();
    await staff.getByLabel('Código del QR del socio').fill(qr);
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff.getByTestId('staff-client').getByRole('heading', { name: 'Ana Quispe' }).waitFor();
    // The card is kept in the address by the member's document.
    assert.match(staff.url(), /document_number=45678912/);
    // The scanned QR is the member's proof of presence: no code to type for coins or stamps.
    await staff.getByText('Cliente identificado con su QR', { exact: false }).waitFor();
    // The demo member holds 120 coins (80 after the cashier journey): a free coffee costs 40.
    await staff
      .getByTestId('staff-products')
      .locator('[data-product="Café gratis"]')
      .getByRole('button', { name: 'Canjear' })
      .click();
    await staff.getByText('Café gratis canjeado por 40 monedas').waitFor();
    // A QR proves presence once: the card says so and sends it no more.
    await staff.getByTestId('staff-proof-qr').getByText('El QR del cliente ya se usó').waitFor();

    // The member's coupon code finds the promotion it names, which is then redeemed.
    const promotions = await apiFromPage<
      { results: { uid: string; name: string }[] } | { uid: string; name: string }[]
    >(member, 'GET', `v5/me/programs/${program.uid}/promotions/`);
    const coffee = (Array.isArray(promotions) ? promotions : promotions.results).find(
      (p) => p.name === 'Café americano gratis',
    )!;
    const coupon = await apiFromPage<{ code: string }>(
      member,
      'POST',
      `v5/programs/${program.uid}/promotions/${coffee.uid}/coupon/get-code/`,
      {},
    );
    await staff.getByLabel('Código de promoción').fill('NOEXISTE00');
    await staff.getByRole('button', { name: 'Buscar por código' }).click();
    await staff.getByText('No se encontró una promoción con este código.').waitFor();
    await staff.getByLabel('Código de promoción').fill(coupon.code);
    await staff.getByRole('button', { name: 'Buscar por código' }).click();
    const redeem = staff.getByTestId('staff-redeem');
    await redeem.getByRole('heading', { name: 'Café americano gratis' }).waitFor();
    // The coupon is the member's own (a once-per-member gift): using it up needs them present.
    await redeem.getByRole('button', { name: 'Canjear' }).click();
    await redeem.getByText('Pide al cliente el código de su pantalla', { exact: false }).waitFor();
    const counter = await apiFromPage<{ code: string }>(member, 'POST', 'v5/me/counter-code/', {});
    await staff.getByLabel('Código del cliente').fill(counter.code);
    await redeem.getByRole('button', { name: 'Canjear' }).click();
    await staff.getByText('Canje registrado: Café americano gratis').waitFor();

    await staff.getByRole('button', { name: 'Nueva búsqueda' }).click();
    await staff.getByRole('button', { name: 'Celular' }).click();
    await staff.getByLabel('Celular').fill('987 650 001');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff.getByTestId('staff-client').getByRole('heading', { name: 'Ana Quispe' }).waitFor();

    // A new user joins the program; the server's field error lands on its field.
    await staffTabs(staff).getByRole('link', { name: 'Nuevo cliente' }).click();
    await staff
      .getByRole('heading', { name: 'Crear usuario en un programa de beneficios' })
      .waitFor();
    await staff.getByRole('button', { name: 'Crear usuario' }).click();
    assert.ok(
      (await staff.getByText('Este campo es requerido').count()) >= 2,
      'names are required',
    );
    // The client gives sign-up's consents at the counter (the spec's staff-side 14-or-over line).
    await consentAtCounter(staff, { expectRequired: true });
    await staff.getByLabel('Número de documento').fill('77777777');
    await staff.getByLabel('Nombre', { exact: true }).fill('Luz');
    await staff.getByLabel('Apellido', { exact: true }).fill('Ramos');
    await staff.getByLabel('Correo electrónico (opcional)').fill('demo@aurora.pe');
    await staff.getByRole('button', { name: 'Crear usuario' }).click();
    await staff
      .locator('.form-field--error')
      .getByText('Ya existe un usuario con este correo electrónico.')
      .waitFor();
    await staff.getByLabel('Correo electrónico (opcional)').fill('luz.ramos@example.com');
    // Same nine digits as the demo member under another country code.
    await staff.getByLabel('Celular (opcional)').fill('+525987650001');
    await staff.getByRole('button', { name: 'Crear usuario' }).click();
    await staff.getByText('Luz Ramos ya es miembro del programa.').waitFor();
    await staff.screenshot({ path: `${SHOTS}/staff-create-phone.png`, fullPage: true });
    await staff.getByRole('link', { name: 'Ver su tarjeta' }).click();
    const card = staff.getByTestId('staff-client');
    await card.getByRole('heading', { name: 'Luz Ramos' }).waitFor();
    assert.equal(await card.locator('[data-program]').count(), 1);
    assert.equal(await card.getByTestId('balance-points').innerText(), '0');

    // Now nine digits match two users: the message asks for the document, and a button switches to it.
    await staff.getByRole('button', { name: 'Nueva búsqueda' }).click();
    await staff.getByRole('button', { name: 'Celular' }).click();
    await staff.getByLabel('Celular').fill('987650001');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff
      .getByText(
        'Se encontró más de un usuario con este número de celular, ingresa el número de documento',
      )
      .waitFor();
    await staff.getByRole('button', { name: 'Buscar por documento' }).click();
    await staff.getByLabel('Número de documento').waitFor();

    // A validator looks up and redeems or stamps; orders, report, new users and points are not theirs.
    const validator = await signIn('validador@aurora.pe', 'Valida2026!', PHONE);
    await validator.goto(
      server.url('localhost', '/staff?document_type=NATIONAL_ID&document_number=45678912'),
    );
    await validator
      .getByTestId('staff-client')
      .getByRole('heading', { name: 'Ana Quispe' })
      .waitFor();
    assert.deepEqual(await staffTabs(validator).getByRole('link').allInnerTexts(), ['Clientes']);
    await validator.getByRole('heading', { name: 'Canjear promoción' }).waitFor();
    await validator.getByRole('heading', { name: 'Sellos' }).waitFor();
    assert.equal(await validator.getByRole('heading', { name: 'Agregar puntos' }).count(), 0);
    await validator.goto(server.url('localhost', '/staff/orders'));
    await validator.getByRole('heading', { name: 'No tienes acceso a esta sección' }).waitFor();
  },
);

test(
  'a redemption the member confirms alone shows in the report and the CSV as self-confirmed; the staff area on a phone has its own tabs',
  { skip },
  async () => {
    const member = await signIn('demo@aurora.pe', 'Aurora2026!', PHONE);
    await member.goto(
      harness.server().url('localhost', '/program/5cff79f6-a020-5b74-b944-6467a721d32b'),
    );
    await member.locator('[data-promotion="20% en desayunos"]').first().click();
    await member.getByRole('heading', { level: 1, name: '20% en desayunos' }).waitFor();
    await member.getByRole('button', { name: 'Usar en el local' }).click();
    const dialog = member.getByRole('dialog');
    await dialog.getByLabel('¿En qué local estás?').selectOption({ label: 'Aurora Miraflores' });
    await dialog.getByRole('button', { name: 'Sí, estoy en el local' }).click();
    await dialog.getByLabel('Monto de tu consumo (opcional)').fill('33.30');
    await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
    await dialog.getByRole('heading', { name: '¡Felicitaciones!' }).waitFor();

    const owner = await signIn('dueno@aurora.pe', 'Dueno2026!', PHONE);
    await owner.goto(harness.server().url('localhost', '/staff'));
    // The staff area has its own tabs: no customer tab bar, and the tabs in one row.
    await staffTabs(owner).waitFor();
    assert.equal(
      await owner.getByRole('navigation', { name: 'Navegación principal' }).count(),
      0,
      'the customer tab bar is hidden in the staff area',
    );
    // Every tab fits the 390 px phone: none cut off or scrolled out of sight, in even rows.
    const boxes = await staffTabs(owner)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((l) => {
          const r = l.getBoundingClientRect();
          return {
            top: Math.round(r.top),
            left: r.left,
            right: r.right,
            fits: l.scrollWidth <= l.clientWidth,
          };
        }),
      );
    assert.ok(boxes.length >= 7, `${boxes.length} tabs`);
    for (const box of boxes)
      assert.ok(box.left >= 0 && box.right <= 390 && box.fits, JSON.stringify(box));
    assert.ok(new Set(boxes.map((b) => b.top)).size <= 2, 'at most two rows of tabs');
    await owner.getByLabel('Local de atención').waitFor();
    await owner.screenshot({ path: `${SHOTS}/staff-tabs-phone.png` });
    // On a wide screen the store's navigation is a top bar in the header: hidden here too.
    await owner.setViewportSize({ width: 1366, height: 800 });
    await staffTabs(owner).waitFor();
    const wideTops = await staffTabs(owner)
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    assert.equal(new Set(wideTops).size, 1, 'one row of tabs on a desktop');
    await owner.screenshot({ path: `${SHOTS}/staff-tabs-desktop.png` });
    assert.equal(
      await owner.getByRole('navigation', { name: 'Navegación principal' }).count(),
      0,
      'the top navigation is hidden in the staff area',
    );
    await owner.setViewportSize(PHONE);

    await owner.goto(harness.server().url('localhost', '/staff/records?kind=redemptions'));
    const row = owner
      .getByTestId('records-table')
      .locator('tr', { hasText: '20% en desayunos' })
      .filter({ hasText: '33.30' });
    await row.getByTestId('self-confirmed').getByText('Confirmado por el cliente').waitFor();
    assert.match(await row.innerText(), /Ana Quispe/);
    assert.match(await row.innerText(), /Aurora Miraflores/, 'at the place the member named');
    // One place select on the report (its filter); the counter place belongs to the client look-up.
    assert.equal(await owner.getByLabel('Local de atención').count(), 0);
    // The tab of the current page is the lit one, scrolled into view.
    const current = staffTabs(owner).getByRole('link', { name: 'Reporte' });
    assert.match((await current.getAttribute('class')) ?? '', /active/);
    assert.ok(await current.isVisible());
    assert.equal(await owner.getByRole('navigation', { name: 'Navegación principal' }).count(), 0);
    await row.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: `${SHOTS}/staff-records-self-confirmed-phone.png` });
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    const lines = (await downloadedText(download)).trim().split(/\r?\n/);
    assert.match(lines[0], /,canal$/);
    assert.ok(
      lines.some((line) =>
        /20% en desayunos,33\.30,1,Usado,,Confirmado por el cliente$/.test(line),
      ),
      lines.join('\n'),
    );

    // Leaving the staff area brings the customer tab bar back.
    await owner.goto(harness.server().url('localhost', '/products'));
    await owner.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  },
);

test(
  'date filters: a date typed with the keyboard stays as typed, and two changed before a render are both kept',
  { skip },
  async () => {
    const page = await signIn('cajero@aurora.pe', 'Cajero2026!', PHONE);
    await page.goto(harness.server().url('localhost', '/staff/records'));
    const from = page.getByLabel('Desde', { exact: true });
    const to = page.getByLabel('Hasta', { exact: true });
    await from.waitFor();

    // Typed digit by digit, the year is a valid date after its first digit (0002), so the filter
    // changes with each one. When the address was rendered in a transition, the field was set
    // back to its old value after each change and the date came out empty. Day and month are the
    // same number, so the field's order of them (the browser's locale) does not matter.
    for (const [field, digits, value] of [
      [from, '03032026', '2026-03-03'],
      [to, '04042026', '2026-04-04'],
    ] as const) {
      await field.click({ position: { x: 8, y: 12 } });
      await page.keyboard.type(digits, { delay: 30 });
      await page.waitForURL((url) => url.search.includes(value));
      assert.equal(await field.inputValue(), value);
    }
    let query = new URL(page.url()).searchParams;
    assert.equal(query.get('date_from'), '2026-03-03', page.url());
    assert.equal(query.get('date_to'), '2026-04-04', page.url());

    // A second filter changed before the screen shows the first (two dates filled in a row on a
    // busy phone) once started from the filters of the last render and undid the first. Both
    // changes here come in one task, before any render.
    await from.evaluate(
      (fromInput, toInput) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        for (const [input, value] of [
          [toInput, '2026-12-31'],
          [fromInput, '2026-01-01'],
        ] as const) {
          setValue.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      await to.elementHandle(),
    );
    await page.waitForURL((url) => url.searchParams.get('date_from') === '2026-01-01');
    query = new URL(page.url()).searchParams;
    assert.equal(query.get('date_to'), '2026-12-31', page.url());
    await page
      .getByTestId('records-table')
      .or(page.getByText('No hay registros para estos filtros'))
      .first()
      .waitFor();
    assert.equal(await to.inputValue(), '2026-12-31');
    assert.equal(await from.inputValue(), '2026-01-01');
  },
);

test(
  'the owner invites a member to the staff at one place, the member accepts from the mailed link, then the role is removed',
  { skip },
  async () => {
    const owner = await signIn('dueno@aurora.pe', 'Dueno2026!', PHONE);
    await owner.goto(harness.server().url('localhost', '/staff'));
    await staffTabs(owner).getByRole('link', { name: 'Personal' }).click();
    const list = owner.getByRole('list', { name: 'Personal de la tienda' });
    await list.locator('[data-member="cajero@aurora.pe"]').waitFor();
    assert.equal(
      await list.locator('[data-member="dueno@aurora.pe"]').getByRole('button').count(),
      0,
      'the owner cannot remove themself',
    );

    // Adding someone is an invitation: no role until the address's owner accepts it.
    await owner.getByLabel('Correo electrónico').fill('demo@aurora.pe');
    await owner.getByLabel('Rol').selectOption('VALIDATOR');
    await owner.getByRole('checkbox', { name: 'Aurora Miraflores' }).check();
    await owner.getByRole('button', { name: 'Enviar invitación' }).click();
    await owner.getByText('Invitación enviada a demo@aurora.pe').waitFor();
    const pending = owner.getByRole('list', { name: 'Invitaciones pendientes' });
    await pending
      .locator('[data-invitation="demo@aurora.pe"]')
      .getByText(/Validador · Aurora Miraflores · vence el/)
      .waitFor();
    assert.equal(await list.locator('[data-member="demo@aurora.pe"]').count(), 0);
    await owner.screenshot({ path: `${SHOTS}/staff-members-phone.png`, fullPage: true });

    const mail = await inbox().waitFor('demo@aurora.pe', /Te invitaron al equipo/);
    const link = mail.links.find((l) => l.includes('/staff/invitation/'))!;
    assert.ok(link, mail.text);
    const member = await signIn('demo@aurora.pe', 'Aurora2026!', PHONE);
    await member.goto(link);
    const invitation = member.getByTestId('staff-invitation');
    await invitation
      .getByText('Acepta con la cuenta de demo@aurora.pe', { exact: false })
      .waitFor();
    await member.screenshot({ path: `${SHOTS}/staff-invitation-phone.png`, fullPage: true });
    await invitation.getByRole('button', { name: 'Aceptar la invitación' }).click();
    await member.getByTestId('invitation-go').click();
    await member.getByRole('heading', { name: 'Buscar cliente' }).waitFor();

    await owner.reload();
    const row = list.locator('[data-member="demo@aurora.pe"]');
    await row.getByText(/Validador · Aurora Miraflores/).waitFor();
    assert.equal(await pending.locator('[data-invitation="demo@aurora.pe"]').count(), 0);
    await row.getByRole('button', { name: 'Quitar' }).click();
    await row.getByRole('button', { name: 'Sí, quitar' }).click();
    await row.waitFor({ state: 'detached' });
  },
);

test(
  'staff of another store never see the clients of this one, and points are off where the program lacks them',
  { skip },
  async () => {
    const server = harness.server();
    const staff = await signIn('puerto@multi.pe', 'Puerto2026!', PHONE, 'multi.localhost');
    await staff.goto(server.url('multi.localhost', '/staff'));
    await staff.getByLabel('Número de documento').fill('45678912');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff.getByText('No se encontró el cliente.').waitFor();

    // A document nobody has: "Crear con este DNI" opens the new-client form with it filled in.
    await staff.getByLabel('Número de documento').fill('46464646');
    await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
    await staff.getByText('No se encontró el cliente.').waitFor();
    await staff.screenshot({ path: `${SHOTS}/staff-not-found-phone.png`, fullPage: true });
    await staff.getByRole('link', { name: 'Crear con este DNI' }).click();
    await staff
      .getByRole('heading', { name: 'Crear usuario en un programa de beneficios' })
      .waitFor();
    assert.equal(await staff.getByLabel('Número de documento').inputValue(), '46464646');
    assert.equal(await staff.getByLabel('Tipo de documento').inputValue(), 'NATIONAL_ID');
    await consentAtCounter(staff, { expectRequired: false });
    await staff.getByLabel('Nombre', { exact: true }).fill('Rafael');
    await staff.getByLabel('Apellido', { exact: true }).fill('Soto');
    await staff.getByRole('button', { name: 'Crear usuario' }).click();
    await staff.getByRole('link', { name: 'Ver su tarjeta' }).click();
    await staff.getByTestId('staff-client').getByRole('heading', { name: 'Rafael Soto' }).waitFor();
    const disabled = 'El programa de beneficios no tiene habilitada esta funcionalidad';
    await staff.getByTestId('points-disabled').getByText(disabled).waitFor();
    const pointsPanel = staff.getByRole('region', { name: 'Agregar puntos' });
    assert.ok(await pointsPanel.getByRole('button', { name: 'Agregar puntos' }).isDisabled());
    assert.ok(await pointsPanel.getByLabel('Descripción').isDisabled());
  },
);

/** The next Monday at least two days ahead (a Lima day the demo Miraflores is open). */
function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** `npm run subscriptions:run -w server -- --at ISO` on a database directory; resolves with its output. */
function runSubscriptions(dataDir: string, at: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/modules/subscriptions/cli.ts', '--at', at],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`subscriptions:run exited ${code}: ${out}`)),
    );
  });
}

test(
  "a subscription day without stock shows on the staff's subscriptions screen, with its reason in Spanish",
  { skip },
  async () => {
    // The run is the real command on a database on disk, so this test has a server of its own:
    // the member subscribes, the server stops, the run skips Monday (espresso has no stock at
    // Miraflores), and a server on the same database shows it to the cashier.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-skipped-'));
    let server: RunningServer | undefined;
    try {
      server = await startServer({ DATA_DIR: dataDir, SUBSCRIPTION_RUN_SECONDS: '0' });
      const call = async <T>(method: string, pathname: string, body?: unknown, token?: string) => {
        const response = await fetch(server!.url('localhost', `/api/${pathname}`), {
          method,
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Token ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
        return JSON.parse(text) as T;
      };
      const { token } = await call<{ token: string }>('POST', 'v5/login/', {
        email: 'demo@aurora.pe',
        password: 'Aurora2026!',
      });
      const places = (await call<{ results: Place[] }>('GET', 'v7/places/')).results;
      const miraflores = places.find((p) => p.name === 'Aurora Miraflores')!.uid;
      const products = (
        await call<{ results: { uid: string; title: string; stock: number | null }[] }>(
          'GET',
          `v7/places/${miraflores}/products/?page_size=100`,
        )
      ).results;
      const espresso = products.find((p) => p.title === 'Espresso')!;
      assert.equal(espresso.stock, 0, 'the demo espresso has no stock at Miraflores');
      const options = await call<{ payment_methods: { uid: string; type: string }[] }>(
        'GET',
        `v5/places/${miraflores}/checkout-options/`,
      );
      const subscription = await call<{ uid: string }>(
        'POST',
        `v5/places/${miraflores}/subscriptions/`,
        {
          products: [{ uid: espresso.uid, quantity: 2 }],
          weekdays: ['monday'],
          time_slot: { start: '09:00', end: '09:30' },
          payment_method: options.payment_methods.find((m) => m.type === 'CASH')!.uid,
        },
        token,
      );
      await server.stop();
      server = undefined;

      const monday = nextMonday();
      const out = await runSubscriptions(dataDir, `${monday}T07:30:00-05:00`);
      assert.match(out, new RegExp(`${monday} ${subscription.uid} skipped`), out);

      server = await startServer({ DATA_DIR: dataDir, SUBSCRIPTION_RUN_SECONDS: '0' });
      const page = await signIn('cajero@aurora.pe', 'Cajero2026!', TABLET, 'localhost', server);
      await page.goto(server.url('localhost', '/staff'));
      await staffTabs(page).getByRole('link', { name: 'Suscripciones' }).click();
      await page.waitForURL(/\/staff\/subscriptions$/);
      await page.getByRole('heading', { name: 'Suscripciones programadas', exact: true }).waitFor();
      // The scheduled list of a day: that Monday, the run skipped it; a Monday later it is still to come.
      const due = page.locator(`[data-subscription="${subscription.uid}"]`);
      await page.getByLabel('Día', { exact: true }).fill(monday);
      await due.getByText('Sin pedido').waitFor();
      const dueText = await due.innerText();
      assert.match(dueText, /09:00–09:30/);
      assert.match(dueText, /Ana Quispe/);
      assert.match(dueText, /2 × Espresso/);
      assert.match(dueText, /Aurora Miraflores/);
      const [y0, m0, d0] = monday.split('-').map(Number);
      const nextWeek = new Date(Date.UTC(y0, m0 - 1, d0 + 7)).toISOString().slice(0, 10);
      await page.getByLabel('Día', { exact: true }).fill(nextWeek);
      await due.getByText('Por crear').waitFor();
      await page.getByTestId('due-summary').getByText('1 suscripción').waitFor();
      await page.screenshot({ path: `${SHOTS}/staff-due-subscriptions.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await due.waitFor();
      await page.screenshot({ path: `${SHOTS}/staff-due-subscriptions-phone.png`, fullPage: true });
      await page.setViewportSize(TABLET);
      await page.getByRole('link', { name: 'Días sin pedido' }).click();
      await page.waitForURL(/\/staff\/skipped-days$/);
      await page.getByRole('heading', { name: 'Días de suscripción sin pedido' }).waitFor();
      const row = page.locator(`[data-subscription="${subscription.uid}"]`);
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /Ana Quispe/);
      assert.match(text, /45678912/);
      assert.match(text, /Aurora Miraflores/);
      assert.match(text, /2 × Espresso/);
      assert.match(text, /09:00–09:30/);
      assert.match(text, /Sin stock/);
      // The service day, in the browser's Spanish date words (e.g. "lun, 30 nov 2026").
      const [y, , d] = monday.split('-').map(Number);
      assert.match(text, new RegExp(`^lun\\.?,? ${d} \\p{L}+\\.? ${y}`, 'u'), text);
      await page.screenshot({ path: `${SHOTS}/staff-skipped-days.png`, fullPage: true });

      // A date range that leaves the day out empties the list; the day itself brings it back.
      await page.getByLabel('Hasta', { exact: true }).fill('2020-01-01');
      await page.getByText('No hay días sin pedido para estos filtros').waitFor();
      await page.getByLabel('Hasta', { exact: true }).fill(monday);
      await page.getByLabel('Desde', { exact: true }).fill(monday);
      await row.waitFor();
    } finally {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);
