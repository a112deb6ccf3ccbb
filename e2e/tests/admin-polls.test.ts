import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { formatFindings, seriousViolations } from '../lib/axe';
import { downloadedText } from '../lib/download';

// A poll from the back office to the store and back: the demo owner creates a poll with a
// single-choice and a text question in /admin/polls (an empty option is refused in Spanish
// first), the demo member answers it on the store's /polls, and the owner sees the results
// chart with 1 response, the written answer, and downloads the CSV holding the answer. The
// editor then shows the structure locked. The screens fit a phone and pass axe.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const POLL = 'Encuesta de postres';
const PEOPLE: Record<string, string> = {
  'demo@aurora.pe': 'Aurora2026!',
  'dueno@aurora.pe': 'Dueno2026!',
};

const signIn = (page: Page, pathname: string, email: string) =>
  signInOnServer(harness)(page, pathname, email, PEOPLE[email]);

async function fitsAndPassesAxe(page: Page, name: string) {
  // What sticks out, named in the failure (an element whose right edge passes the screen's).
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  );
  assert.deepEqual(wide, [], `${name} fits the screen`);
  const axe = await seriousViolations(page, name);
  assert.equal(axe.length, 0, formatFindings(axe));
}

test(
  'a poll is made in the back office, answered in the store, and read as results and CSV',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    await signIn(owner.page, '/admin', 'dueno@aurora.pe');
    const page = owner.page;
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Encuestas' }).click();
    await page.getByRole('heading', { name: 'Encuestas', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Nueva encuesta' }).click();

    // The poll: a single-choice question (one option left empty at first) and a text question.
    await page.getByLabel('Programa').selectOption({ label: 'Aurora Club' });
    await page.getByLabel('Título').fill(POLL);
    const first = page.getByTestId('poll-question').nth(0);
    await first.getByLabel('Texto de la pregunta').fill('¿Qué postre prefieres?');
    await first.getByLabel('Opción 1', { exact: true }).fill('Alfajor');
    await page.getByTestId('poll-add-question').click();
    const second = page.getByTestId('poll-question').nth(1);
    await second.getByLabel('Tipo de respuesta').selectOption({ label: 'Texto libre' });
    await second.getByLabel('Texto de la pregunta').fill('¿Qué más te gustaría?');
    await page.getByRole('button', { name: 'Crear encuesta' }).click();
    await first.getByText('Este campo es requerido').waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/polls/new', 'nothing was created');
    await first.getByLabel('Opción 2', { exact: true }).fill('Tres leches');
    // Keyboard reordering: the second option goes up and keeps the focus.
    await first.getByRole('button', { name: 'Subir la opción 2 de la pregunta 1' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await first.getByLabel('Opción 1', { exact: true }).inputValue(), 'Tres leches');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Bajar la opción 1 de la pregunta 1',
    );
    await page.keyboard.press('Enter');
    assert.equal(await first.getByLabel('Opción 1', { exact: true }).inputValue(), 'Alfajor');
    await page.screenshot({ path: `${SHOTS}/admin-poll-new-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Crear encuesta' }).click();
    await page.getByRole('heading', { name: POLL, level: 1 }).waitFor();
    const pollUid = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByTestId('poll-state').getByText('Abierta').waitFor();

    // The member answers it on the store's polls page.
    const member = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(member.context, server.url('localhost'));
    await signIn(member.page, '/polls', 'demo@aurora.pe');
    await member.page.goto(server.url('localhost', '/polls'));
    await member.page.locator(`[data-poll="${POLL}"]`).getByRole('link', { name: POLL }).click();
    await member.page.getByLabel('Tres leches').check();
    await member.page.getByLabel('¿Qué más te gustaría?').fill('Postres sin azúcar, por favor');
    await member.page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await member.page.getByText('¡Gracias por responder la encuesta!').waitFor();

    // The owner reads the results: 1 response, the chart's figures as text, the written answer.
    await page.getByRole('link', { name: 'Ver resultados' }).click();
    await page.getByRole('heading', { name: `Resultados: ${POLL}`, level: 1 }).waitFor();
    await page.getByTestId('poll-responses').getByText('1 respuesta').waitFor();
    const chart = page.getByTestId('poll-chart');
    const row = (option: string) => chart.getByRole('row', { name: new RegExp(option) });
    assert.equal(
      (await row('Tres leches').innerText()).replace(/\s+/g, ' ').trim(),
      'Tres leches 1 (100 %)',
    );
    assert.equal((await row('Alfajor').innerText()).replace(/\s+/g, ' ').trim(), 'Alfajor 0 (0 %)');
    await page
      .getByTestId('poll-text-answers')
      .getByText('Postres sin azúcar, por favor')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-poll-results-1280.png`, fullPage: true });
    await fitsAndPassesAxe(page, '/admin/polls/{uid}/results 1280');

    // The CSV: a real download, one row holding the member and the answers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('poll-export').click(),
    ]);
    assert.match(
      download.suggestedFilename(),
      /^encuesta-encuesta-de-postres-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await downloadedText(download);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.equal(lines[0], 'fecha,socio,nombre,email,¿Qué postre prefieres?,¿Qué más te gustaría?');
    assert.equal(lines.length, 2, csv);
    assert.match(lines[1], /,demo@aurora\.pe,Tres leches,"?Postres sin azúcar, por favor"?$/);

    // The editor now locks the structure: no adding or removing, texts still editable.
    await page.getByRole('link', { name: 'Editar la encuesta' }).click();
    await page.getByText('Esta encuesta ya tiene respuestas').waitFor();
    assert.equal(await page.getByTestId('poll-add-question').count(), 0);
    assert.equal(await page.getByTestId('poll-add-option').count(), 0);
    await fitsAndPassesAxe(page, '/admin/polls/{uid} 1280');

    // On a phone the list, the editor and the results fit and pass axe.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('poll-questions').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-poll-editor-375.png`, fullPage: true });
    await fitsAndPassesAxe(page, '/admin/polls/{uid} 375');
    await page.goto(server.url('localhost', `/admin/polls/${pollUid}/results`));
    await page.getByTestId('poll-chart').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-poll-results-375.png`, fullPage: true });
    await fitsAndPassesAxe(page, '/admin/polls/{uid}/results 375');
    await page.goto(server.url('localhost', '/admin/polls'));
    await page.getByTestId('admin-polls').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-polls-375.png`, fullPage: true });
    await fitsAndPassesAxe(page, '/admin/polls 375');
    await member.context.close();
    await owner.context.close();
  },
);
