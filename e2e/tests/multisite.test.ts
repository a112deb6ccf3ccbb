import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, hydrated, useHarness } from '../lib/harness';

const harness = useHarness();
const { skip } = harness;

const footer = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

async function open(path: string): Promise<Page> {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await acceptCookiesUpFront(context, server.url('multi.localhost'));
  await page.goto(server.url('multi.localhost', path));
  // The home is rendered on the server: a click on a company before React has hydrated it was
  // lost in one CI run (the page stayed on the home), so the tests click once it has.
  if (path === '/') await hydrated(page, '.multisite-home');
  return page;
}

test(
  'the main company home lists categories with their companies; its footer has create-store and no cart',
  { skip },
  async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Encuentra tu negocio favorito' }).waitFor();
    for (const name of ['Restaurantes', 'Panaderías', 'Bodegas'])
      await page.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByRole('link', { name: /Cevichería El Puerto/ }).waitFor();
    await page.getByRole('link', { name: /Bodega Don Lucho/ }).waitFor();

    const create = footer(page).getByRole('link', { name: 'Crea tu tienda' });
    assert.equal(await create.getAttribute('href'), 'https://admin.example.com/crear-tienda');
    assert.equal(await create.getAttribute('target'), '_blank');
    assert.equal(
      await footer(page).getByRole('link', { name: 'Carrito' }).count(),
      0,
      'no cart on the main company',
    );
    assert.equal(
      await footer(page).getByRole('link', { name: 'Sorteos' }).count(),
      0,
      'no raffles on the main company',
    );
  },
);

test('a category page lists only that category’s companies', { skip }, async () => {
  const page = await open('/');
  await page.getByRole('link', { name: 'Restaurantes', exact: true }).click();
  await page.waitForURL(/\/categories\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: 'Restaurantes' }).waitFor();
  await page.getByRole('link', { name: /Cevichería El Puerto/ }).waitFor();
  await page.getByRole('link', { name: /Pastelería Dulce María/ }).waitFor();
  assert.equal(await page.getByRole('link', { name: /Panadería San José/ }).count(), 0);
  assert.equal(await page.getByRole('link', { name: /Bodega Don Lucho/ }).count(), 0);
  await page.getByRole('link', { name: 'Todas las categorías' }).click();
  await page.getByRole('heading', { name: 'Encuentra tu negocio favorito' }).waitFor();
});

test(
  'a child company: products and cart under /c/{uid}/, its own footer, remembered on shared pages',
  { skip },
  async () => {
    const page = await open('/');
    await page
      .getByRole('link', { name: /Cevichería El Puerto/ })
      .first()
      .click();
    await page.waitForURL(/\/c\/[^/]+\/products$/);
    const prefix = new URL(page.url()).pathname.replace(/\/products$/, '');
    await page.locator('header').getByText('Cevichería El Puerto').waitFor();
    await page.locator('[data-product="Ceviche clásico"]').waitFor();
    await page.locator('[data-product="Tiradito al ají amarillo"]').getByText('S/ 29.50').waitFor();

    // The child's footer: products and cart under its prefix, no create-store link.
    assert.equal(
      await footer(page).getByRole('link', { name: 'Productos' }).getAttribute('href'),
      `${prefix}/products`,
    );
    const cartLink = footer(page).getByRole('link', { name: 'Carrito' });
    assert.equal(await cartLink.getAttribute('href'), `${prefix}/cart`);
    assert.equal(await footer(page).getByRole('link', { name: 'Crea tu tienda' }).count(), 0);

    await page.locator('[data-product="Ceviche clásico"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Ceviche clásico' }).waitFor();
    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Producto agregado a tu carrito').first().waitFor();

    await cartLink.click();
    await page.waitForURL(new RegExp(`${prefix}/cart$`));
    await page.locator('main').getByText('Ceviche clásico').first().waitFor();

    // A shared page keeps the company chosen last.
    await page.goto(page.url().replace(/\/c\/.*$/, '/faqs'));
    await page.locator('header').getByText('Cevichería El Puerto').waitFor();
    assert.equal(
      await footer(page).getByRole('link', { name: 'Carrito' }).getAttribute('href'),
      `${prefix}/cart`,
    );
  },
);

test(
  'an unknown company under /c/ is not found; /in/{uid}/ remembers the influencer and goes home',
  { skip },
  async () => {
    const page = await open('/c/no-such-company/products');
    await page.getByRole('heading', { name: '¡Lo sentimos, página no encontrada!' }).waitFor();
    await page.goto(page.url().replace(/\/c\/.*$/, '/in/inf-42/'));
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('influencerId')), 'inf-42');
    await page.getByRole('heading', { name: 'Encuentra tu negocio favorito' }).waitFor();
  },
);

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

