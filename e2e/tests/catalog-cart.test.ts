import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, hydrated, useHarness } from '../lib/harness';
import { addToCart, demoShopper, emptyPlaceCart } from '../lib/checkout';

// The shop floor in a real browser against the real server: a visitor browses the demo store
// (Café Aurora on localhost), fills the carts of two places, reloads, then logs in and finds
// the guest's lines merged into the server cart.
const harness = useHarness();
const { skip } = harness;
const { newMemberPage } = demoShopper(harness);

const MIRAFLORES = 'Aurora Miraflores — Av. José Larco 812, Miraflores';
const BARRANCO = 'Aurora Barranco — Jr. Batallón Ayacucho 271, Barranco';

type ServerCart = {
  place: string;
  products: {
    uid: string;
    title: string;
    quantity: number;
    total: string;
    option_groups: { options: { name: string }[] }[];
  }[];
  subtotal: string;
};

const card = (page: Page, title: string) => page.locator(`[data-product="${title}"]`);
const cardTitles = (page: Page) =>
  page
    .locator('.product-grid [data-product]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-product')));
const panel = (page: Page) => page.locator('.cart-panel');
const dialog = (page: Page) => page.getByRole('dialog');
const storageOf = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

async function waitForTitles(page: Page, expected: string[]) {
  const deadline = Date.now() + 10_000;
  let titles: (string | null)[] = [];
  while (Date.now() < deadline) {
    titles = await cardTitles(page);
    if (JSON.stringify([...titles].sort()) === JSON.stringify([...expected].sort())) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual([...titles].sort(), [...expected].sort());
}

async function openProduct(page: Page, title: string) {
  await card(page, title).click();
  await dialog(page).getByRole('heading', { name: title }).waitFor();
}

/** The server cart of a place, read from the page with the token it stored. */
function serverCartFromPage(page: Page, placeUid: string): Promise<ServerCart> {
  return page.evaluate(async (place) => {
    const response = await fetch(`/api/v5/me/shopping-cart/?place_uid=${place}`, {
      headers: { Authorization: `Token ${localStorage.getItem('token')}` },
    });
    if (!response.ok) throw new Error(`shopping-cart answered ${response.status}`);
    return response.json();
  }, placeUid);
}

test(
  'catalogue and cart: browse, filter, search, options, add, edit, remove, carts per place, merge on login',
  { skip },
  async () => {
    const server = harness.server();
    const origin = server.url('localhost', '');
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('localhost'));

    // The member already has a line in the server cart of Miraflores (from another device).
    const login = await fetch(`${origin}/api/v5/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@aurora.pe', password: 'Aurora2026!' }),
    });
    assert.equal(login.status, 200);
    const apiToken = ((await login.json()) as { token: string }).token;
    const places = (await (await fetch(`${origin}/api/v7/places/`)).json()) as {
      results: { uid: string; name: string; locality: { area: { uid: string } } }[];
    };
    const miraflores = places.results.find((p) => p.name === 'Aurora Miraflores')!;
    const barranco = places.results.find((p) => p.name === 'Aurora Barranco')!;
    const products = (await (
      await fetch(`${origin}/api/v7/places/${miraflores.uid}/products/?search=tostadas`)
    ).json()) as { results: { uid: string }[] };
    const seeded = await fetch(`${origin}/api/v5/me/shopping-cart/?place_uid=${miraflores.uid}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${apiToken}` },
      body: JSON.stringify({
        place: miraflores.uid,
        products: [
          {
            id: `${products.results[0].uid}-0`,
            uid: products.results[0].uid,
            quantity: 1,
            option_groups: [],
          },
        ],
      }),
    });
    assert.equal(seeded.status, 200);

    // A visitor opens the store and picks a place: its area is picked with it.
    await page.goto(server.url('localhost', '/products'));
    await page.getByLabel('Ciudad').waitFor();
    // The page arrives drawn by the server; a choice counts once React has hydrated it.
    await page.waitForFunction(() => localStorage.getItem('selectedPlaceUid'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await card(page, 'Café con leche').waitFor();
    const picked = await storageOf(page);
    assert.equal(picked.selectedPlaceUid, miraflores.uid);
    assert.equal(picked.selectedAreaUid, miraflores.locality.area.uid);
    // The place list is sorted by name and shows name and address.
    const options = await page.getByLabel('Local').locator('option').allTextContents();
    assert.deepEqual(options, [BARRANCO, MIRAFLORES]);

    // Espresso has no stock: badge shown, and it does not open.
    await card(page, 'Espresso').getByText('No stock').waitFor();
    // The badge keeps its full colour on the faded picture (readable: white on red).
    const badgeOpacity = await card(page, 'Espresso')
      .locator('.product-card__badge')
      .evaluate((badge) => {
        let opacity = 1;
        for (let el: Element | null = badge; el; el = el.parentElement)
          opacity *= Number(getComputedStyle(el).opacity);
        return opacity;
      });
    assert.equal(badgeOpacity, 1);
    await card(page, 'Espresso').click();
    await page.waitForTimeout(300);
    assert.equal(await dialog(page).count(), 0, 'a product with stock 0 does not open');
    // Prices with the currency symbol and two decimals.
    assert.match(await card(page, 'Café con leche').innerText(), /S\/ 9\.50/);

    // Filter by a category, then back to All.
    const chips = page.locator('.category-bar');
    await chips.getByRole('button', { name: 'Panadería', exact: true }).click();
    await waitForTitles(page, [
      'Empanada de carne',
      'Empanada de pollo',
      'Croissant de mantequilla',
      'Pan de chocolate',
      'Alfajor de manjar',
    ]);
    assert.equal(
      await chips
        .getByRole('button', { name: 'Panadería', exact: true })
        .getAttribute('aria-pressed'),
      'true',
    );
    await chips.getByRole('button', { name: 'Todos', exact: true }).click();
    await card(page, 'Café con leche').waitFor();

    // Search (debounced 800 ms): 'empan' finds both empanadas.
    const search = page.getByLabel('Buscar productos');
    const searchRequest = page.waitForRequest((r) => r.url().includes('search=empan'));
    const typedAt = Date.now();
    await search.fill('empan');
    await searchRequest;
    assert.ok(Date.now() - typedAt >= 700, 'the search waits for the debounce');
    await waitForTitles(page, ['Empanada de carne', 'Empanada de pollo']);
    await search.fill('zzzz sin resultados');
    await page.getByText('No se encontraron resultados para «zzzz sin resultados»').waitFor();
    await search.fill('');
    await card(page, 'Café con leche').waitFor();

    // Open a product: add stays disabled until the required size is chosen; at most 3 extras.
    await openProduct(page, 'Café con leche');
    const add = dialog(page).getByRole('button', { name: 'Agregar', exact: true });
    assert.equal(await add.isDisabled(), true, 'Tamaño is required');
    // Tamaño allows one: its options are radio buttons, a second choice replaces the first.
    const size = dialog(page).getByRole('group', { name: /Tamaño/ });
    assert.equal(await size.getByRole('checkbox').count(), 0);
    await size.getByRole('radio', { name: 'Grande 16 oz' }).check();
    await size.getByRole('radio', { name: 'Mediano 12 oz' }).check();
    assert.equal(await size.getByRole('radio', { name: 'Grande 16 oz' }).isChecked(), false);
    assert.equal(await add.isEnabled(), true);
    await dialog(page).getByTestId('popup-total').getByText('Total: S/ 11.50').waitFor();
    for (const extra of ['Shot extra de espresso', 'Jarabe de vainilla', 'Canela'])
      await dialog(page).getByLabel(extra).check();
    // The running total counts the options before anything is added.
    await dialog(page).getByTestId('popup-total').getByText('Total: S/ 15.50').waitFor();
    assert.equal(
      await dialog(page).getByLabel('Crema batida').isDisabled(),
      true,
      'a 4th extra cannot be ticked',
    );
    assert.equal(await add.isEnabled(), true);
    await add.click();
    await page.getByText('Producto agregado a tu carrito').first().waitFor();
    assert.equal(await dialog(page).count(), 0);
    await panel(page).getByText('Café con leche').waitFor();
    await panel(page).getByText('Cargando...').waitFor();
    await panel(page)
      .getByText('Mediano 12 oz, Shot extra de espresso, Jarabe de vainilla, Canela')
      .waitFor();
    // 9.50 + 2.00 + 2.00 + 1.50 + 0.50
    await panel(page).getByText('S/ 15.50').first().waitFor();

    // Edit: the popup loads what the cart holds and reads Editar; the quantity changes.
    await openProduct(page, 'Café con leche');
    assert.equal(await dialog(page).getByLabel('Mediano 12 oz').isChecked(), true);
    assert.equal(await dialog(page).getByLabel('Canela').isChecked(), true);
    await dialog(page).getByRole('button', { name: 'Agregar uno' }).click();
    await dialog(page).getByRole('button', { name: 'Editar', exact: true }).click();
    await panel(page).getByText('S/ 31.00').first().waitFor();

    // Another product, then remove it: quantity 0 shows the remove button.
    await openProduct(page, 'Empanada de carne');
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await panel(page).getByText('Empanada de carne').waitFor();
    await openProduct(page, 'Empanada de carne');
    assert.equal(
      await dialog(page).getByRole('button', { name: 'Editar', exact: true }).count(),
      1,
    );
    await dialog(page).getByRole('button', { name: 'Quitar uno' }).click();
    assert.equal(
      await dialog(page).getByRole('button', { name: 'Quitar uno' }).isDisabled(),
      true,
      'not below 0',
    );
    await dialog(page).getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByText('Quitamos el producto de tu carrito').first().waitFor();
    await panel(page).getByText('Empanada de carne').waitFor({ state: 'detached' });

    // Alfajor has 2 left: plus stops at 2.
    await openProduct(page, 'Alfajor de manjar');
    await dialog(page).getByRole('button', { name: 'Agregar uno' }).click();
    assert.equal(
      await dialog(page).getByRole('button', { name: 'Agregar uno' }).isDisabled(),
      true,
      'plus disabled at stock',
    );
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await panel(page).getByText('Alfajor de manjar').waitFor();

    // Reload: the cart of the place is intact.
    const stored = JSON.parse((await storageOf(page))[`cart${miraflores.uid}`]) as {
      products: { id: string; uid: string; quantity: number }[];
    };
    assert.deepEqual(
      stored.products.map((line) => [line.id.replace(line.uid, 'uid'), line.quantity]),
      [
        ['uid-0', 2],
        ['uid-1', 2],
      ],
    );
    await page.reload();
    await panel(page).getByText('Café con leche').waitFor();
    await panel(page).getByText('Alfajor de manjar').waitFor();

    // Switch place: Barranco has its own (empty) cart; fill it, then Miraflores still has its own.
    await page.getByLabel('Local').selectOption({ label: BARRANCO });
    await panel(page).getByText('Tu carrito está vacío').waitFor();
    await card(page, 'Croissant de mantequilla').waitFor();
    await openProduct(page, 'Croissant de mantequilla');
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await panel(page).getByText('Croissant de mantequilla').waitFor();
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await panel(page).getByText('Café con leche').waitFor();
    assert.equal(await panel(page).getByText('Croissant de mantequilla').count(), 0);

    // Log in: the guest's lines are merged into the server cart (which had Tostadas con palta).
    await page.goto(server.url('localhost', '/login'));
    await page.getByLabel('Correo electrónico', { exact: true }).fill('demo@aurora.pe');
    await page.getByLabel('Contraseña', { exact: true }).fill('Aurora2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(server.url('localhost', '/products'));
    await panel(page).getByText('Tostadas con palta').waitFor();
    await panel(page).getByText('Café con leche').waitFor();
    await panel(page).getByText('Alfajor de manjar').waitFor();

    const merged = await serverCartFromPage(page, miraflores.uid);
    assert.deepEqual(merged.products.map((line) => [line.title, line.quantity]).sort(), [
      ['Alfajor de manjar', 2],
      ['Café con leche', 2],
      ['Tostadas con palta', 1],
    ]);
    const coffee = merged.products.find((line) => line.title === 'Café con leche')!;
    assert.deepEqual(coffee.option_groups.flatMap((g) => g.options.map((o) => o.name)).sort(), [
      'Canela',
      'Jarabe de vainilla',
      'Mediano 12 oz',
      'Shot extra de espresso',
    ]);
    assert.equal(coffee.total, '31.00');
    // The page shows the server's subtotal.
    await panel(page).getByText(`S/ ${merged.subtotal}`).first().waitFor();
    const otherPlace = await serverCartFromPage(page, barranco.uid);
    assert.deepEqual(
      otherPlace.products.map((line) => [line.title, line.quantity]),
      [['Croissant de mantequilla', 1]],
    );
    assert.equal((await storageOf(page)).merge, undefined, 'the merge flag is cleared');

    // Logged in, every change is posted: the /cart page lowers the Alfajor to 1.
    await page.goto(server.url('localhost', '/cart'));
    await page.getByRole('heading', { name: 'Mi carrito' }).waitFor();
    const alfajor = page.locator('.cart-line').filter({ hasText: 'Alfajor de manjar' });
    const posted = page.waitForResponse(
      (r) => r.url().includes('/api/v5/me/shopping-cart/') && r.request().method() === 'POST',
    );
    await alfajor.getByRole('button', { name: 'Quitar uno' }).click();
    assert.equal((await posted).status(), 200);
    const after = await serverCartFromPage(page, miraflores.uid);
    assert.equal(after.products.find((line) => line.title === 'Alfajor de manjar')?.quantity, 1);
    await page.getByTestId('cart-subtotal').getByText(`S/ ${after.subtotal}`).waitFor();
  },
);

test(
  'the product popup is a full-screen accessible dialog on phones; Escape and the back button close it',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await acceptCookiesUpFront(context, server.url('localhost'));
    await page.goto(server.url('localhost', '/products'));
    await openProduct(page, 'Cappuccino');
    assert.equal(await dialog(page).getAttribute('aria-modal'), 'true');
    const box = await dialog(page).boundingBox();
    assert.ok(
      box && box.width >= 389 && box.height >= 843,
      `full screen, got ${JSON.stringify(box)}`,
    );
    // Tab stays inside the dialog.
    for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
      true,
    );
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    // The phone's back button closes the popup and stays in the store; a reload keeps it open.
    await openProduct(page, 'Cappuccino');
    assert.match(page.url(), /[?&]product=/);
    await page.reload();
    await dialog(page).getByRole('heading', { name: 'Cappuccino' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    assert.doesNotMatch(page.url(), /product=/);
    await openProduct(page, 'Cappuccino');
    await page.goBack();
    await dialog(page).waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/products');
    await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  },
);

test(
  'the menu page lists the company products by category; the footer links to products and cart',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await acceptCookiesUpFront(context, server.url('localhost'));
    await page.goto(server.url('localhost', '/carta'));
    await page.getByRole('heading', { name: 'Café Aurora' }).waitFor();
    await page.getByRole('link', { name: 'Ir a la tienda' }).waitFor();
    await card(page, 'Café con leche').waitFor();
    // The menu is drawn by the server: its chips answer once React has taken the page over.
    await hydrated(page, '.category-bar');
    await page
      .locator('.category-bar')
      .getByRole('button', { name: 'Canjes con monedas', exact: true })
      .click();
    await waitForTitles(page, ['Taza Aurora', 'Café gratis']);
    assert.match(await card(page, 'Taza Aurora').innerText(), /150 monedas/);

    // On a phone the store shows a cart bar once the cart has lines; the footer has products and cart.
    await page.goto(server.url('localhost', '/products'));
    await openProduct(page, 'Croissant de mantequilla');
    await dialog(page).getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.locator('.cart-bar').getByText('Ver carrito').waitFor();
    const footer = page.getByRole('navigation', { name: 'Navegación principal' });
    await footer.getByRole('link', { name: 'Productos' }).waitFor();
    await footer.getByRole('link', { name: 'Carrito' }).click();
    await page.waitForURL(/\/cart$/);
    await page.locator('.cart-line').filter({ hasText: 'Croissant de mantequilla' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/phone-cart-e2e.png' });
  },
);

test(
  'a first visit gets its banners and products inside the page: the browser asks for neither',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await acceptCookiesUpFront(context, server.url('localhost'));
    const productsPath = /\/places\/[^/]+\/products\//;
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await page.goto(server.url('localhost', '/products'));
    await card(page, 'Cappuccino').waitFor();
    await page.getByTestId('company-ads').locator('img').first().waitFor();
    // The server rendered the page with them (web/src/entry-server.tsx) and hydrated from its data.
    await page.waitForFunction(() => localStorage.getItem('selectedPlaceUid'));
    assert.deepEqual(
      asked.filter((url) => url.includes('/ads') || productsPath.test(url)),
      [],
      `asked: ${asked.join(', ')}`,
    );
    // The first banner is on screen: loaded at once, not lazily.
    const first = page.getByTestId('company-ads').locator('img').first();
    assert.equal(await first.getAttribute('loading'), null);
    assert.equal(await first.getAttribute('fetchpriority'), 'high');
    await context.close();
  },
);

test(
  'a cart change whose answer never came (the page was left first) is sent again on the next page, not read over',
  { skip },
  async () => {
    const server = harness.server();
    const page = await newMemberPage();
    await page.goto(server.url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await emptyPlaceCart(page);
    await page.reload();
    await card(page, 'Tostadas con palta').waitFor();
    const place = await page.evaluate(() => localStorage.getItem('selectedPlaceUid')!);

    // The change's POST is held, as on a slow network, and the member opens /cart at once.
    const cartPosts = '**/api/v5/me/shopping-cart/**';
    let held = 0;
    await page.route(cartPosts, (route) =>
      route.request().method() === 'POST' ? void (held += 1) : route.continue(),
    );
    await addToCart(page, 'Tostadas con palta');
    await page.waitForFunction(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}').unsent === true,
      `cart${place}`,
    );
    assert.equal(held, 1, 'the change was posted and is still unanswered');
    await page.unroute(cartPosts);
    await page.goto(server.url('localhost', '/cart'));

    // The line is still there, the server got it, and the local cart is no longer unsent.
    await page.locator('.cart-line').filter({ hasText: 'Tostadas con palta' }).waitFor();
    await page.waitForFunction(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}').unsent === undefined,
      `cart${place}`,
    );
    const saved = await serverCartFromPage(page, place);
    assert.deepEqual(
      saved.products.map((line) => [line.title, line.quantity]),
      [['Tostadas con palta', 1]],
    );
  },
);
