import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { acceptCookiesUpFront, hydrated, useHarness } from '../lib/harness';
import { openAuroraAllDay } from '../lib/store-hours';
import { choosePickupSlot } from '../lib/pickup';
import { demoShopper, dialog, fillShownField, memberGet, MIRAFLORES } from '../lib/checkout';
import { formatFindings, seriousViolations } from '../lib/axe';

// Store-front rules around the cart on Café Aurora (localhost): carts cleaned once when no place
// is selected, a direct purchase going straight to the checkout, the remembered category
// (sectionSearchProduct), and the checkout's delivery map picker with and without map tiles.
const harness = useHarness({
  prepare: (server) =>
    // A delivery is taken only while its place is open (issue 36 row 5): the demo's real hours
    // (Miraflores 07:00-21:00 Lima) would make these tests depend on the hour they run at.
    openAuroraAllDay(server, ['Aurora Miraflores', 'Aurora Barranco']),
});
const { skip } = harness;

const BARRANCO_PREFIX = 'Aurora Barranco';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const TILE_HOST = 'https://tile.openstreetmap.org/**';
// A 1x1 light-grey PNG stands in for every tile when the tile server is "up".
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

const card = (page: Page, title: string) => page.locator(`[data-product="${title}"]`);
/** The products page, once the app runs on the server's HTML (it shows the products before). */
const storeReady = (page: Page) => hydrated(page, '.store-toolbar');

async function visitorPage(): Promise<{ context: BrowserContext; page: Page }> {
  const server = harness.server();
  const opened = await harness.newPage({ viewport: { width: 390, height: 844 } });
  await acceptCookiesUpFront(opened.context, server.url('localhost'));
  await opened.context.addInitScript(() => localStorage.setItem('redirectLanding', 'true'));
  return opened;
}

const { newMemberPage, fillCart } = demoShopper(harness);

/** The demo member's page, with the map tiles served (a grey stand-in) or refused. */
function memberPage(tiles: 'serve' | 'abort', viewport?: { width: number; height: number }) {
  return newMemberPage({
    viewport,
    prepare: (context) =>
      context.route(TILE_HOST, (route) =>
        tiles === 'serve'
          ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG })
          : route.abort('connectionrefused'),
      ),
  });
}

test(
  'with no selected place the stored carts are cleaned once on load; subscription carts stay',
  { skip },
  async () => {
    const { context, page } = await visitorPage();
    // The place is forgotten at the start of the load a test asks for, before the app runs: on a
    // page already running, the store would take its first place again right away (no place
    // chosen) and the reload would find one selected.
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('e2eForgetPlace')) return;
      sessionStorage.removeItem('e2eForgetPlace');
      localStorage.removeItem('selectedPlaceUid');
    });
    await page.goto(harness.server().url('localhost', '/products'));
    await storeReady(page);
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await card(page, 'Croissant de mantequilla').click();
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    // The toast saying so leaves the sticky cart bar, tapped next, uncovered (a phone).
    const toast = (await page.locator('.Toastify__toast').first().boundingBox())!;
    const bar = (await page.locator('.cart-bar').boundingBox())!;
    assert.ok(
      toast.y + toast.height <= bar.y || toast.y >= bar.y + bar.height,
      `the toast (${toast.y}-${toast.y + toast.height}) covers the cart bar (${bar.y}-${bar.y + bar.height})`,
    );
    const place = (await page.evaluate(() => localStorage.getItem('selectedPlaceUid')))!;
    assert.ok(
      await page.evaluate((p) => localStorage.getItem(`cart${p}`), place),
      'the cart is stored',
    );

    // Reloaded with a place selected: the cart is kept. The server's HTML shows the products
    // before the app runs (and cleans at load): read once it runs.
    await page.reload();
    await card(page, 'Croissant de mantequilla').waitFor();
    await storeReady(page);
    assert.ok(
      await page.evaluate((p) => localStorage.getItem(`cart${p}`), place),
      'kept while a place is selected',
    );

    // No place selected at load: the normal carts are cleaned, the subscription cart is not.
    await page.evaluate((p) => {
      localStorage.setItem(`cartSubscription${p}`, JSON.stringify({ place: p, products: [] }));
      sessionStorage.setItem('e2eForgetPlace', 'true');
    }, place);
    await page.reload();
    await card(page, 'Croissant de mantequilla').waitFor();
    await storeReady(page);
    const after = await page.evaluate(
      (p) => ({
        cart: localStorage.getItem(`cart${p}`),
        sub: localStorage.getItem(`cartSubscription${p}`),
      }),
      place,
    );
    assert.equal(after.cart, null, 'the cart of the forgotten place is cleaned');
    assert.ok(after.sub, 'the subscription cart stays');

    // The cleaning is done for this load: a cart filled now survives losing the place in the same load.
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await card(page, 'Croissant de mantequilla').click();
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.evaluate(() => localStorage.removeItem('selectedPlaceUid'));
    assert.ok(await page.evaluate((p) => localStorage.getItem(`cart${p}`), place));
  },
);

