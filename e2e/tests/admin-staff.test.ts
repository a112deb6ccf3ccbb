import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront } from '../lib/harness';
import { signInFrom } from '../lib/sign-in';
import { useHarnessWithSmtp } from '../lib/smtp';

// The owner's staff screen in a real browser: the demo owner invites the demo member from
// /admin/staff, the member accepts the mailed link and shows up in the team; the owner changes
// their role and removes them after a confirmation. The manager has no staff screen.
const { harness, inbox } = useHarnessWithSmtp();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

const signIn = (page: Page, pathname: string, email: string, password: string) =>
  signInFrom(page, harness.server().url('localhost', pathname), email, password);

test(
  'the owner invites someone by email, they accept the mailed link and appear in the team',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    await signIn(owner.page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
    const page = owner.page;
    const nav = page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Personal' }).click();
    await page.getByRole('heading', { name: 'Personal', level: 1 }).waitFor();
    const team = page.getByTestId('admin-staff-members');
    await team.locator('[data-member="cajero@aurora.pe"]').waitFor();
    assert.equal(
      await team.locator('[data-member="dueno@aurora.pe"]').getByRole('button').count(),
      0,
      'the owner cannot change or remove themself',
    );

    // A bad address is answered on its field, in Spanish, before anything is sent.
    await page.getByLabel('Correo', { exact: true }).fill('demo@aurora');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Ingresar un email correcto').waitFor();
    // Someone already on the staff: the server's answer lands on the field.
    await page.getByLabel('Correo', { exact: true }).fill('cajero@aurora.pe');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Esta persona ya es parte del personal de la empresa.').waitFor();

    await page.getByLabel('Correo', { exact: true }).fill('demo@aurora.pe');
    await page.getByLabel('Rol', { exact: true }).selectOption('STAFF');
    await page.getByRole('checkbox', { name: 'Aurora Miraflores' }).check();
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Invitación enviada a demo@aurora.pe.').waitFor();
    const pending = page.getByTestId('admin-staff-invitations');
    const invitation = pending.locator('[data-invitation="demo@aurora.pe"]');
    await invitation.getByText(/Personal · Aurora Miraflores · vence el/).waitFor();
    await inbox().waitFor('demo@aurora.pe', /Te invitaron al equipo/);
    // Re-sent: a new link replaces the first one.
    await invitation.getByRole('button', { name: 'Reenviar' }).click();
    await page.getByText('Invitación reenviada a demo@aurora.pe.').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-staff-desktop.png`, fullPage: true });
    // waitFor takes each mail once: this is the second, the link that works.
    const mail = await inbox().waitFor('demo@aurora.pe', /Te invitaron al equipo/);
    const link = mail.links.find((l) => l.includes('/staff/invitation/'));
    assert.ok(link, mail.text);

    const member = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(member.context, server.url('localhost'));
    await signIn(member.page, '/login', 'demo@aurora.pe', 'Aurora2026!');
    await member.page.goto(link);
    const offer = member.page.getByTestId('staff-invitation');
    await offer.getByRole('button', { name: 'Aceptar la invitación' }).click();
    await member.page.getByTestId('invitation-go').click();
    await member.page.getByRole('heading', { name: 'Buscar cliente' }).waitFor();
    await member.context.close();

    await page.reload();
    const row = team.locator('[data-member="demo@aurora.pe"]');
    await row.getByText(/Personal · Aurora Miraflores/).waitFor();
    assert.equal(await pending.locator('[data-invitation="demo@aurora.pe"]').count(), 0);

    // Change the role: every place, validator.
    await row.getByRole('button', { name: /^Cambiar rol o locales de/ }).click();
    const edit = row.getByRole('form', { name: /^Cambiar rol o locales de/ });
    await edit.getByLabel('Rol', { exact: true }).selectOption('VALIDATOR');
    await edit.getByRole('checkbox', { name: 'Aurora Miraflores' }).uncheck();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await row.getByText(/Validador · Todos los locales/).waitFor();

    // Remove after the confirmation.
    await row.getByRole('button', { name: /^Quitar a .* del personal$/ }).click();
    await row.getByRole('alertdialog').getByRole('button', { name: 'Sí, quitar' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText(/ya no es parte del personal/).waitFor();
    await owner.context.close();
  },
);

test('on a phone the staff screen fits; the manager never sees Staff', { skip }, async () => {
  const server = harness.server();
  const owner = await harness.newPage({ viewport: PHONE });
  await acceptCookiesUpFront(owner.context, server.url('localhost'));
  await signIn(owner.page, '/admin/staff', 'dueno@aurora.pe', 'Dueno2026!');
  await owner.page.getByTestId('admin-staff-members').locator('[data-member]').first().waitFor();
  await owner.page.screenshot({ path: `${SHOTS}/admin-staff-phone.png`, fullPage: true });
  const overflow = await owner.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await owner.context.close();

  const manager = await harness.newPage({ viewport: DESKTOP });
  await acceptCookiesUpFront(manager.context, server.url('localhost'));
  await signIn(manager.page, '/admin', 'gerente@aurora.pe', 'Gerente2026!');
  await manager.page.getByTestId('admin-dashboard').waitFor();
  const nav = manager.page.getByRole('navigation', { name: 'Secciones de la administración' });
  const links = await nav.getByRole('link').allTextContents();
  assert.ok(links.includes('Pedidos'), links.join(', '));
  assert.ok(!links.includes('Personal'), links.join(', '));
  await manager.page.goto(server.url('localhost', '/admin/staff'));
  await manager.page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(await manager.page.getByTestId('admin-staff-members').count(), 0);
  assert.equal(await manager.page.getByRole('button', { name: 'Enviar invitación' }).count(), 0);
  await manager.context.close();
});