test(
  'the home spans the page, shows the marketplace ads, and a business without places opens soon',
  { skip },
  async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Encuentra tu negocio favorito' }).waitFor();
    // A 1280 px screen: the home fills the content column instead of a narrow column on the left.
    // Read in the page until it holds: the box of an element React is replacing at that moment
    // (the lazy page hydrating) reads as no box at all.
    await page.waitForFunction(
      () => (document.querySelector('.multisite-home')?.getBoundingClientRect().width ?? 0) > 1000,
    );
    await page
      .getByRole('region', { name: 'Novedades' })
      .getByText('Feria del barrio: todos los sábados en el Mercado Central')
      .waitFor();
    const tropical = page.getByRole('link', { name: /Juguería La Tropical/ }).first();
    await tropical.getByText('Abre pronto').waitFor();
    assert.equal(
      await page
        .getByRole('link', { name: /Pastelería Dulce María/ })
        .first()
        .getByText('Abre pronto')
        .count(),
      0,
    );
    await page.screenshot({ path: `${SHOTS}/multisite-home-desktop.png` });

    await tropical.click();
    await page.getByRole('heading', { name: 'Juguería La Tropical abre pronto' }).waitFor();
    assert.equal(await page.getByText('No places found').count(), 0);
    await page.getByRole('link', { name: 'Ver otros negocios' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Encuentra tu negocio favorito' }).waitFor();
  },
);

test(
  'on a phone every child business is a store of its own, with a way back to the marketplace',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await acceptCookiesUpFront(context, server.url('multi.localhost'));
    await page.goto(server.url('multi.localhost', '/'));
    for (const [name, product] of [
      ['Panadería San José', 'Pan francés (6 unidades)'],
      ['Pastelería Dulce María', 'Torta de chocolate'],
      ['Bodega Don Lucho', 'Arroz extra 5 kg'],
    ]) {
      await page
        .getByRole('link', { name: new RegExp(name) })
        .first()
        .click();
      await page.waitForURL(/\/c\/[^/]+\/products$/);
      await page.locator('header').getByText(name).waitFor();
      await page.locator(`[data-product="${product}"]`).waitFor();
      assert.equal(await page.getByText('No places found').count(), 0);
      assert.equal(await page.getByText(/No se (encuentran|encontraron) resultados/).count(), 0);
      if (name === 'Pastelería Dulce María')
        await page.screenshot({ path: `${SHOTS}/multisite-child-phone.png` });
      await page.getByRole('link', { name: 'Volver a Mercado Central' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Encuentra tu negocio favorito' }).waitFor();
    }
  },
);

test(
  'a child store with coins: its ads, its coin-redemption section, and its /orders/coins in the menu',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('multi.localhost'));
    await page.goto(server.url('multi.localhost', '/login'));
    await page.getByLabel('Correo electrónico', { exact: true }).fill('puerto@multi.pe');
    await page.getByLabel('Contraseña', { exact: true }).fill('Puerto2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(server.url('multi.localhost', '/'));
    await page
      .getByRole('link', { name: /Cevichería El Puerto/ })
      .first()
      .click();
    await page.waitForURL(/\/c\/[^/]+\/products$/);
    const prefix = new URL(page.url()).pathname.replace(/\/products$/, '');

    await page
      .getByRole('region', { name: 'Novedades' })
      .getByText('Menú marino de lunes a viernes')
      .waitFor();
    const redeem = page.getByRole('region', { name: 'Canjea con tus monedas' });
    await redeem.locator('[data-product="Leche de tigre"]').getByText('60 monedas').waitFor();
    // Coin products are in their section only; the money list keeps the rest.
    assert.equal(await page.locator('[data-product="Leche de tigre"]').count(), 1);
    await page.locator('[data-product="Ceviche clásico"]').waitFor();
    assert.equal(await redeem.locator('[data-product="Ceviche clásico"]').count(), 0);
    await page.screenshot({ path: `${SHOTS}/multisite-child-coins.png`, fullPage: true });

    // The child runs a gamification system: its menu offers its coins page, under its prefix.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const coins = page.getByRole('navigation', { name: 'Menú' }).getByRole('link', {
      name: 'Mis monedas',
    });
    assert.equal(await coins.getAttribute('href'), `${prefix}/orders/coins`);
  },
);

test(
  'the home the server drew stays through hydration: no loading screen in its place',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('multi.localhost'));
    // Every removal of the server's home, and every loading screen put in its place, from the start.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { homeChanges: string[] }).homeChanges = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.removedNodes))
            if (
              node instanceof HTMLElement &&
              node.matches('.multisite-home, :has(.multisite-home)')
            )
              seen.push(`removed ${node.className}`);
          for (const node of Array.from(record.addedNodes))
            if (node instanceof HTMLElement && node.matches('.loading, :has(.loading)'))
              seen.push(`added ${node.className}`);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(server.url('multi.localhost', '/'));
    await hydrated(page, '.multisite-home');
    await page.waitForLoadState('networkidle');
    const changes = await page.evaluate(
      () => (window as unknown as { homeChanges: string[] }).homeChanges,
    );
    assert.deepEqual(changes, []);
  },
);
