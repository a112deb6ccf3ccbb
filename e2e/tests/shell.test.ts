import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptCookiesUpFront, patchTenantApp, useHarness } from '../lib/harness';

const harness = useHarness();
const { skip } = harness;

test(
  'the demo store loads by host name with its name, logo and main colour',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url());
    const appCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v7/apps/?domain=')) appCalls.push(request.url());
    });
    await page.goto(server.url('localhost', '/'));

    // The demo app has a landing page: the first visit of / goes there once.
    await page.waitForURL(/\/landing$/);
    await page.getByRole('heading', { level: 1, name: 'Café Aurora' }).waitFor();
    assert.equal(await page.title(), 'Café Aurora');
    assert.equal(
      await page.locator('link[rel="icon"]').getAttribute('href'),
      '/demo/aurora-favicon.svg',
    );

    const mainVar = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-main').trim(),
    );
    assert.equal(mainVar, '#b4462b');
    const orderButton = page.locator('header').getByRole('link', { name: 'Ordenar aquí' });
    assert.equal(
      await orderButton.evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(180, 70, 43)',
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('colors_main_color')), '#b4462b');
    assert.ok(await page.evaluate(() => localStorage.getItem('apiKey')), 'the app key is stored');
    // The tenant came inside the page (script#app-bootstrap): no round trip to ask for it.
    assert.deepEqual(appCalls, []);

    // Into the store: the shell with header logo and footer.
    await orderButton.click();
    await page.waitForURL(/\/products$/);
    await page.getByRole('img', { name: 'Logo de Café Aurora' }).first().waitFor();
    const footer = page.getByRole('navigation', { name: 'Navegación principal' });
    await footer.getByRole('link', { name: 'Productos' }).waitFor();
    await footer.getByRole('link', { name: 'Carrito' }).waitFor();
    assert.equal(
      await footer.getByRole('link', { name: 'Pedidos' }).count(),
      0,
      'orders only when logged in',
    );
    await page.getByText(`Desarrollado por Tienda Blanca © ${new Date().getFullYear()}`).waitFor();

    // A second visit of / in the same load goes to the store, not back to the landing.
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(/\/products$/);
  },
);

test('an unknown host shows the not-found page', { skip }, async () => {
  const { page } = await harness.newPage();
  await page.goto(harness.server().url('nope.localhost', '/'));
  await page.getByText('¡Lo sentimos, página no encontrada!').waitFor();
  assert.equal(await page.getByText('Cargando...').count(), 0);
});

test(
  'an unknown path of a known store shows the not-found page inside the shell',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url());
    await page.goto(server.url('localhost', '/no-such-page'));
    await page.getByRole('heading', { name: '¡Lo sentimos, página no encontrada!' }).waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
  },
);

test(
  'a private store sends a visitor to /login, whose page links to register and recovery',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('private.localhost'));
    await page.goto(server.url('private.localhost', '/'));
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('link', { name: 'Regístrate' }).waitFor();
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL(/\/recovery-password$/);

    // Logged out without anonymous navigation: the legal pages live at the root, default privacy text.
    await page.goto(server.url('private.localhost', '/politics'));
    await page.getByText('1 de abril de 2020').waitFor();
    await page.getByText('veinte (20) días hábiles', { exact: false }).waitFor();
  },
);

test(
  'a member of the private store lands on its program inside the shell; its menu page keeps the shell',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await acceptCookiesUpFront(context, server.url('private.localhost'));
    await page.goto(server.url('private.localhost', '/login'));
    await page.getByLabel('Correo electrónico', { exact: true }).fill('socio@clubandino.pe');
    await page.getByLabel('Contraseña', { exact: true }).fill('Andino2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/program\/[^/]+$/);
    await page.getByRole('heading', { name: 'Socios Club Andino' }).first().waitFor();
    await page.getByText('15% en refugios de montaña').first().waitFor();
    await page.screenshot({ path: '/tmp/private-member-phone.png' });

    // The menu page (carta) of a store with no products: inside the shell, with the way out.
    await page.goto(server.url('private.localhost', '/carta'));
    await page.getByText('Esta carta aún no tiene productos.').waitFor();
    assert.equal(await page.getByText(/No se (encuentran|encontraron) resultados/).count(), 0);
    // The store's name, not the program's ('Socios Club Andino') in the header's top navigation,
    // which the server's page holds on a phone too (CSS shows the tab bar instead).
    await page.locator('header').getByText('Club Andino', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú' })
      .getByRole('button', { name: 'Cerrar sesión' })
      .click();
    await page.waitForURL(/\/login$/);
  },
);

test(
  'the multisite home lists categories with their companies, searchable, and a create-store link',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('multi.localhost'));
    await page.goto(server.url('multi.localhost', '/'));
    await page.getByRole('heading', { name: 'Restaurantes' }).waitFor();
    await page.getByRole('link', { name: /Bodega Don Lucho/ }).waitFor();
    const footer = page.getByRole('navigation', { name: 'Navegación principal' });
    assert.equal(
      await footer.getByRole('link', { name: 'Crea tu tienda' }).getAttribute('href'),
      'https://admin.example.com/crear-tienda',
    );
    assert.equal(
      await footer.getByRole('link', { name: 'Carrito' }).count(),
      0,
      'no cart on the main multisite company',
    );

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('panader');
    await page.getByRole('link', { name: /Bodega Don Lucho/ }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /Panadería San José/ }).waitFor();

    // A child company: prefixed links and a cart.
    await page.getByRole('link', { name: /Panadería San José/ }).click();
    await page.waitForURL(/\/c\/[^/]+\/products$/);
    const cart = footer.getByRole('link', { name: 'Carrito' });
    assert.match((await cart.getAttribute('href')) ?? '', /^\/c\/[^/]+\/cart$/);
  },
);

