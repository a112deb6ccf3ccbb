import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { formatFindings, seriousViolations } from '../lib/axe';

// A promotion made in the back office, used at the counter, in a real browser: the demo owner
// creates a 15 % discount in /admin/promotions (a missing value answered beside its field, in
// Spanish; the preview is the member's own card), the demo member sees it in Aurora Club, takes
// its code and starts the venue steps (the QR with the code), the cashier finds the member and
// redeems the code at the counter, the member's steps end in the congratulations, and the admin
// list shows 1 use.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const NAME = 'Desayuno E2E 15%';

async function signIn(page: Page, pathname: string, email: string, password: string) {
  await page.goto(harness.server().url('localhost', pathname));
  if (!new URL(page.url()).pathname.startsWith('/login'))
    await page.goto(harness.server().url('localhost', '/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The demo staff have no birthdate or gender: they skip completing the profile.
  if (new URL(page.url()).pathname.startsWith('/complete-info')) {
    await page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/complete-info'));
  }
}

/** The signed-in user's API from the page, with the token the page stored. */
function apiFromPage<T>(page: Page, method: string, path: string): Promise<T> {
  return page.evaluate(
    async ({ method, path }) => {
      const response = await fetch(`/api/${path}`, {
        method,
        headers: { Authorization: `Token ${localStorage.getItem('token')}` },
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return JSON.parse(text);
    },
    { method, path },
  );
}

test('a promotion created in the admin is used by a member at the counter', { skip }, async () => {
  const server = harness.server();
  const owner = await harness.newPage({ viewport: DESKTOP });
  await acceptCookiesUpFront(owner.context, server.url('localhost'));
  const page = owner.page;
  await signIn(page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
  await page.goto(server.url('localhost', '/admin'));
  const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
  await nav.getByRole('link', { name: 'Promociones' }).click();
  await page.getByRole('heading', { name: 'Promociones', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Nueva promoción' }).click();
  await page.getByRole('heading', { name: 'Nueva promoción', level: 1 }).waitFor();

  // The discount's value is required: answered beside its field, in Spanish, before any call.
  await page.getByLabel('Nombre', { exact: true }).fill(NAME);
  await page.getByLabel('Tipo', { exact: true }).selectOption('DISCOUNT_RATE');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Ingresar un número', { exact: true }).waitFor();
  await page.getByLabel('Descuento (%)', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('El porcentaje debe estar entre 0.01 y 100.00.').waitFor();
  await page.getByLabel('Descuento (%)', { exact: true }).fill('15');
  await page.getByLabel('Stock (unidades en total)').fill('50');
  await page.getByLabel('Usos por miembro').fill('1');
  // The preview is the member's own card, with the form's values.
  const preview = page.getByTestId('promotion-preview');
  await preview.getByText('15% dscto.').waitFor();
  await preview.getByText(NAME).waitFor();
  await page.screenshot({ path: `${SHOTS}/admin-promotions-new-desktop.png`, fullPage: true });
  const axe = await seriousViolations(page, '/admin/promotions/new 1280');
  assert.equal(axe.length, 0, formatFindings(axe));
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Promoción creada.').waitFor();
  const row = page.getByTestId('admin-promotions').locator(`tr[data-promotion="${NAME}"]`);
  await row.getByText('0 usadas · 0 por usar').waitFor();
  await row.getByText('50', { exact: true }).waitFor();

  // The member finds it in the program, takes its code and starts the steps at the venue.
  const memberPage = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(memberPage.context, server.url('localhost'));
  const m = memberPage.page;
  await signIn(m, '/login', 'demo@aurora.pe', 'Aurora2026!');
  const programs = await apiFromPage<{ results: { uid: string; name: string }[] }>(
    m,
    'GET',
    'v5/programs/',
  );
  const program = programs.results.find((p) => p.name === 'Aurora Club')!;
  await m.goto(server.url('localhost', `/program/${program.uid}`));
  await m.locator(`[data-promotion="${NAME}"]`).click();
  await m.getByRole('heading', { name: NAME, level: 1 }).waitFor();
  await m.getByRole('button', { name: 'Obtener código' }).click();
  const code = (await m.getByTestId('held-code').locator('strong').first().innerText()).trim();
  assert.match(code, /^[A-Z0-9]{10}$/);
  await m.getByRole('button', { name: 'Usar en el local' }).click();
  await m.getByLabel('¿En qué local estás?').selectOption({ label: 'Aurora Miraflores' });
  await m.getByRole('button', { name: 'Sí, estoy en el local' }).click();
  // The shown step: the QR and the one-time code that proves the member is at the counter.
  const shownCode = m.getByTestId('promotion-qr').getByTestId('activation-code');
  await shownCode.waitFor();
  const presence = (await shownCode.innerText()).trim();
  assert.match(presence, /^\d{6}$/);
  await m.screenshot({ path: `${SHOTS}/admin-promotions-member-qr-phone.png` });

  // The cashier redeems the member's code at the counter.
  const cashier = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(cashier.context, server.url('localhost'));
  const staff = cashier.page;
  await signIn(staff, '/login', 'cajero@aurora.pe', 'Cajero2026!');
  await staff.goto(server.url('localhost', '/staff'));
  // The client first (the demo member's document), then the code their screen shows.
  await staff.getByLabel('Tipo de documento').selectOption('NATIONAL_ID');
  await staff.getByLabel('Número de documento').fill('45678912');
  await staff.getByRole('button', { name: 'Buscar', exact: true }).click();
  await staff.getByTestId('staff-client').getByRole('heading', { name: 'Ana Quispe' }).waitFor();
  await staff.getByLabel('Código de promoción').fill(code);
  await staff.getByRole('button', { name: 'Buscar por código' }).click();
  const redeem = staff.getByTestId('staff-redeem');
  await redeem.getByRole('heading', { name: NAME }).waitFor();
  // The unit is the member's: using it up needs the code their screen shows.
  await staff.getByLabel('Código del cliente').fill(presence);
  await redeem.getByRole('button', { name: 'Canjear' }).click();
  await staff.getByText(`Canje registrado: ${NAME}`).waitFor();

  // The member's steps notice the counter's redemption and end in the congratulations.
  await m.getByRole('heading', { name: '¡Felicitaciones!' }).waitFor({ timeout: 20_000 });

  // The admin shows the use; on a phone the list fits.
  await page.reload();
  await row.getByText('1 usada · 0 por usar').waitFor();
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/admin-promotions-phone.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
});
