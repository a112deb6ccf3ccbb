import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { openAuroraAllDay } from '../lib/store-hours';
import {
  checkoutSubmit,
  choosePickup,
  demoShopper,
  fareShows,
  dialog,
  MIRAFLORES,
  memberGet,
  orderCount,
  payBySandboxCard,
  placeAndOpen,
  shownDeliveryTotal,
  shownTotal,
  type ApiOrder,
} from '../lib/checkout';
import { choosePickupSlot } from '../lib/pickup';
import { formatFindings, seriousViolations } from '../lib/axe';

// Checkout in a real browser against the real server: the demo member fills the Miraflores
// cart, checks out for pickup paying cash and for delivery with the SANDBOX card, sees a
// declined card leave no order, applies a coupon from its link, double-clicks submit, lists
// the orders and cancels one.
// Every test signs the demo member in from this one address: more sign-ins than a real person's
// ceiling per quarter hour.
const harness = useHarness({
  env: () => ({ RATE_LIMIT_FACTOR: '100' }),
  prepare: (server) =>
    // A delivery is taken only while its place is open (issue 36 row 5): the demo's real hours
    // (Miraflores 07:00-21:00 Lima) would make these tests depend on the hour they run at.
    openAuroraAllDay(server, ['Aurora Miraflores', 'Aurora Barranco']),
});
const { skip } = harness;

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

const { newMemberPage, fillCart, goToCheckout, atPickupCheckout } = demoShopper(harness);

test(
  'pickup paying cash: the order page shows RECEIVED with the server totals, and the cart is emptied',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Tostadas con palta', 'Croissant de mantequilla']);
    await page.getByLabel(/Efectivo/).check();
    await page.getByRole('textbox', { name: 'Comentarios' }).fill('Sin cubiertos, por favor');
    const total = await shownTotal(page);
    assert.equal(total, 'S/ 24.50');
    assert.equal(await page.getByTestId('summary-taxes').innerText(), 'S/ 3.74');
    await page.screenshot({ path: `${SHOTS}/checkout-pickup-desktop.png`, fullPage: true });

    const order = await placeAndOpen(page);
    assert.equal(order.status, 'RECEIVED');
    assert.equal(order.shipping_type, 'pickup');
    assert.equal(await page.getByTestId('order-status').innerText(), 'Recibido');
    assert.equal(await page.getByTestId('order-total').innerText(), `S/ ${order.total}`);
    assert.equal(await page.getByTestId('order-subtotal').innerText(), `S/ ${order.subtotal}`);
    assert.equal(await page.getByTestId('order-taxes').innerText(), `S/ ${order.taxes}`);
    assert.equal(`S/ ${order.total}`, total);
    await page.getByText('Sin cubiertos, por favor').waitFor();
    await page.getByText('Fecha y hora de recojo').waitFor();
    await page.screenshot({ path: `${SHOTS}/order-desktop.png`, fullPage: true });

    // That place's cart is empty, locally and on the server.
    const place = await page.evaluate(() => localStorage.getItem('selectedPlaceUid'));
    const local = await page.evaluate(
      (p) => JSON.parse(localStorage.getItem(`cart${p}`) ?? '{"products":[]}'),
      place,
    );
    assert.equal(local.products.length, 0);
    const serverCart = await memberGet<{ products: unknown[] }>(
      page,
      `v5/me/shopping-cart/?place_uid=${place}`,
    );
    assert.equal(serverCart.products.length, 0);
  },
);

