import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';

// Raffles, polls, events and the footer/menu rules in a real browser on a phone-sized screen:
// the demo member registers in one raffle and dismisses the other (the footer's raffles link
// follows the count), answers the pending poll (client checks first, then a server 400 shown on
// its question) which then shows as answered and read-only, sees Rock y Pez's events in date and
// time order and opens one, and the coin orders page appears only where the rules allow it.
const harness = useHarness();
const { skip } = harness;

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const footer = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú' });

async function memberPage(): Promise<Page> {
  const server = harness.server();
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, server.url('localhost'));
  await page.goto(server.url('localhost', '/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill('demo@aurora.pe');
  await page.getByLabel('Contraseña', { exact: true }).fill('Aurora2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu(page).getByRole('link', { name: 'Encuestas' }).waitFor();
}

test(
  'raffles: register in one, dismiss the other; the footer link follows the raffle count; unknown ones are not found',
  { skip },
  async () => {
    const server = harness.server();
    const page = await memberPage();
    await page.goto(server.url('localhost', '/raffles'));
    await footer(page).getByRole('link', { name: 'Sorteos' }).waitFor();

    const cafetera = page.locator('[data-raffle="Sorteo de una cafetera espresso"]');
    const desayunos = page.locator('[data-raffle="Un mes de desayunos"]');
    await cafetera.waitFor();
    await desayunos.waitFor();
    assert.match(await cafetera.innerText(), /Premio: Cafetera espresso Aurora/);
    assert.match(await cafetera.innerText(), /Abierto/);
    await page.screenshot({ path: `${SHOTS}/engagement-raffles-390.png`, fullPage: true });
    assert.ok(await noSideScroll(page), 'the raffles fit a phone');

    await cafetera.getByRole('button', { name: 'Participar' }).click();
    await cafetera.getByText('Inscrito').waitFor();
    assert.equal(
      await cafetera.getByRole('button', { name: 'Participar' }).count(),
      0,
      'registered: no second registration',
    );

    await desayunos.getByRole('button', { name: 'No me interesa' }).click();
    await desayunos.waitFor({ state: 'detached' });
    // One raffle left: the link stays.
    await footer(page).getByRole('link', { name: 'Sorteos' }).waitFor();

    // The server agrees: registered in one, the other gone from the list.
    const list = await page.evaluate(async () => {
      const programs = await (await fetch('/api/v5/programs/')).json();
      const uid = programs.results[0].uid;
      const r = await fetch(`/api/v5/me/programs/${uid}/raffles/`, {
        headers: { Authorization: `Token ${localStorage.getItem('token')}` },
      });
      return (await r.json()) as {
        count: number;
        results: { name: string; registered: boolean }[];
      };
    });
    assert.deepEqual(
      list.results.map((r) => [r.name, r.registered]),
      [['Sorteo de una cafetera espresso', true]],
    );

    // Detail of the registered raffle.
    await cafetera.getByRole('link', { name: 'Sorteo de una cafetera espresso' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Sorteo de una cafetera espresso' })
      .waitFor();
    await page.getByText('Inscrito').waitFor();
    await page.getByText('Fecha del sorteo').waitFor();
    const detailUrl = new URL(page.url());
    await page.screenshot({ path: `${SHOTS}/engagement-raffle-detail-390.png`, fullPage: true });

    // An unknown raffle of the same program is the not-found state.
    const unknown = detailUrl.pathname.replace(/[^/]+$/, '00000000-0000-4000-8000-000000000000');
    await page.goto(server.url('localhost', unknown));
    await page.getByText('¡Lo sentimos, página no encontrada!').waitFor();

    // Dismissing the last one from its detail: the count is 0 and the footer link goes away.
    await page.goto(server.url('localhost', detailUrl.pathname));
    await page.getByRole('button', { name: 'No me interesa' }).click();
    await page.waitForURL(/\/raffles$/);
    await page.getByText('No hay sorteos disponibles').waitFor();
    await footer(page).getByRole('link', { name: 'Productos' }).waitFor();
    assert.equal(
      await footer(page).getByRole('link', { name: 'Sorteos' }).count(),
      0,
      'no raffles left: no raffles link',
    );
    await page.screenshot({ path: `${SHOTS}/engagement-raffles-empty-390.png`, fullPage: true });
  },
);

test(
  'polls: every question must be answered, server errors show on their question, then the poll is answered and read-only',
  { skip },
  async () => {
    const server = harness.server();
    const page = await memberPage();
    await openMenu(page);
    await menu(page).getByRole('link', { name: 'Encuestas' }).click();
    await page.waitForURL(/\/polls$/);

    const poll = page.locator('[data-poll="¿Cómo fue tu experiencia en Aurora?"]');
    await poll.waitFor();
    assert.match(await poll.innerText(), /3 preguntas/);
    await poll.getByRole('link', { name: 'Responder' }).click();
    await page
      .getByRole('heading', { level: 1, name: '¿Cómo fue tu experiencia en Aurora?' })
      .waitFor();

    // Nothing answered: each question says so and nothing is sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/responses/')) posts += 1;
    });
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    assert.equal(await page.getByText('Responde esta pregunta').count(), 3);
    assert.equal(posts, 0, 'an incomplete poll is not sent');

    await page.getByLabel('Barranco', { exact: true }).check();
    await page.getByLabel('Café', { exact: true }).check();
    await page.getByLabel('Postres', { exact: true }).check();
    assert.equal(
      await page.getByText('Responde esta pregunta').count(),
      1,
      'answered questions lose their message',
    );
    await page
      .getByRole('textbox', { name: '¿Qué podríamos mejorar?' })
      .fill('Más enchufes en Barranco');
    await page.screenshot({ path: `${SHOTS}/engagement-poll-390.png`, fullPage: true });
    assert.ok(await noSideScroll(page), 'the poll fits a phone');

    // A 400 of the server is shown on the question it names (answers.{n}), once.
    let rejected = false;
    await page.route('**/api/v5/me/polls/*/responses/', async (route) => {
      if (rejected) return route.continue();
      rejected = true;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ 'answers.1': ['Esta opción no pertenece a la pregunta.'] }),
      });
    });
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    const second = page.locator('[data-question-index="1"]');
    await second.getByText('Esta opción no pertenece a la pregunta.').waitFor();

    // Sent for real: thanks, and the answered list has it.
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await page.waitForURL(/\/polls\?resolved=1$/);
    await page.getByText('¡Gracias por responder la encuesta!').waitFor();
    const answered = page.locator('[data-poll="¿Cómo fue tu experiencia en Aurora?"]');
    await answered.getByText('Respondida', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/engagement-polls-resolved-390.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Pendientes' }).click();
    await page.getByText('No tienes encuestas pendientes').waitFor();

    // The answered poll opens read-only.
    await page.getByRole('tab', { name: 'Respondidas' }).click();
    await answered.getByRole('link', { name: '¿Cómo fue tu experiencia en Aurora?' }).click();
    await page.getByText(/^Respondida el /).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Enviar respuestas' }).count(), 0);
    assert.ok(await page.getByLabel('Barranco', { exact: true }).isDisabled());
    // It shows the member's own answers, as the server sent them back (my_answers).
    for (const chosen of ['Barranco', 'Café', 'Postres'])
      assert.ok(await page.getByLabel(chosen, { exact: true }).isChecked(), `${chosen} is checked`);
    for (const other of ['Miraflores', 'Yanahuara', 'Desayunos', 'Sándwiches'])
      assert.ok(!(await page.getByLabel(other, { exact: true }).isChecked()), `${other} is not`);
    assert.equal(
      await page.getByRole('textbox', { name: '¿Qué podríamos mejorar?' }).inputValue(),
      'Más enchufes en Barranco',
    );
    // Read fresh from the server (a reload), not from the form the member just filled.
    await page.reload();
    await page.getByText(/^Respondida el /).waitFor();
    assert.ok(await page.getByLabel('Barranco', { exact: true }).isChecked());
    assert.equal(
      await page.getByRole('textbox', { name: '¿Qué podríamos mejorar?' }).inputValue(),
      'Más enchufes en Barranco',
    );
    await page.screenshot({ path: `${SHOTS}/engagement-poll-answered-390.png`, fullPage: true });

    // The server kept the answers given in the browser.
    const resolved = await page.evaluate(async () => {
      const programs = await (await fetch('/api/v5/programs/')).json();
      const uid = programs.results[0].uid;
      const r = await fetch(`/api/v5/me/programs/${uid}/polls/?is_resolved=true`, {
        headers: { Authorization: `Token ${localStorage.getItem('token')}` },
      });
      return (await r.json()) as { count: number };
    });
    assert.equal(resolved.count, 1);
    void server;
  },
);

