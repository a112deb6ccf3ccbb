import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { formatFindings, seriousViolations } from '../lib/axe';

// The landing editor in a real browser: the demo owner turns Café Aurora's landing into a
// MODEL_2 page, adds a welcome and a contact section, sees the preview follow as they type,
// moves the contact section up with the keyboard, saves, and the store's /landing shows the
// sections in that order. A bad form link is answered beside its field, in Spanish. axe runs on
// the editor; screenshots on a desktop and a phone.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const signIn = signInOnServer(harness);

/** The types of the sections the page shows, in order (data-section of the public component). */
async function shownSections(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(`${scope} [data-section]`)
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section') ?? ''));
}

/** Waits until the page shows those sections in that order (the preview follows 250 ms behind). */
async function sectionsBecome(page: Page, scope: string, expected: string[]) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const shown = await shownSections(page, scope);
    if (JSON.stringify(shown) === JSON.stringify(expected)) return;
    assert.ok(Date.now() < deadline, `${scope} shows ${JSON.stringify(shown)}`);
    await page.waitForTimeout(100);
  }
}

// Runs first: the next test turns Café Aurora's landing into a MODEL_2 page.
test(
  "the owner rewrites the default landing's favourites title and order button; the store's /landing shows them",
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    const page = owner.page;
    await signIn(page, '/admin/landing', 'dueno@aurora.pe', 'Dueno2026!');
    await page.getByRole('heading', { name: 'Página de inicio', level: 1 }).waitFor();
    const preview = page.getByTestId('landing-preview');
    await preview.locator('.landing--default').waitFor();
    const texts = page.getByTestId('landing-texts');
    // Empty fields show the built-in texts they stand for.
    const favorites = texts.getByLabel('Título de los productos favoritos');
    assert.equal(await favorites.getAttribute('placeholder'), 'Nuestros productos favoritos');
    await favorites.fill('Lo más pedido en Aurora');
    await texts.getByLabel('Botón «Ordenar aquí»').fill('Pide tu café');
    // The preview is the store's own page, following the typing.
    await preview.getByRole('heading', { name: 'Lo más pedido en Aurora' }).waitFor();
    await preview.getByRole('link', { name: 'Pide tu café' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-landing-texts-desktop.png`, fullPage: true });
    await page.getByRole('button', { name: 'Guardar página' }).click();
    await page
      .getByTestId('landing-status')
      .getByText('Página guardada. La tienda la muestra en unos segundos.')
      .waitFor();

    // The store's /landing shows them (the tenant cache lasts a few seconds), as text.
    const visitor = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(visitor.context, server.url('localhost'));
    const store = visitor.page;
    const deadline = Date.now() + 30_000;
    for (;;) {
      await store.goto(server.url('localhost', '/landing'));
      await store.locator('.landing--default').waitFor();
      if (await store.getByRole('link', { name: 'Pide tu café' }).count()) break;
      assert.ok(Date.now() < deadline, "the store still shows 'Ordenar aquí'");
      await store.waitForTimeout(1_000);
    }
    await store.getByRole('heading', { name: 'Lo más pedido en Aurora', level: 2 }).waitFor();
    assert.equal(await store.getByRole('link', { name: 'Ordenar aquí' }).count(), 0);
    // The texts left empty stay the built-in ones.
    await store.getByRole('heading', { name: 'Locales & Horarios', level: 2 }).waitFor();
    await store.screenshot({ path: `${SHOTS}/landing-texts-store-375.png`, fullPage: false });
    await visitor.context.close();

    // On a phone the texts' fields fit the screen.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('landing-texts').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px on a phone`);
    const phoneAxe = await seriousViolations(page, '/admin/landing default texts 375');
    assert.equal(phoneAxe.length, 0, formatFindings(phoneAxe));
    await page
      .getByTestId('landing-texts')
      .screenshot({ path: `${SHOTS}/admin-landing-texts-375.png` });
    await owner.context.close();
  },
);

