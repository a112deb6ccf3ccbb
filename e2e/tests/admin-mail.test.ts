import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { acceptCookiesUpFront } from '../lib/harness';
import { signInFrom } from '../lib/sign-in';
import { useHarnessWithSmtp } from '../lib/smtp';

// The owner's view of mails that could not be sent (Ajustes): an invitation to an address the mail
// server refuses fails, shows there with the server's answer, and once the server accepts the
// address again the owner's 'Reenviar' delivers it.
let refusing = true;
const { harness, inbox } = useHarnessWithSmtp({
  // The mailbox 'rechazada@...' does not exist until the test says it does.
  smtp: { rejectRecipients: { test: (address) => refusing && address.startsWith('rechazada') } },
  env: { MAIL_POLL_MS: '200' },
});
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 375, height: 812 };

const signIn = (page: Page, pathname: string, email: string, password: string) =>
  signInFrom(page, harness.server().url('localhost', pathname), email, password);

test(
  'a refused invitation shows in Ajustes with the server answer, and the owner sends it again',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage({ viewport: PHONE });
    await acceptCookiesUpFront(context, server.url('localhost'));
    await signIn(page, '/admin/staff', 'dueno@aurora.pe', 'Dueno2026!');
    await page.getByRole('heading', { name: 'Personal', level: 1 }).waitFor();
    await page.getByLabel('Correo', { exact: true }).fill('rechazada@example.com');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Invitación enviada a rechazada@example.com.').waitFor();

    await page.goto(server.url('localhost', '/admin/settings'));
    const panel = page.getByTestId('admin-mail');
    await panel.getByRole('heading', { name: 'Correos no enviados' }).waitFor();
    // The worker gives up at once on a 550; the list shows it after a reload.
    const failed = panel.getByTestId('admin-failed-mail').filter({ hasText: 'rechazada@' });
    for (let i = 0; (await failed.count()) === 0; i++) {
      assert.ok(i < 30, 'the refused invitation never showed as failed');
      await page.waitForTimeout(500);
      await page.reload();
      await panel.getByRole('heading', { name: 'Correos no enviados' }).waitFor();
    }
    await failed.getByText(/Te invitaron al equipo/).waitFor();
    await failed.getByText(/550/).waitFor();
    await failed.getByText(/tras 1 intento/).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-mail-phone.png`, fullPage: true });

    refusing = false;
    await failed
      .getByRole('button', { name: 'Reenviar el correo a rechazada@example.com' })
      .click();
    await panel.getByText('El correo volvió a la cola y se enviará en unos segundos.').waitFor();
    assert.equal(await failed.count(), 0, 'the mail left the failed list');
    const mail = await inbox().waitFor('rechazada@example.com', /Te invitaron al equipo/);
    assert.ok(mail.links.some((l) => l.includes('/staff/invitation/')));
  },
);