test(
  'the side menu shows a login link to visitors and events only where switched on',
  { skip },
  async () => {
    const server = harness.server();
    for (const [host, hasEvents] of [
      ['localhost', false],
      ['rockypez.localhost', true],
    ] as const) {
      const { context, page } = await harness.newPage();
      await acceptCookiesUpFront(context, server.url(host));
      await page.goto(server.url(host, '/products'));
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Menú' });
      await menu.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
      assert.equal(await menu.getByRole('link', { name: 'Mi perfil' }).count(), 0);
      assert.equal(
        await menu.getByRole('link', { name: 'Eventos' }).count(),
        hasEvents ? 1 : 0,
        host,
      );
    }
  },
);

test('a phone viewport shows the store without horizontal scroll', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport: { width: 390, height: 844 } });
  await acceptCookiesUpFront(context, server.url());
  for (const [host, path, text] of [
    ['localhost', '/landing', 'Café Aurora'],
    ['localhost', '/products', 'Productos'],
    ['multi.localhost', '/', 'Restaurantes'],
  ] as const) {
    await page.goto(server.url(host, path));
    // Visible text: both main navigations are in the page (the server's HTML knows no width) and
    // on a phone CSS hides the top one, whose 'Productos' comes first.
    await page.getByText(text).filter({ visible: true }).first().waitFor();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    assert.ok(
      scrollWidth <= clientWidth,
      `${host}${path}: scrollWidth ${scrollWidth} > ${clientWidth}`,
    );
    await page.screenshot({
      path: `/tmp/e2e-phone-${host}${path.replace(/\W/g, '-')}.png`,
      fullPage: true,
    });
  }
});

test('a store switched to maintenance shows only the maintenance screen', { skip }, async () => {
  const { page } = await harness.newPage();
  // No demo store is in maintenance; the switch is the app's `features.maintenance`, so the test turns it on in the answer.
  await patchTenantApp(page, (app) => {
    app.features.maintenance = true;
  });
  await page.goto(harness.server().url('localhost', '/products'));
  await page.getByRole('heading', { name: 'Estamos en mantenimiento' }).waitFor();
  assert.ok(await page.getByText('5 y 6 de noviembre').isVisible());
  assert.equal(await page.getByRole('link', { name: 'Ordenar aquí' }).count(), 0);
});

test(
  'with cart, store and program all hidden for members the home is the full-screen logo',
  { skip },
  async () => {
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, harness.server().url());
    await patchTenantApp(page, (app) => {
      app.company.hidden_for_members = [{ name: 'cart' }, { name: 'store' }, { name: 'program' }];
      app.landing_page = false;
    });
    await page.goto(harness.server().url('localhost', '/'));
    const logo = page.getByTestId('full-screen-logo');
    await logo.getByRole('img', { name: 'Café Aurora' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    // Outside the shell: no tab bar, no menu.
    assert.equal(await page.getByRole('navigation', { name: 'Navegación principal' }).count(), 0);
    assert.equal(await page.getByText(/página no encontrada/i).count(), 0);
  },
);

test(
  'the side menu has the city dropdown when the company has more than one area',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url());
    await page.goto(server.url('localhost', '/products'));
    const toolbarCity = page.locator('.store-toolbar').getByLabel('Ciudad');
    await toolbarCity.waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú' });
    const menuCity = menu.getByLabel('Ciudad');
    await menuCity.selectOption({ label: 'Arequipa' });
    // The store follows the menu's choice: the same city, and the place list of that city.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => {
      const select = document.querySelector('.store-toolbar select') as HTMLSelectElement | null;
      return select?.selectedOptions[0]?.textContent === 'Arequipa';
    });
    const places = await page
      .locator('.store-toolbar')
      .getByLabel('Local')
      .locator('option')
      .allTextContents();
    assert.deepEqual(
      places.filter((p) => p.startsWith('Aurora')),
      ['Aurora Yanahuara — Av. Ejército 503, Yanahuara'],
    );
  },
);