test(
  'delivery with the SANDBOX card: fare shown, approving card pays; a declining card leaves no order',
  { skip },
  async () => {
    const page = await newMemberPage();
    await fillCart(page, ['Pan de chocolate', 'Tostadas con palta']);
    await goToCheckout(page);
    await page.getByLabel('Delivery').check();
    await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 350, Miraflores');
    await page.getByLabel('Referencia').fill('Frente al parque');
    // Outside the radius: the refusal names the place's range (6 km at Miraflores).
    await page.getByLabel('Latitud').fill('-12.5');
    await fareShows(page, 'Fuera de la zona de reparto, hasta 6 km');
    await page.getByLabel('Latitud').fill('-12.1250');
    await page.getByLabel('Longitud').fill('-77.0300');
    await fareShows(page, /Costo de envío: S\/ \d+\.\d{2}/);

    await page.getByLabel(/Tarjeta en línea/).check();
    await page.getByText('Modo de prueba (SANDBOX)').waitFor();
    // Typed as on a phone's digits keypad: no spaces, no '/'; the form groups and slashes them.
    await page.getByLabel('Número de tarjeta').pressSequentially('4000000000000002');
    assert.equal(await page.getByLabel('Número de tarjeta').inputValue(), '4000 0000 0000 0002');
    await page.getByLabel('Vencimiento (MM/AA)').pressSequentially('1230');
    assert.equal(await page.getByLabel('Vencimiento (MM/AA)').inputValue(), '12/30');
    await page.getByLabel('CVC').fill('123');
    const total = await shownTotal(page);
    assert.notEqual(await page.getByTestId('summary-delivery').innerText(), 'S/ 0.00');
    const before = await orderCount(page);
    await page.screenshot({ path: `${SHOTS}/checkout-delivery-card-desktop.png`, fullPage: true });
    // The sandbox form tokenises the card in the browser: the order API gets a token, no number.
    const orderBodies: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/orders\/$/.test(r.url()))
        orderBodies.push(r.postData() ?? '');
    });

    await checkoutSubmit(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Tu tarjeta no pudo ser procesada correctamente' })
      .waitFor();
    assert.equal(await orderCount(page), before, 'a declined card leaves no order');
    // Nothing typed is lost.
    assert.equal(
      await page.getByLabel('Dirección', { exact: true }).inputValue(),
      'Calle Berlín 350, Miraflores',
    );
    assert.equal(await page.getByLabel('Referencia').inputValue(), 'Frente al parque');
    await page.screenshot({ path: `${SHOTS}/checkout-declined-desktop.png`, fullPage: true });

    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    const order = await placeAndOpen(page);
    assert.equal(order.shipping_type, 'delivery');
    assert.equal(order.card_last4, '4242');
    assert.ok(orderBodies.length >= 2, 'both attempts were sent');
    for (const body of orderBodies) {
      assert.doesNotMatch(body, /4242 ?4242|4000 ?0000 ?0000 ?0002|"cvc"|exp_month/);
      assert.match(body, /"token":"sbxtok_/);
    }
    assert.equal(`S/ ${order.total}`, total);
    assert.equal(
      await page.getByTestId('order-delivery').innerText(),
      `S/ ${order.delivery_price}`,
    );
    await page.getByText('Frente al parque').waitFor();
    assert.equal(await orderCount(page), before + 1);
  },
);