test('a direct-purchase product replaces the cart and opens the checkout', { skip }, async () => {
  const page = await memberPage('serve');
  await fillCart(page, ['Croissant de mantequilla']);
  await page.getByLabel('Buscar productos').fill('grano');
  await card(page, 'Café en grano 250 g').click();
  await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
  const state = await page.evaluate(() => {
    const place = localStorage.getItem('selectedPlaceUid');
    const cart = JSON.parse(localStorage.getItem(`cart${place}`) ?? '{"products":[]}') as {
      products: { title: string }[];
    };
    return {
      titles: cart.products.map((p) => p.title),
      skip: localStorage.getItem('skipBuyService'),
    };
  });
  assert.deepEqual(state.titles, ['Café en grano 250 g'], 'bought alone');
  assert.equal(state.skip, null, 'the flag is used once');
  await page.locator('.checkout-summary').getByText('Café en grano 250 g').waitFor();
  assert.equal(
    await page.locator('.checkout-summary').getByText('Croissant de mantequilla').count(),
    0,
  );
  // The cart page was replaced in the history: back returns to the products.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/products');
  // The cart page itself no longer jumps to the checkout.
  await page.goto(harness.server().url('localhost', '/cart'));
  await page.getByRole('link', { name: 'Continuar con la compra' }).waitFor();
});

test(
  'the chosen category is remembered (sectionSearchProduct) and reset by another place',
  { skip },
  async () => {
    const { page } = await visitorPage();
    await page.goto(harness.server().url('localhost', '/products'));
    await storeReady(page);
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    const chips = page.locator('.category-bar');
    await chips.getByRole('button', { name: 'Panadería', exact: true }).click();
    await card(page, 'Café con leche').waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => localStorage.getItem('sectionSearchProduct'));
    assert.ok(stored && stored !== '000', 'the category uid is stored');

    // The server knows no localStorage: its page shows all the products of its first place, and
    // the app, once it runs, takes the shopper's place and category back (the render after
    // hydration, so that both agree). Read once it has.
    await page.reload();
    await storeReady(page);
    await chips.getByRole('button', { name: 'Panadería', exact: true, pressed: true }).waitFor();
    await card(page, 'Croissant de mantequilla').waitFor();
    await card(page, 'Café con leche').waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => localStorage.getItem('sectionSearchProduct')),
      stored,
      'still filtered after a reload',
    );

    const barranco = await page
      .getByLabel('Local')
      .locator('option', { hasText: BARRANCO_PREFIX })
      .textContent();
    await page.getByLabel('Local').selectOption({ label: barranco! });
    await page.waitForFunction(() => localStorage.getItem('sectionSearchProduct') === '000');
    assert.equal(
      await chips.getByRole('button', { name: 'Todos', exact: true }).getAttribute('aria-pressed'),
      'true',
    );
  },
);

type ApiOrder = {
  uid: string;
  shipping_type: string;
  latitude: number | null;
  longitude: number | null;
  delivery_price: string;
};

async function startDeliveryCheckout(page: Page) {
  await fillCart(page, ['Tostadas con palta']);
  await page.goto(harness.server().url('localhost', '/cart'));
  await page.getByRole('link', { name: 'Continuar con la compra' }).click();
  await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
  await page.getByLabel('Delivery').check();
  await page.getByLabel('Dirección', { exact: true }).fill('Calle Berlín 350, Miraflores');
  await page.getByLabel(/Efectivo/).check();
  // Asked for unless it is a pickup paid at the counter (issue 36 row 15).
  await fillShownField(
    page.getByLabel('Dirección de facturación'),
    'Av. Arequipa 4500, Miraflores',
  );
  const map = page.getByTestId('delivery-map');
  await map.locator('.delivery-map__pin').waitFor();
  return map;
}

const coordinates = async (page: Page) => ({
  lat: await page.getByLabel('Latitud').inputValue(),
  lng: await page.getByLabel('Longitud').inputValue(),
});
// textContent, as the page's own checks read it (innerText would add a line break).
const fareText = (page: Page) => page.getByTestId('delivery-fare').textContent();

