import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import {
  checkoutSubmit,
  choosePickup,
  demoShopper,
  orderCount,
  payBySandboxCard,
  placeAndOpen,
} from '../lib/checkout';
import { apiFromPage, placePickupOrder } from '../lib/member-orders';
import { formatFindings, seriousViolations } from '../lib/axe';
import { startNubefactFake } from '../../server/test/support/nubefact-fake';
import { startRucLookupFake } from '../../server/test/support/ruc-lookup-fake';

/**
 * Boleta or factura (issue 40) in a real browser: the shopper asks for a boleta with their DNI or
 * a factura with a RUC (its check digit checked, the errors in Spanish), pays, and finds the
 * receipt on the order page, "En emisión" first, then with its PDF and XML. The owner sees a
 * receipt the provider rejected in /admin/receipts with the provider's reason and retries it.
 * The receipts go to a local stand-in of Nubefact's JSON API (server/test/support), as in the
 * server tests.
 */
const nubefact = await startNubefactFake();
// A company's own Nubefact account, set by the owner in Pagos e impuestos (its own token).
const ownAccount = await startNubefactFake('company-own-token-e2e');
// The factura step's RUC look-up: a stand-in of Decolecta's SUNAT RUC API.
const rucLookup = await startRucLookupFake();
after(() => Promise.all([nubefact.close(), ownAccount.close(), rucLookup.close()]));
const harness = useHarness({
  env: () => ({
    // Every test signs someone in from this one address.
    RATE_LIMIT_FACTOR: '100',
    NUBEFACT_URL: nubefact.url,
    NUBEFACT_TOKEN: nubefact.token,
    NUBEFACT_ACCOUNT_ORIGINS: new URL(ownAccount.url).origin,
    RUC_LOOKUP_URL: rucLookup.url,
    RUC_LOOKUP_TOKEN: rucLookup.token,
    RECEIPTS_POLL_MS: '200',
    RECEIPTS_RETRY_BASE_MS: '500',
    RECEIPTS_MAX_ATTEMPTS: '50',
  }),
});
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const { newMemberPage, fillCart, goToCheckout, atPickupCheckout } = demoShopper(harness);

/** Sends the checkout with a receipt field that is not valid: its message, and no order. */
async function refused(page: Page, message: string) {
  const before = await orderCount(page);
  await checkoutSubmit(page).click();
  await page.getByText(message, { exact: true }).waitFor();
  assert.equal(await orderCount(page), before, 'nothing is ordered with a bad receipt');
}

/** The order page's receipt once issued: its text and its PDF and XML links. */
async function issuedReceipt(page: Page) {
  const section = page.getByTestId('order-receipts');
  // The order page asks for the order every 10 s while it is open.
  const item = section.locator('[data-status="ISSUED"]');
  await item.waitFor({ timeout: 60_000 });
  const links = item.getByRole('link');
  return {
    text: (await item.innerText()).replace(/\s+/g, ' ').trim(),
    pdf: await links.filter({ hasText: 'Descargar PDF' }).getAttribute('href'),
    xml: await links.filter({ hasText: 'Descargar XML' }).getAttribute('href'),
  };
}