test(
  'pickup with the SANDBOX card that stays in process (3-D Secure): the order is placed and shown as payment in process',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Croissant de mantequilla']);
    await page.getByLabel(/Tarjeta en línea/).check();
    await page.getByText('Modo de prueba (SANDBOX)').waitFor();
    await page.getByText('queda en proceso (como con 3-D Secure)').waitFor();
    await payBySandboxCard(page, { number: '4000000000003220', holder: 'ANA QUISPE' });
    const order = await placeAndOpen(page);
    assert.equal(order.payment_status, 'IN_PROCESS');
    assert.ok(order.number > 0, 'the order has its number');
    await page
      .getByText('Pago en proceso: tu pedido está reservado hasta que el banco lo confirme')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/order-payment-in-process.png`, fullPage: true });
  },
);

test('a coupon link stores the code; the checkout applies its discount', { skip }, async () => {
  const page = await newMemberPage();
  const company = await page.evaluate(async () => {
    const r = await fetch(
      '/api/v5/places/' + localStorage.getItem('selectedPlaceUid') + '/checkout-options/',
    );
    return r.ok ? ((await r.json()) as { company_uid: string }).company_uid : null;
  });
  await fillCart(page, ['Tostadas con palta', 'Pan de chocolate']);
  const companyUid =
    company ??
    (await memberGet<{ results: { company_uid: string }[] }>(page, 'v7/places/')).results[0]
      .company_uid;
  // An unknown code.
  await page.goto(harness.server().url('localhost', `/company/${companyUid}/code/NOEXISTE/`));
  await page.getByRole('heading', { name: 'Este código no existe' }).waitFor();
  // The real one: stored, then on to the products.
  await page.goto(harness.server().url('localhost', `/company/${companyUid}/code/BIENVENIDA10/`));
  await page.waitForURL(/\/products$/);

  await goToCheckout(page);
  await page.getByText('Cupón BIENVENIDA10 aplicado').waitFor();
  await choosePickup(page);
  await page.getByLabel(/Efectivo/).check();
  await shownTotal(page);
  // 18.00 + 7.00 = 25.00, 10 % off.
  assert.equal(await page.getByTestId('summary-discount').innerText(), '- S/ 2.50');
  assert.equal(await page.getByTestId('summary-total').innerText(), 'S/ 22.50');
  const order = await placeAndOpen(page);
  assert.equal(order.coupon, 'BIENVENIDA10');
  assert.equal(order.discount, '2.50');
  assert.equal(await page.getByTestId('order-discount').innerText(), 'S/ 2.50');

  // A typed unknown code answers the spec's message.
  await fillCart(page, ['Croissant de mantequilla']);
  await goToCheckout(page);
  await page.getByLabel('Código').fill('NOEXISTE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByText('Este código no existe').waitFor();
});

test(
  'double-clicking submit places one order; /orders lists it; cancel makes it CANCELED_BY_USER',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Croissant de mantequilla']);
    await page.getByLabel(/Efectivo/).check();
    await shownTotal(page);
    const before = await orderCount(page);
    // Two clicks in the same task: the second comes before React re-renders the disabled button.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('.checkout__submit')!;
      button.click();
      button.click();
    });
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByTestId('order-status').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await orderCount(page), before + 1, 'one order for a double click');
    const number = await page.getByTestId('order-number').innerText();

    // The list, newest first, with a payment filter.
    await page.goto(harness.server().url('localhost', '/orders'));
    const first = page.locator('.order-card').first();
    await first.waitFor();
    assert.equal(await first.getAttribute('data-order'), number);
    assert.equal(await page.locator('.order-card').count(), before + 1);
    await page.getByLabel('Método de pago').selectOption({ label: 'Tarjeta contra entrega' });
    await page.getByRole('heading', { name: 'No se encontraron pedidos' }).waitFor();
    await page.getByLabel('Método de pago').selectOption({ label: 'Efectivo' });
    await page.locator(`.order-card[data-order="${number}"]`).waitFor();
    await page.screenshot({ path: `${SHOTS}/orders-desktop.png`, fullPage: true });

    // Cancel it.
    await page.locator(`.order-card[data-order="${number}"] a`).click();
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByTestId('order-status').getByText('Cancelado por ti').waitFor();
    const uid = new URL(page.url()).pathname.split('/').pop()!;
    assert.equal(
      (await memberGet<ApiOrder>(page, `v5/me/orders/${uid}/`)).status,
      'CANCELED_BY_USER',
    );
    assert.equal(await page.getByRole('button', { name: 'Cancelar pedido' }).count(), 0);
  },
);

/** Nothing on the page is wider than a phone: no sideways scrolling. */
async function assertFitsWidth(page: Page, label: string) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  assert.ok(scroll <= viewport, `${label} scrolls sideways: ${scroll} px for ${viewport} px`);
}

test('phone: checkout and order pages fit the screen and place the order', { skip }, async () => {
  const page = await newMemberPage({ viewport: { width: 390, height: 844 } });
  await fillCart(page, ['Pan de chocolate']);
  await goToCheckout(page);
  await page.getByLabel(/Tarjeta en línea/).check();
  await page.getByLabel('Delivery').check();
  await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 350, Miraflores');
  await shownTotal(page);
  await assertFitsWidth(page, 'the delivery checkout');
  await page.screenshot({ path: `${SHOTS}/checkout-phone.png`, fullPage: true });
  await page.getByLabel('Recojo en tienda').check();
  await choosePickup(page);
  await page.getByLabel(/Efectivo/).check();
  await shownTotal(page);
  await checkoutSubmit(page).scrollIntoViewIfNeeded();
  assert.ok(await checkoutSubmit(page).isVisible(), 'the pay button can be reached on a phone');
  const order = await placeAndOpen(page);
  assert.equal(order.status, 'RECEIVED');
  assert.equal(await page.getByTestId('order-status').innerText(), 'Recibido');
  assert.equal(await page.getByTestId('order-total').innerText(), `S/ ${order.total}`);
  await assertFitsWidth(page, 'the order page');
  await page.screenshot({ path: `${SHOTS}/order-phone.png`, fullPage: true });
  await page.goto(harness.server().url('localhost', '/orders'));
  const card = page.locator('.order-card').first();
  await card.waitFor();
  assert.match(await card.innerText(), new RegExp(String(order.number)));
  await assertFitsWidth(page, '/orders');
  await page.screenshot({ path: `${SHOTS}/orders-phone.png`, fullPage: true });
});

test(
  'a visitor with a cart goes to log in and comes back to the checkout with the cart merged',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('localhost'));
    await page.goto(server.url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await page.locator('[data-product="Limonada de hierbabuena"]').click();
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.goto(server.url('localhost', '/cart'));
    await page.getByRole('link', { name: 'Continuar con la compra' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Correo electrónico', { exact: true }).fill('demo@aurora.pe');
    await page.getByLabel('Contraseña', { exact: true }).fill('Aurora2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
    await page.locator('.checkout-summary').getByText('Limonada de hierbabuena').waitFor();
    // The earliest pickup day is preselected once the schedule has come (its times are listed);
    // choosing a time prices the order (one that stays orderable: today's first may be closing).
    await page.getByLabel('Hora de recojo').locator('option').nth(1).waitFor({ state: 'attached' });
    assert.notEqual(await page.getByLabel('Fecha de recojo').inputValue(), '');
    await choosePickupSlot(page);
    assert.equal(await shownTotal(page), 'S/ 9.00');
  },
);

test(
  '/subscription/me lists the member subscriptions and cancels one (canceled_by_user)',
  { skip },
  async () => {
    const page = await newMemberPage();
    await page.goto(harness.server().url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await page.locator('[data-product="Pan de chocolate"]').waitFor();
    // A subscription made through the API (the subscription checkout screen is not built yet).
    const created = await page.evaluate(async () => {
      const place = localStorage.getItem('selectedPlaceUid')!;
      const headers = {
        'Content-Type': 'application/json',
        Authorization: `Token ${localStorage.getItem('token')}`,
      };
      const options = (await (await fetch(`/api/v5/places/${place}/checkout-options/`)).json()) as {
        payment_methods: { uid: string; type: string }[];
      };
      const products = (await (
        await fetch(`/api/v7/places/${place}/products/?search=croissant`)
      ).json()) as { results: { uid: string }[] };
      const response = await fetch(`/api/v5/places/${place}/subscriptions/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          products: [
            {
              id: `${products.results[0].uid}-0`,
              uid: products.results[0].uid,
              quantity: 2,
              option_groups: [],
            },
          ],
          weekdays: ['monday', 'wednesday'],
          time_slot: { start: '09:00', end: '09:30' },
          payment_method: options.payment_methods.find((m) => m.type === 'CASH')!.uid,
        }),
      });
      return { status: response.status, body: (await response.json()) as { uid: string } };
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await page.goto(harness.server().url('localhost', '/subscription/me'));
    const card = page.locator(`[data-subscription="${created.body.uid}"]`);
    await card.getByText('lunes, miércoles').waitFor();
    // The slot shows twice: in the schedule and in the next delivery.
    await card.getByText('09:00 - 09:30').first().waitFor();
    await card.getByRole('button', { name: 'Cancelar suscripción' }).click();
    await card.getByRole('button', { name: 'Sí, cancelar' }).click();
    await card.getByText('Cancelada').waitFor();
    const list = await memberGet<{ results: { uid: string; status: string }[] }>(
      page,
      'v5/subscriptions/',
    );
    assert.equal(list.results.find((s) => s.uid === created.body.uid)?.status, 'canceled_by_user');
    await page.screenshot({ path: `${SHOTS}/subscriptions-desktop.png`, fullPage: true });
  },
);

