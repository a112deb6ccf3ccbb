import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { dataDirWithFixtures } from '../lib/tenant-fixtures';

// Hostile tenant HTML in the real browser: a tenant file (e2e/fixtures/xss.localhost.json) whose
// legal pages, landing sections and names carry script payloads (<script>, onerror, onload,
// javascript: links, iframe srcdoc, mXSS, meta refresh, base...) is imported with the tenant CLI
// into an on-disk PGlite the server then starts on. Every payload would push to window.__xss or
// open a dialog; the pages must render their safe content and run none of them.
let dataDir = '';

const harness = useHarness({
  env: async () => {
    dataDir = await dataDirWithFixtures('e2e-xss-', ['xss.localhost.json']);
    return { DATA_DIR: dataDir };
  },
  // DOMPurify parses the hostile HTML in a document that shares the page's policy: the <style>
  // and <base> it is about to remove are refused there (nothing applied), which is the policy
  // working. Only those, and only from the sanitizer's own parse, are expected here: DOMPurify's
  // chunk is lib/sanitize.ts's, loaded after the first render (components/safe-html.tsx).
  expectedCspViolation: (v) =>
    ['style-src-elem', 'base-uri'].includes(v.directive) &&
    (v.blocked === 'inline' || v.blocked === '') &&
    /\/assets\/sanitize-[\w-]+\.js$/.test(v.source),
});
const { skip } = harness;
const HOST = 'xss.localhost';
const PHONE = { width: 390, height: 844 };

test.after(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function hostilePage(): Promise<{ page: Page; ran: () => Promise<string[]> }> {
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, harness.server().url(HOST));
  await context.addInitScript(() => {
    const flags: string[] = [];
    Object.defineProperty(window, '__xss', { value: flags, writable: false });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return {
    page,
    ran: async () => [
      ...dialogs,
      ...(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)),
    ],
  };
}

/**
 * What ran once the page has settled, instead of after a fixed sleep: a control image that fails
 * to load (as the payloads' broken images do) is added now, and only when its error handler has
 * run, and the network is idle, are the payloads' traces read. The control proves the recorder
 * works and that error events of this page have been delivered.
 */
async function ranAfterSettling(page: Page, ran: () => Promise<string[]>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.addEventListener('error', () =>
      (window as unknown as { __xss: string[] }).__xss.push('control'),
    );
    image.src = `/xss-control-${Date.now()}.png`;
    image.hidden = true;
    document.body.append(image);
  });
  await page.waitForFunction(() =>
    (window as unknown as { __xss: string[] }).__xss.includes('control'),
  );
  await page.waitForLoadState('networkidle');
  const traces = await ran();
  await page.evaluate(() => {
    const flags = (window as unknown as { __xss: string[] }).__xss;
    flags.splice(flags.indexOf('control'), 1);
  });
  return traces.filter((trace) => trace !== 'control');
}

/**
 * The rendered tenant HTML holds no script, frame, object, style block, form control or
 * event-handler attribute, and no javascript: URL.
 */
async function assertInert(page: Page, selector: string) {
  const leftovers = await page.evaluate((sel) => {
    const found: string[] = [];
    for (const root of Array.from(document.querySelectorAll(sel))) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        const tag = element.tagName.toLowerCase();
        const forbidden = ['script', 'iframe', 'object', 'embed', 'base', 'meta', 'frame', 'style'];
        if ([...forbidden, 'form', 'input', 'button', 'textarea', 'select'].includes(tag))
          found.push(tag);
        for (const attribute of Array.from(element.attributes)) {
          if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
          if (/^\s*javascript:/i.test(attribute.value))
            found.push(`${tag}[${attribute.name}=javascript:]`);
        }
      }
    }
    return found;
  }, selector);
  assert.deepEqual(leftovers, [], `dangerous markup left in ${selector}`);
}

test(
  'legal pages: the tenant HTML renders its safe part and none of its scripts',
  { skip },
  async () => {
    const { page, ran } = await hostilePage();
    const server = harness.server();
    for (const [pathname, heading, text] of [
      ['/politics', 'Política segura', 'Texto de privacidad visible'],
      ['/terms-and-conditions', 'Términos seguros', 'Texto de términos visible'],
      ['/faqs', 'Preguntas seguras', 'Texto de preguntas visible'],
    ]) {
      await page.goto(server.url(HOST, pathname));
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByText(text).waitFor();
      assert.deepEqual(await ranAfterSettling(page, ran), [], `payloads ran on ${pathname}`);
      await assertInert(page, '.rich-text');
      // Links that survive are plain; following them runs nothing.
      for (const link of await page.locator('.rich-text a').all())
        await link.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/xss-legal.png`,
      fullPage: true,
    });
    assert.deepEqual(await ranAfterSettling(page, ran), []);
  },
);

test(
  'landing sections and names: safe content shown, payloads inert, names shown as text',
  { skip },
  async () => {
    const { page, ran } = await hostilePage();
    await page.goto(harness.server().url(HOST, '/landing'));
    await page.getByText('Bienvenida visible').waitFor();
    await page.getByText('Tarjeta visible').waitFor();
    await page.getByText('Contacto visible').waitFor();
    assert.deepEqual(await ranAfterSettling(page, ran), [], 'payloads ran on the landing');
    await assertInert(page, '.rich-text');
    for (const link of await page.locator('.rich-text a').all())
      await link.click({ timeout: 2_000 }).catch(() => undefined);
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/xss-landing.png`,
      fullPage: true,
    });
    assert.deepEqual(await ranAfterSettling(page, ran), []);

    // A name is text: the markup shows literally and runs nothing.
    await page.goto(harness.server().url(HOST, '/products'));
    await page
      .getByText("Tienda Hostil <script>window.__xss.push('company-name')</script>")
      .first()
      .waitFor();
    assert.deepEqual(await ranAfterSettling(page, ran), []);
  },
);