async function placeOrder(page: Page): Promise<ApiOrder> {
  await page.waitForFunction(
    () => document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false',
  );
  await page.locator('.checkout__submit').click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  const uid = new URL(page.url()).pathname.split('/').pop()!;
  return memberGet<ApiOrder>(page, `v5/me/orders/${uid}/`);
}

test(
  'delivery map: a click on the map sets the point, the fare follows and the order goes through',
  { skip },
  async () => {
    const page = await memberPage('serve');
    const map = await startDeliveryCheckout(page);
    await page
      .getByTestId('delivery-fare')
      .getByText(/Costo de envío: S\/ \d+\.\d{2}/)
      .waitFor();
    const start = await coordinates(page);
    const fareAtStore = await fareText(page);

    await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 160, box.y + box.height / 2 - 60);
    await page.waitForFunction(
      (s) => (document.querySelector('input[name="longitude"]') as HTMLInputElement)?.value !== s,
      start.lng,
    );
    const picked = await coordinates(page);
    assert.ok(Number(picked.lng) > Number(start.lng), 'east of the store');
    assert.ok(Number(picked.lat) > Number(start.lat), 'north of the store');
    await page.waitForFunction((before) => {
      const text = document.querySelector('[data-testid="delivery-fare"]')?.textContent ?? '';
      return /Costo de envío/.test(text) && text !== before;
    }, fareAtStore);
    await page.screenshot({ path: `${SHOTS}/checkout-delivery-map.png`, fullPage: true });

    // Typed coordinates move the pin.
    const pinBefore = (await map.locator('.delivery-map__pin').boundingBox())!;
    await page.getByLabel('Longitud').fill(String(Number(picked.lng) - 0.004));
    await page.waitForFunction(
      (x) =>
        Math.abs(
          (document.querySelector('.delivery-map__pin') as HTMLElement).getBoundingClientRect().x -
            x,
        ) > 20,
      pinBefore.x,
    );
    await page.getByLabel('Longitud').fill(picked.lng);

    const order = await placeOrder(page);
    assert.equal(order.shipping_type, 'delivery');
    assert.equal(order.latitude, Number(picked.lat));
    assert.equal(order.longitude, Number(picked.lng));
    assert.notEqual(order.delivery_price, '0.00');
  },
);