test(
  'a price change (409) shows the new prices and places the order once confirmed',
  { skip },
  async () => {
    const page = await atPickupCheckout(['Croissant de mantequilla']);
    await page.getByLabel(/Efectivo/).check();
    const total = await shownTotal(page);
    // The first POST claims the buyer saw another total, as if prices changed since.
    let tampered = false;
    await page.route('**/api/v5/places/*/orders/', async (route) => {
      if (tampered || route.request().method() !== 'POST') return route.continue();
      tampered = true;
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, expected_total: '1.00' }) });
    });
    const before = await orderCount(page);
    await checkoutSubmit(page).click();
    const change = page.getByRole('alertdialog', { name: 'Los precios cambiaron' });
    await change.waitFor();
    await change.getByText(`Nuevo total: ${total}`).waitFor();
    assert.equal(await orderCount(page), before, 'nothing is placed before confirming');
    await change.getByRole('button', { name: 'Confirmar con el nuevo total' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    assert.equal(await orderCount(page), before + 1);
  },
);

const PHONE = { width: 390, height: 844 };

/** A phone checkout of one "Pan de chocolate" for delivery to Calle Berlín 350, its point typed. */
async function phoneDeliveryToBerlin(): Promise<Page> {
  const page = await newMemberPage({ viewport: PHONE });
  await fillCart(page, ['Pan de chocolate']);
  await goToCheckout(page);
  await page.getByLabel('Delivery').check();
  await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 350, Miraflores');
  await page.getByLabel('Latitud').fill('-12.1250');
  await page.getByLabel('Longitud').fill('-77.0300');
  return page;
}

