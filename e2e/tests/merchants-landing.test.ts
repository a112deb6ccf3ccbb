import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { formatFindings, seriousViolations } from '../lib/axe';

// The merchants marketing landing (landing_page_type MERCHANTS) of the demo municipal
// marketplace merchants.localhost: create-a-free-store sections, the external administrator
// site replaced by its own /crear-tienda, the WhatsApp contact without the number printed and the embedded sign-up form. Its
// analytics events (register, form and whatsapp clicks) go through Google Analytics, which the
// demo has no Firebase settings for: tests/analytics.test.ts proves them on a store that has.
const harness = useHarness();
const { skip } = harness;

const HOST = 'merchants.localhost';
const ADMIN = 'https://admin.example.com/crear-tienda';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

async function open(viewport?: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const server = harness.server();
  const opened = await harness.newPage(viewport ? { viewport } : undefined);
  await acceptCookiesUpFront(opened.context, server.url(HOST));
  // Nothing outside the test server is reached: the administrator site and WhatsApp answer here.
  await opened.context.route(
    /^https:\/\/(admin\.example\.com|web\.whatsapp\.com|wa\.me)\//,
    (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>fuera</title>' }),
  );
  // The recruitment page; the marketplace's home / is the shoppers' directory of stores, whose
  // "Vende aquí" leads here (issue 36 row 10: marketplace-directory.test.ts).
  await opened.page.goto(server.url(HOST, '/landing'));
  return opened;
}

test(
  'the merchants landing: free store invitation, its sections, the administrator site, no printed number',
  { skip },
  async () => {
    const { page } = await open();
    await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
    await page.getByText('Vende por internet a tus vecinos desde Mercado Vecinal').waitFor();

    const benefits = page
      .getByRole('region', { name: '¿Qué incluye tu tienda?' })
      .getByRole('listitem');
    assert.equal(await benefits.count(), 4);
    const steps = page.getByRole('region', { name: 'Empieza en 3 pasos' }).getByRole('listitem');
    assert.deepEqual(await steps.locator('h3').allInnerTexts(), [
      'Regístrate',
      'Sube tus productos',
      'Comparte tu tienda',
    ]);

    // Every "create my free store" link goes to the marketplace's own sign-up (issue 18:
    // marketplace-signup.test.ts), never to the external administrator site any more.
    const create = page.getByRole('link', { name: /Crear mi tienda gratis/ });
    assert.equal(await create.count(), 2);
    for (const link of await create.all()) {
      assert.equal(await link.getAttribute('href'), '/crear-tienda');
      assert.equal(await link.getAttribute('target'), null);
    }
    assert.equal(await page.locator(`a[href="${ADMIN}"]`).count(), 0);
    // Its back office is ours too: "Iniciar sesión" opens the store's own sign-in.
    assert.equal(
      await page
        .locator('header')
        .getByRole('link', { name: 'Iniciar sesión' })
        .getAttribute('href'),
      '/login',
    );

    // WhatsApp contact, with the number only inside the link.
    const chat = page.getByRole('link', { name: 'Escríbenos por WhatsApp' }).first();
    assert.match(
      (await chat.getAttribute('href')) ?? '',
      /^https:\/\/web\.whatsapp\.com\/send\?phone=51923456789/,
    );
    const text = await page.locator('body').innerText();
    assert.equal(/923\s?456\s?789/.test(text), false, 'the number is not printed');

    // The embedded sign-up form of the tenant's FORM section.
    await page.getByRole('heading', { name: 'Inscribe tu comercio' }).waitFor();
    const frame = page.locator('iframe.merchants-form');
    assert.equal(await frame.getAttribute('src'), '/demo/form.html');
    assert.equal(await frame.getAttribute('title'), 'Formulario de inscripción de comercios');
    await page
      .frameLocator('iframe.merchants-form')
      .getByRole('heading', { name: 'Crea tu tienda gratis' })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/merchants-landing-desktop.png`, fullPage: true });
    // The header title fades in for 1500 ms on wide screens: contrast is measured once it is in.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    const findings = await seriousViolations(page, 'merchants landing (desktop)');
    assert.equal(findings.length, 0, formatFindings(findings));
  },
);

test('the merchants landing on a phone', { skip }, async () => {
  const { page } = await open({ width: 375, height: 740 });
  await page.getByRole('heading', { level: 1, name: 'Crea tu tienda online gratis' }).waitFor();
  // Nothing overflows sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `horizontal overflow of ${overflow}px`);
  await page.screenshot({ path: `${SHOTS}/merchants-landing-phone.png`, fullPage: true });
  await page
    .frameLocator('iframe.merchants-form')
    .getByRole('heading', { name: 'Crea tu tienda gratis' })
    .waitFor();
  const findings = await seriousViolations(page, 'merchants landing (phone)');
  assert.equal(findings.length, 0, formatFindings(findings));
});

test(
  'on a phone the sign-up frame fits its whole form, the Enviar button included',
  { skip },
  async () => {
    const { page } = await open({ width: 390, height: 844 });
    const frame = page.locator('iframe.merchants-form');
    await frame.scrollIntoViewIfNeeded();
    const send = page.frameLocator('iframe.merchants-form').getByRole('button', { name: 'Enviar' });
    await send.waitFor();
    // The form tells its height and the frame takes it: nothing inside is cut off or scrolls.
    await page.waitForFunction(() => {
      const element = document.querySelector<HTMLIFrameElement>('iframe.merchants-form');
      const inner = element?.contentDocument?.documentElement;
      return Boolean(element && inner && inner.scrollHeight <= element.clientHeight);
    });
    const box = await frame.boundingBox();
    const button = await send.boundingBox();
    assert.ok(box && button, 'frame and button are laid out');
    assert.ok(
      button.y + button.height <= box.y + box.height,
      `Enviar ends at ${button.y + button.height}, the frame at ${box.y + box.height}`,
    );
    await send.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/merchants-form-phone.png` });
  },
);

test('the merchants landing in English', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage();
  await acceptCookiesUpFront(context, server.url(HOST));
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto(server.url(HOST, '/landing'));
  await page
    .getByRole('heading', { level: 1, name: 'Create your online store for free' })
    .waitFor();
  await page
    .getByRole('link', { name: /Create my free store/ })
    .first()
    .waitFor();
  // The rest of the English catalogue is there too.
  await page.locator('header').getByRole('link', { name: 'Log in' }).waitFor();
});