test(
  'events: Rock y Pez lists them by date and time and opens one; other tenants have no events',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(context, server.url('rockypez.localhost'));
    await page.goto(server.url('rockypez.localhost', '/products'));
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu(page).getByRole('link', { name: 'Eventos' }).click();
    await page.waitForURL(/\/events$/);

    const cards = page.locator('[data-event]');
    await cards.first().waitFor();
    assert.deepEqual(
      await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-event'))),
      ['Cata de cervezas artesanales', 'Noche de rock peruano', 'Festival Rocky Pez'],
    );
    assert.match(await cards.nth(0).innerText(), /18:30 – 20:00/);
    assert.match(await cards.nth(2).innerText(), /Todo el día/);
    await page.screenshot({ path: `${SHOTS}/engagement-events-390.png`, fullPage: true });
    assert.ok(await noSideScroll(page), 'the events fit a phone');

    await cards.nth(1).click();
    await page.getByRole('heading', { level: 1, name: 'Noche de rock peruano' }).waitFor();
    await page.getByText('21:00 – 23:59').waitFor();
    await page.getByText('Bandas locales en vivo desde las 21:00.').waitFor();
    await page.screenshot({ path: `${SHOTS}/engagement-event-detail-390.png`, fullPage: true });

    // Café Aurora has events off: no menu item, and the route goes home.
    const aurora = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(aurora.context, server.url('localhost'));
    await aurora.page.goto(server.url('localhost', '/products'));
    await openMenu(aurora.page);
    assert.equal(await menu(aurora.page).getByRole('link', { name: 'Eventos' }).count(), 0);
    await aurora.page.goto(server.url('localhost', '/events'));
    await aurora.page.waitForURL((url) => !url.pathname.startsWith('/events'));
  },
);