/** A fresh page signed in as the demo store's owner. */
async function ownerPage(viewport = { width: 1280, height: 800 }) {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport });
  await acceptCookiesUpFront(context, server.url('localhost'));
  await page.goto(server.url('localhost', '/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill('dueno@aurora.pe');
  await page.getByLabel('Contraseña', { exact: true }).fill('Dueno2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** Nothing wider than the screen (a phone scrolls down, never sideways). */
async function noOverflow(page: Page, what: string) {
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(wide <= 1, `${what}: the page is ${wide}px wider than the screen`);
}

test(
  'a boleta with DNI: a short DNI is refused in Spanish; paid by card, the order page shows "En emisión", then the boleta with its PDF and XML',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Croissant de mantequilla']);
    await payBySandboxCard(page);
    await page.getByRole('heading', { name: '¿Boleta o factura?' }).waitFor();
    await page.getByRole('radio', { name: 'Boleta' }).check();
    await page.getByLabel('Documento', { exact: true }).selectOption('DNI');
    await page.getByLabel('Número de documento').fill('4567891');
    await refused(page, 'El DNI tiene 8 dígitos.');
    await page.getByLabel('Número de documento').fill('45678912');

    // The provider is down for a moment: the receipt waits, "en emisión", and nothing is lost.
    nubefact.state.mode = 'down';
    const order = await placeAndOpen(page);
    assert.equal(order.payment_status, 'PAID');
    const section = page.getByTestId('order-receipts');
    await section.locator('[data-status="PENDING"]').getByText('En emisión').waitFor();
    assert.match(await section.innerText(), /Boleta B\d{3}-\d+/);
    await page.screenshot({ path: `${SHOTS}/order-receipt-pending.png`, fullPage: true });
    nubefact.state.mode = 'up';

    const receipt = await issuedReceipt(page);
    assert.match(receipt.text, /^Boleta B\d{3}-\d+ Emitida/);
    assert.match(receipt.pdf!, /^https:\/\/www\.nubefact\.com\/cpe\/2-B\d{3}-\d+\.pdf$/);
    assert.match(receipt.xml!, /\.xml$/);
    const sent = nubefact.received.find((b) => b.cliente_numero_de_documento === '45678912');
    assert.ok(sent, 'the boleta names the DNI');
    assert.equal(sent.tipo_de_comprobante, 2);
    assert.equal(sent.cliente_tipo_de_documento, '1');
    assert.equal(`S/ ${sent.total.toFixed(2)}`, `S/ ${order.total}`);
    const findings = await seriousViolations(page, 'order page with its boleta');
    assert.equal(findings.length, 0, formatFindings(findings));
    await page.screenshot({ path: `${SHOTS}/order-receipt-issued.png`, fullPage: true });
  },
);

test(
  'a factura with RUC: a wrong check digit is refused in Spanish; the factura F is issued to the RUC and shown on the order page',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Croissant de mantequilla'], {
      viewport: { width: 390, height: 844 },
    });
    await payBySandboxCard(page);
    await page.getByRole('radio', { name: 'Factura' }).check();
    await page.getByLabel('RUC', { exact: true }).fill('20100070971');
    await page.getByLabel('Razón social').fill('Supermercados Peruanos S.A.');
    await page.getByLabel('Dirección fiscal').fill('Calle Morelli 181, San Borja, Lima');
    await refused(page, 'El RUC no es válido: son 11 dígitos y el último es de control.');
    await page.getByLabel('RUC', { exact: true }).fill('20100070970');
    const order = await placeAndOpen(page);
    assert.equal(order.payment_status, 'PAID');

    const receipt = await issuedReceipt(page);
    assert.match(receipt.text, /^Factura F\d{3}-\d+ Emitida/);
    assert.match(receipt.pdf!, /\/1-F\d{3}-\d+\.pdf$/);
    const sent = nubefact.received.find((b) => b.cliente_numero_de_documento === '20100070970');
    assert.ok(sent, 'the factura names the RUC');
    assert.equal(sent.tipo_de_comprobante, 1);
    assert.equal(sent.cliente_denominacion, 'Supermercados Peruanos S.A.');
    assert.equal(sent.cliente_direccion, 'Calle Morelli 181, San Borja, Lima');
    await page.screenshot({ path: `${SHOTS}/order-factura-phone.png`, fullPage: true });
  },
);