test(
  'phone: a point outside the delivery area names the range, drops the old fare and total, and paying waits for a valid point',
  { skip },
  async () => {
    const page = await newMemberPage({ viewport: PHONE });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await fillCart(page, ['Pan de chocolate']);
    await goToCheckout(page);
    await page.getByLabel(/Efectivo/).check();
    await page.getByLabel('Delivery').check();
    await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 350, Miraflores');
    await page.getByLabel('Latitud').fill('-12.1250');
    await page.getByLabel('Longitud').fill('-77.0300');
    // The total priced for this point (the summary follows the fare box a moment later).
    const total = await shownDeliveryTotal(page);
    assert.equal(await checkoutSubmit(page).innerText(), `Confirmar pedido · ${total}`);

    // Far out: the fare line and the note by the button say the range; the old fare, the old
    // total and the 'Pagar S/ ...' button are gone, and the button cannot be pressed.
    await page.getByLabel('Latitud').fill('-12.5');
    const range = 'Fuera de la zona de reparto, hasta 6 km';
    await fareShows(page, range);
    await page.getByTestId('delivery-gate').getByText(range).waitFor();
    assert.equal(await page.getByTestId('summary-delivery').count(), 0);
    assert.equal(await page.getByTestId('summary-total').count(), 0);
    assert.equal(await checkoutSubmit(page).isDisabled(), true);
    assert.equal(await checkoutSubmit(page).innerText(), 'Realizar pedido');
    await page.getByTestId('delivery-gate').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-out-of-range-phone.png`, fullPage: true });
    const findings = await seriousViolations(page, 'checkout, point out of range (phone)');
    assert.equal(findings.length, 0, formatFindings(findings));
    // Enter in a field cannot send it either, and nothing throws.
    const before = await orderCount(page);
    await page.getByLabel('Referencia').press('Enter');
    assert.equal(await checkoutSubmit(page).isDisabled(), true);

    // Back in range: the fare, the total and the button come back, and the order goes through.
    await page.getByLabel('Latitud').fill('-12.1250');
    assert.equal(await shownDeliveryTotal(page), total);
    assert.equal(await page.getByTestId('delivery-gate').count(), 0);
    await page.waitForFunction(
      () => !(document.querySelector('.checkout__submit') as HTMLButtonElement).disabled,
    );
    const order = await placeAndOpen(page);
    assert.equal(order.shipping_type, 'delivery');
    assert.equal(await orderCount(page), before + 1);
    assert.deepEqual(pageErrors, [], 'no uncaught error on the page');
  },
);

test(
  'phone: back, forward and a reload keep delivery, address, point, billing and comments; the order clears them',
  { skip },
  async () => {
    const page = await phoneDeliveryToBerlin();
    await page.getByLabel('Referencia').fill('Frente al parque');
    await page.getByRole('textbox', { name: 'Comentarios' }).fill('Tocar el timbre dos veces');
    await page
      .getByTestId('delivery-fare')
      .getByText(/Costo de envío/)
      .waitFor();

    const expectKept = async (when: string) => {
      await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
      await page.getByLabel('Dirección', { exact: true }).waitFor();
      assert.equal(await page.getByLabel('Delivery').isChecked(), true, when);
      assert.equal(
        await page.getByLabel('Dirección', { exact: true }).inputValue(),
        'Calle Berlín 350, Miraflores',
        when,
      );
      assert.equal(await page.getByLabel('Referencia').inputValue(), 'Frente al parque', when);
      assert.equal(await page.getByLabel('Latitud').inputValue(), '-12.1250', when);
      assert.equal(await page.getByLabel('Longitud').inputValue(), '-77.0300', when);
      assert.equal(
        await page.getByLabel('Dirección de facturación').inputValue(),
        'Av. Arequipa 4500, Miraflores',
        when,
      );
      assert.equal(
        await page.getByRole('textbox', { name: 'Comentarios' }).inputValue(),
        'Tocar el timbre dos veces',
        when,
      );
    };

    await page.goBack();
    await page.waitForURL(/\/cart$/);
    await page.goForward();
    await page.waitForURL(/\/checkout$/);
    await expectKept('after back and forward');
    await page.reload();
    await expectKept('after a reload');
    await page.screenshot({ path: `${SHOTS}/checkout-draft-restored-phone.png`, fullPage: true });
    // The restored billing address was typed: a new delivery address leaves it alone.
    await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 360, Miraflores');
    assert.equal(
      await page.getByLabel('Dirección de facturación').inputValue(),
      'Av. Arequipa 4500, Miraflores',
    );
    // The draft lives in the tab's sessionStorage under our own key, with no card field (the
    // whitelist is unit-tested in web/test/checkout-draft.test.ts); localStorage has none.
    const drafts = await page.evaluate(() =>
      Object.entries(sessionStorage).filter(([key]) => key.startsWith('checkoutDraft:')),
    );
    assert.equal(drafts.length, 1);
    assert.doesNotMatch(drafts[0][1], /card_/);
    assert.match(drafts[0][1], /Tocar el timbre dos veces/);
    assert.equal(
      await page.evaluate(() =>
        Object.keys(localStorage).some((key) => key.startsWith('checkoutDraft')),
      ),
      false,
    );

    // Placing the order forgets the draft: the next checkout starts from the defaults.
    await page.getByLabel(/Efectivo/).check();
    await shownTotal(page);
    await placeAndOpen(page);
    assert.equal(
      await page.evaluate(
        () => Object.keys(sessionStorage).filter((key) => key.startsWith('checkoutDraft:')).length,
      ),
      0,
    );
  },
);

test(
  'registering from the checkout returns to it and says where the verification mail went',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(context, server.url('localhost'));
    await page.goto(server.url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await page.locator('[data-product="Limonada de hierbabuena"]').click();
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.goto(server.url('localhost', '/cart'));
    await page.getByRole('link', { name: 'Continuar con la compra' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: 'Regístrate' }).click();
    await page.waitForURL(/\/register\/?$/);

    const digits = String(Date.now()).slice(-7);
    const email = `checkout.${digits}@example.com`;
    const field = (label: string | RegExp) =>
      page.getByLabel(label, { exact: typeof label === 'string' });
    await field('Nombre').fill('Rosa');
    await field('Apellido').fill('Quispe');
    await field('Correo electrónico').fill(email);
    await field('Contraseña').fill('Aurora-Clave-1');
    await field('Número de documento').fill(`6${digits}`);
    await field(/Número de celular/).fill(`9${digits}2`);
    await field('Acepto los términos y condiciones').check();
    await field('Declaro ser mayor de edad').check();
    await field(
      'Autorizo el tratamiento de mis datos personales según las políticas de privacidad',
    ).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    // No birthdate nor gender yet: the profile is asked for first, then the checkout again.
    await page.waitForURL(/\/complete-info$/);
    const sent = `Te enviamos un correo a ${email} para verificar tu cuenta.`;
    await page.getByText(sent).first().waitFor();
    // The toast saying so sits at the bottom: on this page (no tab bar) it covers neither button.
    const toast = await page.locator('.Toastify__toast').first().boundingBox();
    for (const name of ['Guardar', 'Omitir por ahora']) {
      const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      assert.ok(
        !toast || toast.y >= button.y + button.height || toast.y + toast.height <= button.y,
        `the toast (${toast?.y}-${toast && toast.y + toast.height}) covers '${name}' (${button.y}-${button.y + button.height})`,
      );
    }
    await page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
    await page.getByTestId('verification-note').getByText(sent).waitFor();
    await page.locator('.checkout-summary').getByText('Limonada de hierbabuena').waitFor();
    await page.screenshot({ path: `${SHOTS}/checkout-after-register-phone.png`, fullPage: true });
  },
);

test(
  "the cart's button stays where it shows while the place and its discounts arrive",
  { skip },
  async () => {
    const page = await newMemberPage({ viewport: PHONE });
    await fillCart(page, ['Croissant de mantequilla']);
    // The place's name and the discounts answer late, as on a slow phone network. Drawn before
    // them, the card grew a line under the button, and a press on it was released on the
    // subtotal: nothing opened (seen under load, issue 38).
    const late = (pattern: RegExp) =>
      page.route(pattern, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.fallback();
      });
    await late(/\/api\/v7\/places\/\?/);
    await late(/\/api\/v5\/places\/[^/]+\/discounts\//);
    await page.goto(harness.server().url('localhost', '/cart'));
    const button = page.getByRole('link', { name: 'Continuar con la compra' });
    await button.waitFor();
    const first = (await button.boundingBox())!;
    await page.waitForLoadState('networkidle');
    await page.locator('.cart-page__place').getByText('Aurora Miraflores').waitFor();
    const settled = (await button.boundingBox())!;
    assert.deepEqual(
      { x: settled.x, y: settled.y },
      { x: first.x, y: first.y },
      'the button moved after it showed',
    );
    await button.click();
    await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
  },
);

test(
  'phone: the submit button stays where it is while the order is priced again',
  { skip },
  async () => {
    const page = await phoneDeliveryToBerlin();
    await shownDeliveryTotal(page);
    // Where the button stands in the page (typing scrolls the page, so not in the window).
    const submitTop = () =>
      page.evaluate(() => {
        const box = document.querySelector('.checkout__submit')!.getBoundingClientRect();
        return { x: box.left + window.scrollX, y: box.top + window.scrollY };
      });
    const before = await submitTop();
    // The next price is held, so the page can be measured while it says it is pricing. A note
    // that came under the totals moved the button a line down for that moment, and a press on
    // it was released on the summary (seen under load, issue 38).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/orders\/quote\/$/, async (route) => {
      await held;
      await route.fallback();
    });
    try {
      await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 360, Miraflores');
      await page.locator('.checkout-summary').getByText('Calculando el total...').waitFor();
      assert.deepEqual(await submitTop(), before, 'the button moved while the order was priced');
      await page
        .locator('.checkout__aside')
        .screenshot({ path: `${SHOTS}/checkout-pricing-again-phone.png` });
    } finally {
      release();
    }
    await shownTotal(page);
    assert.deepEqual(await submitTop(), before, 'the button moved once the order was priced');
  },
);
