import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';

const harness = useHarness();
const { skip } = harness;

test('cookie consent is asked once and remembered after reload', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await page.goto(server.url('localhost', '/products'));
  const banner = page.getByRole('region', { name: 'Usamos cookies' });
  await banner.waitFor();
  await banner.getByRole('button', { name: 'Aceptar' }).click();
  await banner.waitFor({ state: 'detached' });

  const stored = await page.evaluate(() => ({
    consent: localStorage.getItem('cookieConsent'),
    ga: localStorage.getItem('cookie_ga'),
    guid: localStorage.getItem('cookie_guid'),
  }));
  assert.deepEqual(JSON.parse(stored.consent ?? 'null'), { necessary: true, ga: true, guid: true });
  assert.equal(stored.ga, 'true');
  assert.equal(stored.guid, 'true');
  const cookies = await context.cookies(server.url());
  const guid = cookies.find((cookie) => cookie.name === '_guid');
  assert.ok(guid, '_guid cookie set');
  const hoursLeft = (guid.expires * 1000 - Date.now()) / 3_600_000;
  assert.ok(hoursLeft > 23 && hoursLeft <= 24, `_guid lasts 24 h, got ${hoursLeft}`);

  await page.reload();
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Usamos cookies' }).count(), 0);

  // The visit id cookie expired: asked again.
  await context.clearCookies({ name: '_guid' });
  await page.reload();
  await page.getByRole('region', { name: 'Usamos cookies' }).waitFor();
});

test(
  'switching analytics off in the cookie settings removes the analytics cookie',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123', url: server.url() }]);
    await page.goto(server.url('localhost', '/products'));
    await page.getByRole('button', { name: 'Configurar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
    const necessary = dialog.getByRole('switch', { name: 'Cookies necesarias' });
    assert.equal(await necessary.isChecked(), true);
    assert.equal(await necessary.isDisabled(), true);
    const analytics = dialog.getByRole('switch', { name: 'Cookies analíticas' });
    const visit = dialog.getByRole('switch', { name: 'Identificador de visita' });
    assert.equal(await analytics.isChecked(), false, 'optional cookies start off');
    assert.equal(await visit.isChecked(), false, 'optional cookies start off');
    await visit.check();
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    await page.getByRole('region', { name: 'Usamos cookies' }).waitFor({ state: 'detached' });

    assert.equal(await page.evaluate(() => localStorage.getItem('cookie_ga')), 'false');
    const names = (await context.cookies(server.url())).map((cookie) => cookie.name);
    assert.ok(!names.includes('_ga'), `_ga removed, cookies: ${names.join(', ')}`);
    assert.ok(names.includes('_guid'));
  },
);

test(
  'Rechazar weighs as much as Aceptar and leaves only the necessary cookies',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123', url: server.url() }]);
    await page.goto(server.url('localhost', '/products'));
    const banner = page.getByRole('region', { name: 'Usamos cookies' });
    const reject = banner.getByRole('button', { name: 'Rechazar' });
    const accept = banner.getByRole('button', { name: 'Aceptar' });
    assert.equal(await reject.getAttribute('class'), await accept.getAttribute('class'));
    const [r, a] = [await reject.boundingBox(), await accept.boundingBox()];
    assert.ok(r && a && Math.abs(r.height - a.height) < 1, 'same height');
    await reject.click();
    await banner.waitFor({ state: 'detached' });
    assert.deepEqual(
      JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null'),
      { necessary: true, ga: false, guid: false },
    );
    const names = (await context.cookies(server.url())).map((cookie) => cookie.name);
    assert.ok(!names.includes('_ga') && !names.includes('_guid'), names.join(', '));
    // The refusal is remembered: not asked again on the next load.
    await page.reload();
    await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Usamos cookies' }).count(), 0);
  },
);

test('the cookie policy page explains each cookie and its duration', { skip }, async () => {
  const server = harness.server();
  const { page } = await harness.newPage();
  await page.goto(server.url('localhost', '/cookies/'));
  await page.getByRole('heading', { name: 'Política de cookies' }).waitFor();
  const rows = await page.locator('table tbody tr').allInnerTexts();
  assert.match(rows.join('\n'), /_ga[\s\S]*2 años/);
  assert.match(rows.join('\n'), /_guid[\s\S]*24 horas/);
  assert.match(rows.join('\n'), /1 día/);
});

test('switching to English changes the shell texts and is remembered', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await acceptCookiesUpFront(context, server.url());
  await page.goto(server.url('localhost', '/products'));
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Productos' })
    .waitFor();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');

  await page.getByRole('combobox', { name: 'Language' }).waitFor();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Log in' })
    .waitFor();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Products' })
    .waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'en');

  await page.reload();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Cart' })
    .waitFor();
  assert.equal(await page.getByText('Productos').count(), 0);
});

test('the cookie banner speaks the chosen language', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await context.addInitScript(() => {
    localStorage.setItem('version', '1.0.0');
    localStorage.setItem('lang', 'en');
  });
  await page.goto(server.url('localhost', '/products'));
  await page
    .getByRole('region', { name: 'We use cookies' })
    .getByRole('button', { name: 'Accept' })
    .waitFor();
});

test('a stored storage version other than 1.0.0 clears local storage', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  // Seeds old data only before the first load of this tab.
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('version', '0.9');
    localStorage.setItem('junk', 'old');
    localStorage.setItem('token', 'stale-token');
  });
  await page.goto(server.url('localhost', '/products'));
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  const after = await page.evaluate(() => ({
    version: localStorage.getItem('version'),
    junk: localStorage.getItem('junk'),
    token: localStorage.getItem('token'),
  }));
  assert.deepEqual(after, { version: '1.0.0', junk: null, token: null });
});

test('storage at version 1.0.0 is kept', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('version', '1.0.0');
    localStorage.setItem('junk', 'kept');
  });
  await page.goto(server.url('localhost', '/products'));
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('junk')), 'kept');
});

test('a logged-in member sees member menu items and leaves /login for /', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await acceptCookiesUpFront(context, server.url());
  await context.addInitScript(() => localStorage.setItem('token', 'member-token'));
  await page.goto(server.url('localhost', '/login'));
  await page.waitForURL(/\/products$/);
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Pedidos' })
    .waitFor();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Menú' });
  await menu.getByRole('link', { name: 'Mi perfil' }).waitFor();
  await menu.getByRole('link', { name: 'Mis monedas' }).waitFor();
  assert.equal(
    await menu.getByRole('link', { name: 'Mi código QR' }).count(),
    0,
    'QR only on small screens',
  );
  assert.equal(await menu.getByRole('link', { name: 'Iniciar sesión' }).count(), 0);
});