test(
  'the owner sees a rejected receipt with the provider’s reason in /admin/receipts and retries it until it is issued',
  { skip },
  async () => {
    const server = harness.server();
    // A cash order, delivered by the store: its boleta goes out then, and the provider refuses it.
    const member = await newMemberPage();
    const placed = await placePickupOrder(member);
    const page = await ownerPage();
    nubefact.state.mode = 'reject';
    for (const action of ['accept', 'deliver'])
      await apiFromPage(page, 'POST', `v5/staff/orders/${placed.uid}/transition/`, { action });
    type Listed = { results: { serie: string; numero: number; status: string }[] };
    let rejected: Listed['results'][number] | undefined;
    for (let i = 0; i < 100 && !rejected; i++) {
      const mine = await apiFromPage<Listed>(
        page,
        'GET',
        `v5/admin/money/receipts/?order=${placed.uid}`,
      );
      rejected = mine.results.find((r) => r.status === 'REJECTED');
      if (!rejected) await page.waitForTimeout(200);
    }
    assert.ok(rejected, 'the provider rejected the boleta');
    const id = `${rejected.serie}-${rejected.numero}`;

    // The order's own screen lists it too, with the provider's reason and Retry.
    await page.goto(server.url('localhost', `/admin/orders/${placed.uid}`));
    const onOrder = page.getByTestId('admin-order-receipts').locator(`[data-receipt="${id}"]`);
    await onOrder.waitFor();
    assert.equal(await onOrder.getAttribute('data-status'), 'REJECTED');
    assert.equal(
      await onOrder.getByTestId('receipt-reason').innerText(),
      'Motivo: El RUC del cliente no está activo en SUNAT',
    );
    await onOrder.getByRole('button', { name: `Reintentar ${id}` }).waitFor();

    await page.goto(server.url('localhost', '/admin/payments'));
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    // The issuing moment is chosen in Pagos e impuestos, beside the tax.
    const issueOn = page.getByTestId('receipt-issue-on');
    await issueOn.getByText('¿Cuándo se emite la boleta o factura?').waitFor();
    assert.ok(await issueOn.getByRole('radio', { name: /Al pagar/ }).isChecked());
    await nav.getByRole('link', { name: 'Comprobantes electrónicos' }).click();
    await page.getByRole('heading', { name: 'Comprobantes electrónicos', level: 1 }).waitFor();
    await page.getByLabel('Estado').selectOption({ label: 'Rechazado' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'REJECTED');
    const row = page.getByTestId('admin-receipts').locator(`tr[data-receipt="${id}"]`);
    await row.waitFor();
    assert.equal(
      await row.getByTestId('receipt-reason').innerText(),
      'Motivo: El RUC del cliente no está activo en SUNAT',
    );
    assert.match(await row.innerText(), new RegExp(`#${placed.number}`));
    assert.match(await row.innerText(), /Rechazado/);
    const findings = await seriousViolations(page, 'admin receipts, a rejected one');
    assert.equal(findings.length, 0, formatFindings(findings));
    await page.screenshot({ path: `${SHOTS}/admin-receipts-rejected.png`, fullPage: true });

    // The owner fixed the account at the provider: the retry sends the same series and number.
    nubefact.state.mode = 'up';
    await row.getByRole('button', { name: `Reintentar ${id}` }).click();
    await page.getByText(`Enviamos ${id} de nuevo al proveedor.`).waitFor();
    await page.getByText(`${id} emitido.`).waitFor({ timeout: 30_000 });
    await page.getByLabel('Estado').selectOption({ label: 'Emitido' });
    const issued = page.getByTestId('admin-receipts').locator(`tr[data-receipt="${id}"]`);
    await issued.waitFor();
    assert.equal(await issued.getAttribute('data-status'), 'ISSUED');
    assert.match((await issued.getByRole('link', { name: /PDF/ }).getAttribute('href'))!, /\.pdf$/);
    await page.screenshot({ path: `${SHOTS}/admin-receipts-issued.png`, fullPage: true });

    // The shopper's order page has it too.
    await member.goto(server.url('localhost', `/orders/${placed.uid}`));
    const receipt = await issuedReceipt(member);
    assert.match(receipt.text, new RegExp(`^Boleta ${id} Emitida`));
  },
);

test(
  'the owner cancels a card-paid order with an issued boleta: the credit note BC is issued and seen on the order screen (desktop and phone), in /admin/receipts and by the shopper',
  { skip },
  async () => {
    const server = harness.server();
    const member = await newMemberPage();
    await fillCart(member, ['Croissant de mantequilla']);
    await goToCheckout(member);
    await choosePickup(member);
    await payBySandboxCard(member);
    await member.getByRole('radio', { name: 'Boleta' }).check();
    await member.getByLabel('Documento', { exact: true }).selectOption('DNI');
    await member.getByLabel('Número de documento').fill('41234567');
    const order = await placeAndOpen(member);
    assert.equal(order.payment_status, 'PAID');
    const boleta = await issuedReceipt(member);
    const boletaId = /^Boleta (B\d{3}-\d+)/.exec(boleta.text)![1]!;

    // The owner's order screen: the boleta, issued, with the buyer it names and its files.
    const page = await ownerPage();
    await page.goto(server.url('localhost', `/admin/orders/${order.uid}`));
    const section = page.getByTestId('admin-order-receipts');
    const sale = section.locator(`[data-receipt="${boletaId}"]`);
    await sale.waitFor();
    assert.equal(await sale.getAttribute('data-status'), 'ISSUED');
    assert.match(await sale.innerText(), /Boleta B\d{3}-\d+/);
    assert.match(await sale.innerText(), /DNI 41234567/);
    assert.equal(
      await sale.getByRole('link', { name: `PDF ${boletaId}` }).getAttribute('href'),
      boleta.pdf,
    );

    // Cancelled by the store: the card is refunded and the refund gets its credit note.
    const detail = page.getByTestId('admin-order');
    await detail.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = detail.getByRole('alertdialog');
    await confirm
      .getByLabel('Motivo de la cancelación')
      .selectOption({ label: 'Se agotó un producto' });
    await confirm.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByTestId('admin-order-status').getByText('Cancelado por la tienda').waitFor();
    // The screen asks again every 5 s while one is being issued.
    const note = section.locator('[data-receipt^="BC"][data-status="ISSUED"]');
    await note.waitFor({ timeout: 30_000 });
    const noteId = (await note.getAttribute('data-receipt'))!;
    assert.match(noteId, /^BC\d{2}-\d+$/);
    assert.match(await note.innerText(), new RegExp(`^Nota de crédito ${noteId}`));
    assert.match(await note.innerText(), /S\/ \d+\.\d{2}/);
    const notePdf = await note.getByRole('link', { name: `PDF ${noteId}` }).getAttribute('href');
    assert.match(notePdf!, new RegExp(`/3-${noteId}\\.pdf$`));
    assert.match(
      (await note.getByRole('link', { name: `XML ${noteId}` }).getAttribute('href'))!,
      /\.xml$/,
    );
    // The sale first, then its credit note.
    assert.deepEqual(
      await section
        .locator('[data-receipt]')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-receipt'))),
      [boletaId, noteId],
    );
    const sent = nubefact.received.find((b) => `${b.serie}-${b.numero}` === noteId);
    assert.ok(sent, 'the credit note was sent to the provider');
    assert.equal(sent.tipo_de_comprobante, 3);
    assert.equal(
      `${sent.documento_que_se_modifica_serie}-${sent.documento_que_se_modifica_numero}`,
      boletaId,
    );
    assert.equal(`S/ ${sent.total.toFixed(2)}`, `S/ ${order.total}`);
    const findings = await seriousViolations(page, 'admin order with its receipts');
    assert.equal(findings.length, 0, formatFindings(findings));
    await page.screenshot({ path: `${SHOTS}/admin-order-receipts-desktop.png`, fullPage: true });

    // On a phone the section fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.locator(`[data-receipt="${noteId}"]`).scrollIntoViewIfNeeded();
    await noOverflow(page, 'the order screen with its receipts at 390 px');
    await page.screenshot({ path: `${SHOTS}/admin-order-receipts-390.png`, fullPage: true });

    // /admin/receipts lists the credit note beside the boleta.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url('localhost', '/admin/receipts?status=ISSUED'));
    const row = page.getByTestId('admin-receipts').locator(`tr[data-receipt="${noteId}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /Nota de crédito/);
    assert.match(await row.innerText(), new RegExp(`#${order.number}`));
    assert.equal(
      await row.getByRole('link', { name: `PDF ${noteId}` }).getAttribute('href'),
      notePdf,
    );

    // The shopper's order page: the boleta, then the credit note, each with its files.
    await member.goto(server.url('localhost', `/orders/${order.uid}`));
    const mine = member.getByTestId('order-receipts');
    const shopperNote = mine.locator(`[data-receipt="${noteId}"][data-status="ISSUED"]`);
    await shopperNote.waitFor();
    assert.match(
      (await shopperNote.innerText()).replace(/\s+/g, ' '),
      new RegExp(`^Nota de crédito ${noteId} Emitida`),
    );
    assert.equal(
      await shopperNote.getByRole('link').filter({ hasText: 'Descargar PDF' }).getAttribute('href'),
      notePdf,
    );
    assert.match(
      (await shopperNote
        .getByRole('link')
        .filter({ hasText: 'Descargar XML' })
        .getAttribute('href'))!,
      /\.xml$/,
    );
    assert.equal(
      await mine.locator(`[data-receipt="${boletaId}"][data-status="ISSUED"]`).count(),
      1,
    );
    await member.screenshot({ path: `${SHOTS}/order-credit-note.png`, fullPage: true });
  },
);

test(
  'the owner sets the company’s own Nubefact account in Pagos e impuestos (a wrong route refused in Spanish, the token never shown); its receipts go through it; removed, the platform’s account again',
  { skip },
  async () => {
    const server = harness.server();
    const page = await ownerPage({ width: 390, height: 844 });
    await page.goto(server.url('localhost', '/admin/payments'));
    const form = page.getByTestId('receipt-account');
    await form
      .getByRole('heading', { name: 'Tu cuenta de Nubefact (boletas y facturas)' })
      .waitFor();
    await form
      .getByText(/Hoy tus comprobantes se emiten con la cuenta de Nubefact de la plataforma/)
      .waitFor();

    await form.getByLabel('RUTA').fill('https://nubefact.example.com/api/v1/abc');
    await form.getByLabel('TOKEN').fill(ownAccount.token);
    await form.getByRole('button', { name: 'Guardar cuenta' }).click();
    await form.getByText(/Pega la RUTA de tu cuenta de Nubefact/).waitFor();

    await form.getByLabel('RUTA').fill(ownAccount.url);
    await form.getByRole('button', { name: 'Guardar cuenta' }).click();
    // The toast is read, then closed: on a phone it lies over the form's buttons.
    const saved = page
      .locator('.Toastify__toast')
      .filter({ hasText: 'Cuenta de Nubefact guardada' });
    await saved.locator('.Toastify__close-button').click();
    await saved.waitFor({ state: 'detached' });
    await form.getByText(/se emiten con tu propia cuenta de Nubefact/).waitFor();
    await form.getByText('Hay un token guardado: déjalo vacío para conservarlo.').waitFor();
    assert.equal(await form.getByLabel('TOKEN').inputValue(), '', 'the token is never shown');
    assert.ok(!(await page.content()).includes(ownAccount.token));
    await noOverflow(page, 'Pagos e impuestos with the Nubefact account at 390 px');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-receipt-account-390.png`, fullPage: true });
    const findings = await seriousViolations(page, 'payments page with the Nubefact account');
    assert.equal(findings.length, 0, formatFindings(findings));

    // A sale of the store now goes through the company's own account.
    const member = await newMemberPage();
    const placed = await placePickupOrder(member);
    for (const action of ['accept', 'deliver'])
      await apiFromPage(page, 'POST', `v5/staff/orders/${placed.uid}/transition/`, { action });
    await member.goto(server.url('localhost', `/orders/${placed.uid}`));
    const receipt = await issuedReceipt(member);
    const id = /^Boleta (B\d{3}-\d+)/.exec(receipt.text)![1]!;
    assert.ok(
      ownAccount.received.some((b) => `${b.serie}-${b.numero}` === id),
      'sent with the company account',
    );
    assert.ok(!nubefact.received.some((b) => `${b.serie}-${b.numero}` === id));

    // Removed: the platform's account issues again. Read afresh: the back office announced the
    // member's new order meanwhile, and its toast lies over the form's buttons on a phone.
    await page.reload();
    await form.getByText(/se emiten con tu propia cuenta de Nubefact/).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await form.getByRole('button', { name: 'Quitar mi cuenta' }).click();
    await page.getByText('Quitamos tu cuenta de Nubefact').waitFor();
    await form
      .getByText(/Hoy tus comprobantes se emiten con la cuenta de Nubefact de la plataforma/)
      .waitFor();
    assert.equal(await form.getByLabel('RUTA').inputValue(), '');
  },
);

test(
  'the factura step looks the RUC up: razón social and address filled from SUNAT’s register; a RUC it lacks or a look-up down lets the shopper type, and the factura goes out as typed',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Croissant de mantequilla'], {
      viewport: { width: 390, height: 844 },
    });
    await payBySandboxCard(page);
    await page.getByRole('radio', { name: 'Factura' }).check();
    const ruc = page.getByLabel('RUC', { exact: true });
    const name = page.getByLabel('Razón social');
    const address = page.getByLabel('Dirección fiscal');
    const note = page.getByTestId('ruc-lookup');
    // Whatever the profile kept from an earlier factura is cleared first.
    await ruc.fill('');
    await name.fill('');
    await address.fill('');

    await ruc.fill('20100070970');
    await note
      .getByText(
        'Completamos la razón social y la dirección fiscal con los datos de SUNAT (ACTIVO, HABIDO).',
      )
      .waitFor();
    assert.equal(await name.inputValue(), 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA');
    assert.equal(await address.inputValue(), 'CAL. MORELLI NRO. 181 INT. P-2, SAN BORJA, LIMA');
    await page.screenshot({ path: `${SHOTS}/checkout-ruc-found-390.png`, fullPage: true });

    // A RUC the register lacks: said, and the shopper types.
    await ruc.fill('20601030013');
    await note
      .getByText(
        'SUNAT no tiene este RUC. Revisa el número, o escribe la razón social y la dirección fiscal.',
      )
      .waitFor();
    await name.fill('Panadería Nueva S.A.C.');
    await address.fill('Av. Los Olivos 123, San Isidro, Lima');

    // The look-up down: said, never blocking; what was typed stays and is what the factura names.
    rucLookup.state.mode = 'down';
    await ruc.fill('20123456786');
    await note
      .getByText(
        'No pudimos consultar el RUC ahora: escribe la razón social y la dirección fiscal.',
      )
      .waitFor();
    assert.equal(await name.inputValue(), 'Panadería Nueva S.A.C.');
    const order = await placeAndOpen(page);
    rucLookup.state.mode = 'up';
    assert.equal(order.payment_status, 'PAID');
    const receipt = await issuedReceipt(page);
    assert.match(receipt.text, /^Factura F\d{3}-\d+ Emitida/);
    // Whichever account issues the store's receipts (the deployment's, unless an owner set one).
    const sent = [...nubefact.received, ...ownAccount.received].find(
      (b) => b.cliente_numero_de_documento === '20123456786',
    );
    assert.ok(sent, 'the factura names the RUC typed');
    assert.equal(sent.cliente_denominacion, 'Panadería Nueva S.A.C.');
    assert.equal(sent.cliente_direccion, 'Av. Los Olivos 123, San Isidro, Lima');
  },
);
