import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { addDays, storeDateOf } from '@store/contract';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { formatFindings, seriousViolations } from '../lib/axe';

// Events in the back office, in a real browser: the owner of Rock y Pez (the demo store with
// events) creates an event, is answered in Spanish beside each bad field, publishes it, and a
// visitor finds it on the store's /events and opens it; taken back to draft, it is gone from the
// store. The screens pass axe and fit a phone; Café Aurora (no events) has no such menu entry.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const ROCKY = 'rockypez.localhost';
const EVENT = 'Tributo a Soda Stereo';

const signIn = (page: Page, host: string, email: string, password: string) =>
  signInOnServer(harness, host)(page, '/admin', email, password);

async function sideScroll(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test(
  'the owner creates and publishes an event, the store shows it and opens it; back to draft, it is gone',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url(ROCKY));
    const page = owner.page;
    await signIn(page, ROCKY, 'dueno@rockypez.pe', 'Rocky2026!');
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Eventos' }).click();
    await page.getByRole('heading', { name: 'Eventos', level: 1 }).waitFor();
    // The demo's events, coming ones first.
    await page.locator('[data-event="Cata de cervezas artesanales"]').waitFor();
    await page.getByRole('link', { name: 'Nuevo evento' }).click();
    await page.getByRole('heading', { name: 'Nuevo evento', level: 1 }).waitFor();

    // Bad fields are answered beside each one, in Spanish, before anything is sent.
    await page.getByLabel('Enlace (https://…)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Publicar evento' }).click();
    const form = page.getByRole('form', { name: 'Nuevo evento' });
    await form.getByText('Este campo es requerido').first().waitFor();
    await form.getByText('Usa una dirección que empiece con http:// o https://.').waitFor();
    assert.equal(await page.getByLabel('Nombre').getAttribute('aria-invalid'), 'true');

    const day = addDays(storeDateOf(new Date()), 14);
    await page.getByLabel('Nombre').fill(EVENT);
    assert.equal(
      await page.getByLabel('Local').locator('option:checked').innerText(),
      'Rock y Pez Centro',
    );
    await page.getByLabel('Fecha de inicio').fill(day);
    await page.getByLabel('Hora de inicio').fill('21:30');
    await page.getByLabel('Hora de fin').fill('20:00');
    await page.getByLabel('Enlace (https://…)').fill('https://entradas.example.com/soda');
    await page.getByLabel('Descripción').fill('Las mejores canciones, en vivo.');
    await page.getByRole('button', { name: 'Publicar evento' }).click();
    await form.getByText('El fin no puede ser anterior al inicio.').waitFor();
    await page.getByLabel('Hora de fin').fill('23:30');
    await page.getByRole('button', { name: 'Publicar evento' }).click();
    await page.getByRole('heading', { name: EVENT, level: 1 }).waitFor();
    await page.getByText('La tienda lo muestra en Eventos.').waitFor();

    const axe = await seriousViolations(page, '/admin/events/{uid}');
    assert.equal(axe.length, 0, formatFindings(axe));
    await page.screenshot({ path: `${SHOTS}/admin-events-editor-desktop.png`, fullPage: true });

    // A visitor on a phone: the event is on /events at once, and opens.
    const visitor = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(visitor.context, server.url(ROCKY));
    const store = visitor.page;
    await store.goto(server.url(ROCKY, '/events'));
    const card = store.locator(`[data-event="${EVENT}"]`);
    await card.waitFor();
    await card.click();
    await store.getByRole('heading', { name: EVENT, level: 1 }).waitFor();
    await store.getByText('21:30 – 23:30').waitFor();
    await store.getByText('Las mejores canciones, en vivo.').waitFor();
    assert.equal(
      await store.getByRole('link', { name: 'Más información' }).getAttribute('href'),
      'https://entradas.example.com/soda',
    );
    const detail = store.url();
    await store.screenshot({ path: `${SHOTS}/admin-events-store-detail-375.png`, fullPage: true });

    // Back to draft: gone from the list and its page at once.
    await page.getByRole('button', { name: 'Volver a borrador' }).click();
    await page.getByText('El evento volvió a borrador: la tienda ya no lo muestra.').waitFor();
    await page.getByText('La tienda no lo muestra hasta que lo publique.').waitFor();
    await store.goto(server.url(ROCKY, '/events'));
    await store.locator('[data-event]').first().waitFor();
    assert.equal(await store.locator(`[data-event="${EVENT}"]`).count(), 0);
    await store.goto(detail);
    await store.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await store.getByRole('heading', { name: EVENT }).count(), 0);
    await visitor.context.close();

    // The list on a phone: the draft is marked, nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await page.goto(server.url(ROCKY, '/admin/events'));
    const item = page.locator(`[data-event="${EVENT}"]`);
    await item.getByText('Borrador').waitFor();
    const overflow = await sideScroll(page);
    assert.ok(overflow <= 0, `the list scrolls sideways by ${overflow}px on a phone`);
    const phoneAxe = await seriousViolations(page, '/admin/events 375');
    assert.equal(phoneAxe.length, 0, formatFindings(phoneAxe));
    await page.screenshot({ path: `${SHOTS}/admin-events-list-375.png`, fullPage: true });
    await page.goto(server.url(ROCKY, '/admin/events/new'));
    await page.getByLabel('Nombre').waitFor();
    assert.ok((await sideScroll(page)) <= 0, 'the new-event form fits a phone');
    await page.screenshot({ path: `${SHOTS}/admin-events-new-375.png`, fullPage: true });
    await owner.context.close();
  },
);

test('a store without events has no events screen in its back office', { skip }, async () => {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport: DESKTOP });
  await acceptCookiesUpFront(context, server.url('localhost'));
  await signIn(page, 'localhost', 'dueno@aurora.pe', 'Dueno2026!');
  const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
  await nav.getByRole('link', { name: 'Sorteos' }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Eventos' }).count(), 0);
  await page.goto(server.url('localhost', '/admin/events'));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Eventos', level: 1 }).count(), 0);
  await context.close();
});
