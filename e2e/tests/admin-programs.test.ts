import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { formatFindings, seriousViolations } from '../lib/axe';

// The owner's programs and ads in a real browser: the demo owner raises Aurora Club's earning
// rate, adds a level with its benefits and a program ad (a bad level answered beside its field,
// in Spanish), creates a company ad in /admin/ads; the demo member then sees the new rate, level
// and ad on the program page and the company ad on the products page. axe runs on the editor,
// and the editor fits a phone.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PROGRAM_PATH = '/program/5cff79f6-a020-5b74-b944-6467a721d32b';
const PHONE = { width: 375, height: 812 };

const signIn = signInOnServer(harness);

test(
  'the owner edits the earning rate, adds a level and ads; the member sees them in the store',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(context, server.url('localhost'));
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, '/admin/programs', 'dueno@aurora.pe', 'Dueno2026!');
    await page.getByRole('heading', { name: 'Programas', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Editar: Aurora Club' }).click();
    await page.getByTestId('program-levels').waitFor();

    await page.getByLabel('Puntos por cada sol de compra').fill('7');
    await page.getByTestId('program-add-level').click();
    const levels = page.getByTestId('program-levels');
    const last = levels.locator('fieldset').last();
    await last.getByLabel('Nombre del nivel').fill('Diamante');
    // Below the previous level: refused beside the field, nothing saved.
    await last.getByLabel('Desde (puntos)').fill('10');
    await last.getByLabel('Beneficios').fill('Un regalo al año');
    await page.getByTestId('program-save').click();
    await last.getByText('Cada nivel debe pedir más puntos que el anterior.').waitFor();
    await last.getByLabel('Desde (puntos)').fill('90000');

    await page.getByTestId('program-add-ads').click();
    const ad = page.getByTestId('program-ads').locator('fieldset').last();
    await ad.getByLabel('Título').fill('Doble puntos los martes');
    await ad.getByLabel('Enlace').fill('/products');
    await page.getByTestId('program-save').click();
    await page.getByText('Cambios guardados. La tienda ya los muestra.').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-program-375.png`, fullPage: true });
    const axe = await seriousViolations(page, '/admin/programs/{uid} 375');
    assert.equal(axe.length, 0, formatFindings(axe));

    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await page.getByRole('button', { name: /Menú/ }).click();
    await nav.getByRole('link', { name: 'Anuncios' }).click();
    await page.getByRole('heading', { name: 'Anuncios', level: 1 }).waitFor();
    const form = page.getByTestId('admin-ad-new');
    await form.getByLabel('Título').fill('Brunch de domingo');
    await form.getByLabel('Enlace').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Crear anuncio' }).click();
    await form
      .getByText(
        'Ingresa una dirección https://, una ruta de la tienda que empiece con / o un ancla #.',
      )
      .waitFor();
    await form.getByLabel('Enlace').fill('/products');
    await form.getByRole('button', { name: 'Crear anuncio' }).click();
    await page.getByTestId('admin-ad').filter({ hasText: 'Brunch de domingo' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-ads-375.png`, fullPage: true });
    await context.close();

    const member = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(member.context, server.url('localhost'));
    // /login itself: the program page opens to visitors too, so it never redirects there.
    await signIn(member.page, '/login', 'demo@aurora.pe', 'Aurora2026!');
    await member.page.goto(server.url('localhost', PROGRAM_PATH));
    await member.page.getByTestId('level-widget').waitFor();
    await member.page.getByText('Cada S/ 1 de tus pedidos entregados suma 7 puntos.').waitFor();
    const diamond = member.page.locator('.level-card__level', { hasText: 'Diamante' });
    await diamond.getByText('Un regalo al año').waitFor();
    await member.page
      .getByRole('region', { name: 'Novedades' })
      .getByText('Doble puntos los martes')
      .waitFor();
    await member.page.goto(server.url('localhost', '/products'));
    await member.page.getByTestId('company-ads').getByText('Brunch de domingo').waitFor();
  },
);