test(
  'the owner builds a MODEL_2 landing with a live preview, reorders it by keyboard, and the store shows it',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    const page = owner.page;
    await signIn(page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Página de inicio' }).click();
    await page.getByRole('heading', { name: 'Página de inicio', level: 1 }).waitFor();
    const preview = page.getByTestId('landing-preview');
    // Café Aurora has the default landing: its preview is the store's default page.
    await preview.locator('.landing--default').waitFor();

    await page.getByLabel('Tipo de página').selectOption('MODEL_2');
    await preview.locator('.landing--model2').waitFor();

    // A welcome section: the preview shows its title and text as they are typed.
    await page.getByLabel('Tipo de sección').selectOption('WELCOME');
    await page.getByRole('button', { name: 'Agregar sección' }).click();
    const welcome = page.getByTestId('landing-section').nth(0);
    await welcome.getByLabel('Título', { exact: true }).fill('Bienvenidos a Aurora');
    await preview
      .getByRole('heading', { name: 'Bienvenidos a Aurora', level: 1 })
      .waitFor({ timeout: 5_000 });
    await welcome.getByRole('textbox', { name: 'Texto' }).click();
    await page.keyboard.type('Café de especialidad tostado en casa');
    await preview.getByText('Café de especialidad tostado en casa').waitFor({ timeout: 5_000 });
    await welcome.getByRole('button', { name: 'Agregar botón' }).click();
    await welcome.getByLabel('Texto del botón').fill('Ver la carta');
    await welcome.getByLabel('Enlace (https://… o /products)').fill('/products');
    await preview.getByRole('link', { name: 'Ver la carta' }).waitFor();

    // A contact section, then a form section with a link the store cannot frame.
    await page.getByLabel('Tipo de sección').selectOption('CONTACT');
    await page.getByRole('button', { name: 'Agregar sección' }).click();
    const contact = page.getByTestId('landing-section').nth(1);
    await contact.getByLabel('Título', { exact: true }).fill('Escríbenos hoy');
    await preview.getByRole('heading', { name: 'Escríbenos hoy' }).waitFor();
    await page.getByLabel('Tipo de sección').selectOption('FORM');
    await page.getByRole('button', { name: 'Agregar sección' }).click();
    const form = page.getByTestId('landing-section').nth(2);
    await form.getByLabel('Título', { exact: true }).fill('Suscríbete');
    await form.getByLabel('Dirección del formulario (https)').fill('http://inseguro.example/form');
    await page.getByRole('button', { name: 'Guardar página' }).click();
    await form
      .getByText('Indica la dirección del formulario: https o una ruta de la tienda.')
      .waitFor();
    await form.getByLabel('Dirección del formulario (https)').fill('/demo/form.html');

    // The contact section moves up with the keyboard; the focus stays on its move button.
    await contact.getByRole('button', { name: 'Subir «Contacto: Escríbenos hoy»' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('landing-section')
      .nth(0)
      .locator('.admin-landing__section-name', { hasText: 'Contacto: Escríbenos hoy' })
      .waitFor();
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(focused, 'Bajar «Contacto: Escríbenos hoy»');
    await sectionsBecome(page, '[data-testid="landing-preview"]', ['CONTACT', 'WELCOME', 'FORM']);

    // A card with a button of its own (a CARD section).
    await page.getByLabel('Tipo de sección').selectOption('CARD');
    await page.getByRole('button', { name: 'Agregar sección' }).click();
    const cards = page.getByTestId('landing-section').nth(3);
    await cards.getByRole('button', { name: 'Agregar tarjeta' }).click();
    const card = cards.getByTestId('landing-card').first();
    await card.getByLabel('Título de la tarjeta').fill('Desayunos');
    await card.getByRole('button', { name: 'Agregar botón' }).click();
    await card.getByLabel('Texto del botón').fill('Ver desayunos');
    await card.getByLabel('Enlace (https://… o /products)').fill('/products');
    await preview.getByRole('link', { name: 'Ver desayunos' }).waitFor();

    const axe = await seriousViolations(page, '/admin/landing');
    assert.equal(axe.length, 0, formatFindings(axe));
    await page.screenshot({ path: `${SHOTS}/admin-landing-desktop.png`, fullPage: false });

    await page.getByRole('button', { name: 'Guardar página' }).click();
    await page
      .getByTestId('landing-status')
      .getByText('Página guardada. La tienda la muestra en unos segundos.')
      .waitFor();

    // The store's /landing shows the saved page (the tenant cache lasts a few seconds).
    const visitor = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(visitor.context, server.url('localhost'));
    const deadline = Date.now() + 30_000;
    for (;;) {
      await visitor.page.goto(server.url('localhost', '/landing'));
      await visitor.page.locator('.landing').first().waitFor();
      if (await visitor.page.locator('.landing--model2').count()) break;
      assert.ok(Date.now() < deadline, 'the store still shows the default landing');
      await visitor.page.waitForTimeout(1_000);
    }
    const store = visitor.page;
    await store.getByRole('heading', { name: 'Bienvenidos a Aurora', level: 1 }).waitFor();
    await store.getByText('Café de especialidad tostado en casa').waitFor();
    await store.getByRole('link', { name: 'Ver la carta' }).waitFor();
    await store.getByRole('link', { name: 'Ver desayunos' }).waitFor();
    assert.deepEqual(await shownSections(store, 'main'), ['CONTACT', 'WELCOME', 'FORM', 'CARD']);
    await visitor.context.close();

    // On a phone the editor and its preview (below the form) fit the screen.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('landing-section').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px on a phone`);
    await page.screenshot({ path: `${SHOTS}/admin-landing-phone.png`, fullPage: true });
    const phoneAxe = await seriousViolations(page, '/admin/landing 375');
    assert.equal(phoneAxe.length, 0, formatFindings(phoneAxe));
    await owner.context.close();
  },
);