test(
  'delivery map without tiles: the note shows, dragging the pin still sets the point and the order goes through',
  { skip },
  async () => {
    const page = await memberPage('abort');
    const map = await startDeliveryCheckout(page);
    await page.getByText('El mapa no pudo cargarse').waitFor();
    await page
      .getByTestId('delivery-fare')
      .getByText(/Costo de envío/)
      .waitFor();
    const start = await coordinates(page);

    await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const pin = (await map.locator('.delivery-map__pin').boundingBox())!;
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 - 60, pin.y + pin.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(
      (s) => (document.querySelector('input[name="latitude"]') as HTMLInputElement)?.value !== s,
      start.lat,
    );
    const dragged = await coordinates(page);
    assert.ok(Number(dragged.lat) < Number(start.lat), 'dragged south');
    assert.ok(Number(dragged.lng) < Number(start.lng), 'dragged west');
    await page
      .getByTestId('delivery-fare')
      .getByText(/Costo de envío: S\/ \d+\.\d{2}/)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/checkout-delivery-map-no-tiles.png`, fullPage: true });
    const findings = await seriousViolations(page, 'checkout, delivery map without tiles');
    assert.equal(findings.length, 0, formatFindings(findings));

    const order = await placeOrder(page);
    assert.equal(order.shipping_type, 'delivery');
    assert.equal(order.latitude, Number(dragged.lat));
  },
);

test(
  'an influencer link: the registration and the first order carry its id, then it is spent',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('localhost'));
    await page.goto(server.url('localhost', '/in/inf-e2e/'));
    await page.waitForURL((url) => !url.pathname.startsWith('/in/'));
    assert.equal(await page.evaluate(() => localStorage.getItem('influencerId')), 'inf-e2e');

    const stamp = Date.now().toString(36);
    const digits = String(Date.now()).slice(-7);
    await page.goto(server.url('localhost', '/register/'));
    const field = (label: string | RegExp) =>
      page.getByLabel(label, { exact: typeof label === 'string' });
    await field('Nombre').fill('Rosa');
    await field('Apellido').fill('Huamán');
    await field('Correo electrónico').fill(`rosa.${stamp}@example.com`);
    await field('Contraseña').fill('Aurora-Clave-1');
    await field('Número de documento').fill(`6${digits}`);
    await field(/Número de celular/).fill(`9${digits}2`);
    await field('Acepto los términos y condiciones').check();
    await field('Declaro ser mayor de edad').check();
    await field(
      'Autorizo el tratamiento de mis datos personales según las políticas de privacidad',
    ).check();
    await field('Autorizo el tratamiento de mis datos con fines publicitarios (opcional)').check();
    const registerRequest = page.waitForRequest(
      (r) => r.url().endsWith('/api/v5/register/') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    assert.equal((await registerRequest).postDataJSON().influencer_uid, 'inf-e2e');
    // No birthdate nor gender yet: /complete-info, skipped for now (names are there).
    await page.waitForURL(/\/complete-info$/);
    await page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await page.waitForURL((url) => url.pathname !== '/complete-info');
    assert.equal(
      await page.evaluate(() => localStorage.getItem('influencerId')),
      'inf-e2e',
      'kept for the first order',
    );

    await fillCart(page, ['Tostadas con palta']);
    await page.goto(server.url('localhost', '/cart'));
    await page.getByRole('link', { name: 'Continuar con la compra' }).click();
    await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
    await page.getByLabel('Recojo en tienda').check();
    await choosePickupSlot(page);
    await page.getByLabel(/Efectivo/).check();
    // A pickup paid at the counter asks for no billing address (issue 36 row 15).
    assert.equal(await page.getByLabel('Dirección de facturación').count(), 0);
    const order = (await placeOrder(page)) as ApiOrder & { influencer_uid: string | null };
    assert.equal(order.influencer_uid, 'inf-e2e');
    assert.equal(
      await page.evaluate(() => localStorage.getItem('influencerId')),
      null,
      'spent by the order',
    );
  },
);

test('delivery map on a phone: it fits the screen and a tap sets the point', { skip }, async () => {
  const page = await memberPage('serve', { width: 390, height: 844 });
  const map = await startDeliveryCheckout(page);
  await page
    .getByTestId('delivery-fare')
    .getByText(/Costo de envío/)
    .waitFor();
  const start = await coordinates(page);
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await map.boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the map fits the width');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `horizontal overflow of ${overflow}px`);
  await page.mouse.click(box.x + box.width / 2 - 80, box.y + box.height / 2 + 50);
  await page.waitForFunction(
    (s) => (document.querySelector('input[name="latitude"]') as HTMLInputElement)?.value !== s,
    start.lat,
  );
  await page.screenshot({ path: `${SHOTS}/checkout-delivery-map-phone.png`, fullPage: false });
  const findings = await seriousViolations(page, 'checkout with the delivery map (phone)');
  assert.equal(findings.length, 0, formatFindings(findings));
});

test(
  'an empty place says it has no products yet; only a search that found nothing says so',
  { skip },
  async () => {
    const { page } = await visitorPage();
    // The first page comes from the server with its place's products inside (SSR): the browser
    // asks for a place's catalogue only when the shopper picks another place. That answer comes
    // back empty here (as a new place's would be).
    await page.goto(harness.server().url('localhost', '/products'));
    await card(page, 'Café con leche').waitFor();
    await storeReady(page);
    await page.waitForFunction(() => localStorage.getItem('selectedPlaceUid'));
    const empty = { count: 0, next: null, previous: null, results: [] };
    const asked: string[] = [];
    await page.route(/\/api\/v7\/places\/[^/]+\/products\//, (route) => {
      asked.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(empty),
      });
    });
    const local = page.getByLabel('Local');
    const shown = await local.locator('option:checked').textContent();
    const other = shown === MIRAFLORES ? BARRANCO_PREFIX : 'Aurora Miraflores';
    const otherLabel = await local.locator('option', { hasText: other }).textContent();
    await local.selectOption({ label: otherLabel! });
    await page.getByText('Este local aún no tiene productos.').waitFor();
    assert.ok(asked.length > 0, 'the empty catalogue was the one asked for');
    assert.equal(await page.getByText(/No se (encuentran|encontraron) resultados/).count(), 0);
    await page.screenshot({ path: `${SHOTS}/store-empty-place-phone.png` });

    // The real catalogue again: a search that finds nothing says so.
    await page.unroute(/\/api\/v7\/places\/[^/]+\/products\//);
    await page.reload();
    await card(page, 'Café con leche').waitFor();
    await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('zzzzqqq');
    await page.getByText('No se encontraron resultados para «zzzzqqq»').waitFor();
    assert.equal(await page.getByText('Este local aún no tiene productos.').count(), 0);
  },
);