test('menu and footer: coins, raffles and login items appear per the rules', { skip }, async () => {
  const server = harness.server();

  // Anonymous on Café Aurora: polls and login, no member items, no raffles link.
  const { context, page } = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(context, server.url('localhost'));
  await page.goto(server.url('localhost', '/products'));
  await footer(page).getByRole('link', { name: 'Productos' }).waitFor();
  assert.equal(await footer(page).getByRole('link', { name: 'Sorteos' }).count(), 0);
  await openMenu(page);
  await menu(page).getByRole('link', { name: 'Iniciar sesión' }).waitFor();
  assert.equal(await menu(page).getByRole('link', { name: 'Mis monedas' }).count(), 0);
  assert.equal(await menu(page).getByRole('link', { name: 'Mis pedidos' }).count(), 0);

  // The member of a store with ecommerce and coins: "Mis monedas" leads to the coin orders page.
  const member = await memberPage();
  await member.goto(server.url('localhost', '/products'));
  await footer(member).getByRole('link', { name: 'Aurora Club' }).waitFor();
  await openMenu(member);
  await menu(member).getByRole('link', { name: 'Mis monedas' }).click();
  await member.waitForURL(/\/orders\/coins$/);
  await member.getByRole('heading', { level: 1, name: 'Mis canjes con monedas' }).waitFor();
  const club = member.locator('[data-program="Aurora Club"]');
  await club.getByText('Tienes 120 monedas').waitFor();
  await club.getByText('Aún no has canjeado nada con monedas.').waitFor();

  // A promotion bought with 30 coins shows up with its code, and the balance drops.
  const bought = await member.evaluate(async () => {
    const headers = {
      Authorization: `Token ${localStorage.getItem('token')}`,
      'Content-Type': 'application/json',
    };
    const program = (await (await fetch('/api/v5/programs/')).json()).results[0].uid;
    const promos = await (
      await fetch(`/api/v5/me/programs/${program}/promotions/?page_size=100`, { headers })
    ).json();
    const torta = promos.results.find(
      (p: { name: string }) => p.name === 'S/ 5 de descuento en tortas',
    );
    const r = await fetch(`/api/v5/me/programs/${program}/promotions/${torta.uid}/purchase/`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    return { status: r.status, body: await r.json() };
  });
  assert.equal(bought.status, 201, JSON.stringify(bought.body));
  await member.reload();
  const line = club.locator('[data-redemption="S/ 5 de descuento en tortas"]');
  await line.getByText('30 monedas').waitFor();
  await line.getByText('Por usar').waitFor();
  await line.getByText(`Código ${bought.body.code}`, { exact: false }).waitFor();
  await club.getByText('Tienes 90 monedas').waitFor();
  await member.screenshot({ path: `${SHOTS}/engagement-coins-390.png`, fullPage: true });

  // Multisite: the main company shows neither raffles nor coins for its visitors.
  const multi = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(multi.context, server.url('multi.localhost'));
  await multi.page.goto(server.url('multi.localhost', '/'));
  await footer(multi.page).waitFor();
  assert.equal(await footer(multi.page).getByRole('link', { name: 'Sorteos' }).count(), 0);
  await openMenu(multi.page);
  assert.equal(await menu(multi.page).getByRole('link', { name: 'Mis monedas' }).count(), 0);
  assert.match(
    (await menu(multi.page).getByRole('link', { name: 'Encuestas' }).getAttribute('href')) ?? '',
    /^\/c\/[^/]+\/polls$/,
  );
});

test(
  'a failing server shows the error state, an unknown event the not-found state',
  { skip },
  async () => {
    const server = harness.server();
    const page = await memberPage();
    await page.route('**/api/v5/me/programs/*/raffles/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await page.goto(server.url('localhost', '/raffles'));
    await page.getByText('Lo sentimos, no pudimos obtener la información.').waitFor();

    const rock = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(rock.context, server.url('rockypez.localhost'));
    await rock.page.goto(
      server.url('rockypez.localhost', '/events/00000000-0000-4000-8000-000000000000'),
    );
    await rock.page.getByText('¡Lo sentimos, página no encontrada!').waitFor();
    await rock.page.route('**/api/v5/companies/*/events/**', (route) => route.abort());
    await rock.page.goto(server.url('rockypez.localhost', '/events'));
    await rock.page.getByText('Lo sentimos, no pudimos obtener la información.').waitFor();
  },
);
