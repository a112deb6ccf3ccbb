import { addToCart, dialog, fillShownField } from '../lib/checkout';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { acceptCookiesUpFront, hydrated, useHarness } from '../lib/harness';
import { choosePickupSlot } from '../lib/pickup';
import { formatFindings, holdToasts, seriousViolations, type AxeFinding } from '../lib/axe';
import { TOAST_CLOSE_MS } from '@store/contract';

// axe-core on every page the browser tests visit, on a phone-sized screen (and the store front
// on a desktop one too): no serious or critical violation. Each test walks a group of pages and
// reports every finding of the group at once.
const harness = useHarness();
const { skip } = harness;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// Demo uids derive from the tenant file keys (server/src/tenants).
const PROGRAM_PATH = '/program/5cff79f6-a020-5b74-b944-6467a721d32b';
const MIRAFLORES = 'Aurora Miraflores — Av. José Larco 812, Miraflores';
// A product without required options: 'Agregar' adds it at once.
const PRODUCT = 'Croissant de mantequilla';

/** Lets the page settle: its requests answered and no loading indicator left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .loading'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

async function check(page: Page, findings: AxeFinding[], label: string) {
  await settle(page);
  findings.push(...(await seriousViolations(page, label)));
}

async function visit(page: Page, findings: AxeFinding[], url: string, label: string) {
  await page.goto(url);
  await check(page, findings, label);
}

function assertNone(findings: AxeFinding[]) {
  assert.equal(
    findings.length,
    0,
    `axe found serious/critical violations:\n${formatFindings(findings)}`,
  );
}

async function newPage(
  viewport = PHONE,
  cookies = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await harness.newPage({ viewport });
  if (cookies)
    for (const host of [
      'localhost',
      'multi.localhost',
      'landing.localhost',
      'private.localhost',
      'merchants.localhost',
    ]) {
      await acceptCookiesUpFront(context, harness.server().url(host));
    }
  return { context, page };
}

async function logIn(page: Page, email: string, password: string, host = 'localhost') {
  await page.goto(harness.server().url(host, '/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

test(
  'store front for a visitor: landing, products, product popup, cart, carta, cookie banner',
  { skip },
  async () => {
    const server = harness.server();
    const findings: AxeFinding[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const size = viewport === PHONE ? 'phone' : 'desktop';
      // The cookie banner is part of every first visit.
      const first = await newPage(viewport, false);
      await visit(
        first.page,
        findings,
        server.url('localhost', '/products'),
        `/products with the cookie banner (${size})`,
      );
      // The banner's own button opens the settings dialog; a missing button fails the test.
      await first.page.getByRole('button', { name: 'Configurar', exact: true }).click();
      await first.page.getByRole('dialog').waitFor();
      await check(first.page, findings, `cookie settings (${size})`);

      const { page } = await newPage(viewport);
      await visit(page, findings, server.url('localhost', '/'), `home/landing (${size})`);
      await visit(page, findings, server.url('localhost', '/products'), `/products (${size})`);
      await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
      await page.locator(`[data-product="${PRODUCT}"]`).click();
      await page.getByRole('dialog').waitFor();
      await check(page, findings, `product popup (${size})`);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Agregar|Editar)$/ })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await check(page, findings, `/products with a cart (${size})`);
      await visit(page, findings, server.url('localhost', '/cart'), `/cart (${size})`);
      await visit(page, findings, server.url('localhost', '/carta'), `/carta (${size})`);
    }
    assertNone(findings);
  },
);

/** The store front on a phone right after adding a product, with its 'added' toast shown. */
async function storeWithAddedToast() {
  const { context, page } = await newPage();
  await page.goto(harness.server().url('localhost', '/products'));
  await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
  await addToCart(page, PRODUCT);
  const toast = page.locator('.Toastify__toast');
  await toast.waitFor();
  return { context, page, toast };
}

// Under load the 'added' toast started leaving while axe read the page and failed the contrast
// rule half transparent (issue 38): axe now reads with the toasts held still.
test('a toast stays while axe reads the page, and leaves once it is done', { skip }, async () => {
  const { context, page, toast } = await storeWithAddedToast();
  const release = await holdToasts(page);
  await page.waitForTimeout(TOAST_CLOSE_MS + 1_000);
  assert.equal(await toast.count(), 1, 'the held toast is still there after its time');
  assert.equal(await toast.evaluate((node) => getComputedStyle(node).opacity), '1');
  await release();
  await toast.waitFor({ state: 'detached', timeout: TOAST_CLOSE_MS + 5_000 });
  await context.close();
});

// The toast is held (its timer stopped), so only the dialog can close it: without the dismissal it
// would stay over the dialog's bottom button, as "¡Canje realizado!" lay over "Confirmar canje".
test('a dialog that opens closes the toasts of the page behind it', { skip }, async () => {
  const { context, page, toast } = await storeWithAddedToast();
  const release = await holdToasts(page);
  await page.locator(`[data-product="${PRODUCT}"]`).click();
  await dialog(page).getByRole('heading', { name: PRODUCT }).waitFor();
  await toast.waitFor({ state: 'detached', timeout: 5_000 });
  assert.equal(await dialog(page).count(), 1, 'the dialog stays open');
  await release();
  await context.close();
});

// react-toastify's zoom-out shrinks a leaving toast, then gives it its size back at opacity 0 until
// it collapses: an invisible toast took the press meant for the button under it. Its exit is held
// here at 90%, invisible and nearly full size, and the point at its centre must reach the page.
test('a leaving toast lets a press through to what lies under it', { skip }, async () => {
  const { context, page, toast } = await storeWithAddedToast();
  await holdToasts(page);
  await page.evaluate(() =>
    document.addEventListener(
      'animationstart',
      (event) => {
        if (event.animationName !== 'Toastify__zoomOut') return;
        for (const animation of (event.target as Element).getAnimations()) {
          animation.pause();
          animation.currentTime = 450;
        }
      },
      true,
    ),
  );
  const box = (await toast.boundingBox())!;
  await toast.locator('.Toastify__close-button').click();
  await page.waitForFunction(() =>
    document
      .querySelector('.Toastify__toast[data-in="false"]')
      ?.getAnimations()
      .some((animation) => animation.playState === 'paused'),
  );
  const hit = await page.evaluate(
    ({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return element?.closest('.Toastify') ? 'the toast' : (element?.tagName ?? 'nothing');
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  assert.notEqual(hit, 'the toast', 'the leaving toast takes no press');
  assert.notEqual(hit, 'nothing');
  await context.close();
});

test('accounts, legal and error pages', { skip }, async () => {
  const server = harness.server();
  const findings: AxeFinding[] = [];
  const { page } = await newPage();
  for (const path of [
    '/login',
    '/register',
    '/recovery-password',
    '/politics',
    '/terms-and-conditions',
    '/faqs',
    '/cookies',
    '/no-such-page',
  ]) {
    await visit(page, findings, server.url('localhost', path), path);
  }
  // A form with its errors shown.
  await page.goto(server.url('localhost', '/login'));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await check(page, findings, '/login with errors');
  await page.goto(server.url('localhost', '/register'));
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await check(page, findings, '/register with errors');
  await visit(page, findings, server.url('nope.localhost', '/'), 'unknown host');
  await visit(page, findings, server.url('private.localhost', '/'), 'private app (login)');
  await visit(page, findings, server.url('private.localhost', '/politics'), 'private app politics');
  // The marketplace's store sign-up, signed out (its form and the back office's stores and
  // checklist are checked in marketplace-signup.test.ts).
  await visit(
    page,
    findings,
    server.url('merchants.localhost', '/crear-tienda'),
    'store sign-up (signed out)',
  );
  assertNone(findings);
});

test(
  "the member's pages: profile, checkout, orders, order, subscriptions, program, engagement, QR",
  { skip },
  async () => {
    const server = harness.server();
    const findings: AxeFinding[] = [];
    const { page } = await newPage();
    await logIn(page, 'demo@aurora.pe', 'Aurora2026!');
    for (const path of [
      '/profile',
      '/change-password',
      '/orders',
      '/subscription/me',
      PROGRAM_PATH,
      '/raffles',
      '/polls',
      '/events',
      '/qr',
    ]) {
      await visit(page, findings, server.url('localhost', path), path);
    }
    // A cart, the checkout and an order placed from it (pickup, cash).
    await page.goto(server.url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await page.locator(`[data-product="${PRODUCT}"]`).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Agregar|Editar)$/ })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await visit(page, findings, server.url('localhost', '/checkout'), '/checkout');
    await fillShownField(
      page.getByLabel('Dirección de facturación'),
      'Av. Arequipa 4500, Miraflores',
    );
    await page.getByLabel('Recojo en tienda').check();
    await choosePickupSlot(page);
    await page.getByLabel(/Efectivo/).check();
    await check(page, findings, '/checkout filled');
    // Placing the order is the checkout test's work (and depends on the store's opening
    // hours at run time); the order page is checked when the member has an order.
    await visit(page, findings, server.url('localhost', '/orders'), '/orders');
    const firstOrder = page.locator('main a[href^="/orders/"]:not([href="/orders/coins"])').first();
    if (await firstOrder.count()) {
      await firstOrder.click();
      await check(page, findings, '/orders/{uid}');
    }
    // The side menu, open.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await check(page, findings, 'side menu');
    assertNone(findings);
  },
);

test('staff area, back office, landing app and multisite pages', { skip }, async () => {
  const server = harness.server();
  const findings: AxeFinding[] = [];
  const staff = await newPage();
  await logIn(staff.page, 'cajero@aurora.pe', 'Cajero2026!');
  await visit(staff.page, findings, server.url('localhost', '/staff'), '/staff');
  await visit(
    staff.page,
    findings,
    server.url('localhost', '/staff/subscriptions'),
    '/staff/subscriptions',
  );
  for (const viewport of [PHONE, DESKTOP]) {
    const owner = await newPage(viewport);
    await logIn(owner.page, 'dueno@aurora.pe', 'Dueno2026!');
    // Each back-office page is named by its path and the screen's width.
    const visitAll = async (page: Page, host: string, paths: string[]) => {
      for (const path of paths)
        await visit(page, findings, server.url(host, path), `${path} ${viewport.width}`);
    };
    await visitAll(owner.page, 'localhost', [
      '/admin',
      '/admin/coupons',
      '/admin/payments',
      '/admin/branding',
      '/admin/catalogue',
      '/admin/settings',
      '/admin/catalogue/import',
      '/admin/catalogue/products/new',
      '/admin/catalogue/bulk',
      '/admin/places',
      '/admin/promotions',
      '/admin/promotions/new',
      '/admin/categories',
      '/admin/orders',
    ]);
    await owner.page.getByTestId('admin-orders').getByRole('link').first().click();
    await owner.page.getByTestId('admin-order').waitFor();
    await check(owner.page, findings, `/admin/orders/{uid} ${viewport.width}`);
    await visitAll(owner.page, 'localhost', ['/admin/staff', '/admin/programs']);
    await owner.page.getByTestId('admin-programs').getByRole('link').first().click();
    await owner.page.getByTestId('program-levels').waitFor();
    await check(owner.page, findings, `/admin/programs/{uid} ${viewport.width}`);
    await visitAll(owner.page, 'localhost', ['/admin/ads', '/admin/members']);
    const firstMember = owner.page.locator('main a[href^="/admin/members/"]').first();
    await firstMember.waitFor();
    await firstMember.click();
    await owner.page.getByTestId('admin-member-balances').waitFor();
    await check(owner.page, findings, `/admin/members/{uid} ${viewport.width}`);
    await visitAll(owner.page, 'localhost', ['/admin/raffles']);
    await owner.page.getByTestId('admin-raffles').getByRole('link').first().click();
    await owner.page.getByTestId('raffle-draw').waitFor();
    await check(owner.page, findings, `/admin/raffles/{uid} ${viewport.width}`);
    await visitAll(owner.page, 'localhost', ['/admin/raffles/new', '/admin/polls']);
    await owner.page
      .getByTestId('admin-polls')
      .getByRole('link', { name: /^Editar:/ })
      .first()
      .click();
    await owner.page.getByTestId('poll-questions').waitFor();
    await check(owner.page, findings, `/admin/polls/{uid} ${viewport.width}`);
    await owner.page.getByRole('link', { name: 'Ver resultados' }).click();
    await owner.page.getByTestId('poll-result').first().waitFor();
    await check(owner.page, findings, `/admin/polls/{uid}/results ${viewport.width}`);
    await visitAll(owner.page, 'localhost', ['/admin/polls/new', '/admin/landing']);
    await owner.context.close();

    // Events, on the demo store that has them (Rock y Pez).
    const rocky = await newPage(viewport);
    await acceptCookiesUpFront(rocky.context, server.url('rockypez.localhost'));
    await logIn(rocky.page, 'dueno@rockypez.pe', 'Rocky2026!', 'rockypez.localhost');
    await visitAll(rocky.page, 'rockypez.localhost', ['/admin/events']);
    await rocky.page.getByTestId('admin-events').getByRole('link').first().click();
    await rocky.page.getByTestId('event-status').waitFor({ state: 'attached' });
    await check(rocky.page, findings, `/admin/events/{uid} ${viewport.width}`);
    await visitAll(rocky.page, 'rockypez.localhost', ['/admin/events/new']);
    await rocky.context.close();
  }

  const { page } = await newPage();
  await visit(page, findings, server.url('landing.localhost', '/'), 'landing.localhost');
  await visit(
    page,
    findings,
    server.url('landing.localhost', '/landing'),
    'landing.localhost /landing',
  );
  await visit(page, findings, server.url('multi.localhost', '/'), 'multisite home');
  const category = page.locator('a[href^="/categories/"]').first();
  if (await category.count()) {
    await category.click();
    await check(page, findings, 'multisite category');
  }
  await page.goto(server.url('multi.localhost', '/'));
  await settle(page);
  const company = page.locator('a[href^="/c/"]').first();
  if (await company.count()) {
    await company.click();
    await check(page, findings, 'multisite company store');
  }
  await page.goto(server.url('multi.localhost', '/'));
  // As in multisite.test.ts: the company links are clicked once React has the home (a click
  // before it was lost once under load and the page stayed on the home), and the wait on the URL
  // tells a lost click from a slow page.
  await hydrated(page, '.multisite-home');
  await page
    .getByRole('link', { name: /Juguería La Tropical/ })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname.startsWith('/c/'));
  await page.getByRole('heading', { name: 'Juguería La Tropical abre pronto' }).waitFor();
  await check(page, findings, 'multisite business opening soon');
  await visit(page, findings, server.url('rockypez.localhost', '/events'), 'rockypez /events');
  assertNone(findings);
});
