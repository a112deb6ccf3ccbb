import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { acceptCookiesUpFront, patchTenantApp, useHarness } from '../lib/harness';
import { dataDirWithFixtures } from '../lib/tenant-fixtures';
import { startSmtp, type SmtpInbox } from '../lib/smtp';
import { startGoogleKeys, stubGoogleScript, type GoogleKeys } from '../lib/google';

// The accounts journey in a real browser against the real server, whose mails go through a real
// SMTP server started here; the links are followed from the mails received. Google's keys are
// served here too, and a store with Google sign-in (e2e/fixtures/google.localhost.json) is
// imported with the tenant CLI into the database the server then starts on.
const GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
const GOOGLE_HOST = 'google.localhost';
let smtp: SmtpInbox | undefined;
let google: GoogleKeys | undefined;
let dataDir = '';
const harness = useHarness({
  env: async () => {
    smtp = await startSmtp();
    google = await startGoogleKeys(GOOGLE_CLIENT_ID);
    dataDir = await dataDirWithFixtures('e2e-accounts-', ['google.localhost.json']);
    return {
      SMTP_URL: smtp.url,
      RATE_LIMIT_FACTOR: '100',
      GOOGLE_JWKS_URL: google.jwksUrl,
      DATA_DIR: dataDir,
    };
  },
});
after(async () => {
  await smtp?.close();
  await google?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
const { skip } = harness;
const inbox = () => smtp!;

async function open(
  path: string,
  host = 'localhost',
  viewport?: { width: number; height: number },
) {
  const server = harness.server();
  const { context, page } = await harness.newPage(viewport ? { viewport } : undefined);
  await acceptCookiesUpFront(context, server.url(host));
  await page.goto(server.url(host, path));
  return { page, context, server };
}

const field = (page: Page | Locator, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === 'string' });
const alert = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first();
const storageOf = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

let counter = 0;
function newMember() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const digits = String(Date.now() + counter).slice(-7);
  return {
    email: `Lucia.${stamp}@Example.com`,
    password: 'Aurora-Clave-1',
    document: `7${digits}`,
    mobile: `9${digits}1`,
  };
}

test(
  'accounts journey: register, verify by mail, log in, complete, edit, change password, log out, recover, delete',
  { skip },
  async () => {
    const member = newMember();
    const email = member.email.toLowerCase();
    const { page } = await open('/register/');

    // Register: whole names are sent (spaces tidied), the email lowercased, the phone with +51.
    await page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
    await field(page, 'Nombre').fill('  Lucía María ');
    await field(page, 'Apellido').fill('Fernández Soto');
    await field(page, 'Correo electrónico').fill(member.email);
    await field(page, 'Contraseña').fill(member.password);
    await field(page, 'Número de documento').fill(member.document);
    await field(page, /Número de celular/).fill(
      member.mobile.slice(0, 3) + ' ' + member.mobile.slice(3),
    );
    await field(page, 'Acepto los términos y condiciones').check();
    await field(page, 'Declaro ser mayor de edad').check();
    await field(
      page,
      'Autorizo el tratamiento de mis datos personales según las políticas de privacidad',
    ).check();
    await field(
      page,
      'Autorizo el tratamiento de mis datos con fines publicitarios (opcional)',
    ).check();
    const registerRequest = page.waitForRequest(
      (r) => r.url().endsWith('/api/v5/register/') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const sent = (await registerRequest).postDataJSON() as Record<string, unknown>;
    assert.equal(sent.first_name, 'Lucía María');
    assert.equal(sent.last_name, 'Fernández Soto');
    assert.equal(sent.email, email);
    assert.equal(sent.mobile_number, `+51${member.mobile}`);
    assert.equal(sent.document_type, 'NATIONAL_ID');
    assert.equal(sent.birthdate, undefined);

    // Registered and signed in; no birthdate nor gender yet: /complete-info.
    await page.waitForURL(/\/complete-info$/);
    const afterRegister = await storageOf(page);
    assert.ok(afterRegister.token, 'the token is stored');
    assert.equal(afterRegister.merge, 'true');

    // The verification mail arrived over SMTP; its link verifies the email and goes to / after 1.5 s.
    const verification = await inbox().waitFor(email, /Confirma tu correo/);
    const verifyLink = verification.links.find((l) => l.includes('/verification-email/'));
    assert.ok(verifyLink, `a verification link in ${verification.text}`);
    await page.goto(verifyLink);
    await page.getByText('Tu correo fue verificado.').first().waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/verification-email'), {
      timeout: 5000,
    });

    // Log in by email (typed in capitals: sent lowercased) in a fresh browser: incomplete -> /complete-info.
    const second = await open('/login');
    const login = second.page;
    await field(login, 'Correo electrónico').fill(member.email.toUpperCase());
    await field(login, 'Contraseña').fill(member.password);
    const loginRequest = login.waitForRequest((r) => r.url().endsWith('/api/v5/login/'));
    await login.getByRole('button', { name: 'Ingresar' }).click();
    assert.equal(((await loginRequest).postDataJSON() as { email: string }).email, email);
    await login.waitForURL(/\/complete-info$/);

    // Complete the data: names exist, so skipping is allowed; only the missing fields are sent.
    await login.getByRole('heading', { name: 'Completa tus datos' }).waitFor();
    assert.equal(await login.getByRole('button', { name: 'Omitir por ahora' }).isEnabled(), true);
    assert.equal(
      await field(login, 'Nombre').count(),
      0,
      'names already on the profile are not asked',
    );
    // Terms accepted at sign-up are not asked again; the phone is not one of the spec's fields.
    assert.equal(await login.getByRole('checkbox').count(), 0, 'no terms asked again');
    assert.equal(await field(login, /Número de celular/).count(), 0);
    await login.getByRole('button', { name: 'Guardar' }).click();
    await alert(login, 'Este campo es requerido').first().waitFor();
    await field(login, 'Día').selectOption('14');
    await field(login, 'Mes').selectOption({ label: 'Mayo' });
    await field(login, 'Año').selectOption('1990');
    await field(login, 'Sexo').selectOption('f');
    const patchRequest = login.waitForRequest(
      (r) => r.url().endsWith('/api/v5/me/') && r.method() === 'PATCH',
    );
    await login.getByRole('button', { name: 'Guardar' }).click();
    assert.deepEqual((await patchRequest).postDataJSON(), { birthdate: '1990-05-14', gender: 'f' });
    await login.waitForURL((url) => url.pathname !== '/complete-info');

    // Edit the profile: a field error from the rules, then a good change.
    await login.goto(second.server.url('localhost', '/profile'));
    await login.getByRole('heading', { name: 'Datos personales' }).waitFor();
    assert.equal(await field(login, 'Nombre').inputValue(), 'Lucía María');
    assert.equal(await field(login, 'Número de documento').inputValue(), member.document);
    await field(login, 'Número de documento').fill('12');
    await login.getByRole('button', { name: 'Guardar' }).click();
    await alert(login, 'Ingresar un dni correcto.').waitFor();
    await field(login, 'Número de documento').fill(member.document);
    await field(login, 'Apellido').fill('Rojas Díaz');
    await login.getByRole('button', { name: 'Guardar' }).click();
    await login.getByText('Datos actualizados').first().waitFor();
    await login.reload();
    await login.getByRole('heading', { name: 'Datos personales' }).waitFor();
    await login.waitForFunction(
      () =>
        (document.querySelector('input[name="last_name"]') as HTMLInputElement | null)?.value ===
        'Rojas Díaz',
    );

    // Change the password: mismatch first, then the real change.
    const newPassword = 'Otra-Clave-2026';
    await login.goto(second.server.url('localhost', '/change-password'));
    await field(login, 'Contraseña actual').fill(member.password);
    await field(login, 'Nueva contraseña').fill(newPassword);
    await field(login, 'Confirmar contraseña').fill('no-coincide-1');
    await login.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await alert(login, 'Las contraseñas no coinciden.').waitFor();
    await field(login, 'Confirmar contraseña').fill(newPassword);
    await login.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await login.getByText('Tu contraseña fue cambiada.').first().waitFor();

    // Log out from the side menu: exactly token, merge, skipUpdate and the local carts go.
    await login.evaluate(() => {
      localStorage.setItem('skipUpdate', 'true');
      localStorage.setItem('cartplace-1', '[]');
      localStorage.setItem('cartSubscriptionplace-1', '[]');
      localStorage.setItem('selectedPlaceUid', 'place-1');
    });
    await login.getByRole('button', { name: 'Abrir menú' }).click();
    await login.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await login.waitForFunction(() => !localStorage.getItem('token'));
    const afterLogout = await storageOf(login);
    for (const key of ['token', 'merge', 'skipUpdate', 'cartplace-1'])
      assert.equal(afterLogout[key], undefined, `${key} is cleared`);
    for (const key of ['cartSubscriptionplace-1', 'selectedPlaceUid', 'apiKey', 'version'])
      assert.ok(afterLogout[key], `${key} is kept`);

    // Recovery by mail: the reset link sets a new password, then login works with it.
    await login.goto(second.server.url('localhost', '/recovery-password/'));
    await field(login, 'Correo electrónico').fill(email);
    await login.getByRole('button', { name: 'Enviar correo' }).click();
    await login.getByText('Correo enviado. Revisa tu bandeja de entrada.').first().waitFor();
    const reset = await inbox().waitFor(email, /Restablece/);
    const resetLink = reset.links.find((l) => l.includes('/reset-password/'));
    assert.ok(resetLink);
    await login.goto(resetLink);
    const resetPassword = 'Tercera-Clave-3';
    await field(login, 'Nueva contraseña').fill('12345678');
    await field(login, 'Confirmar contraseña').fill('12345678');
    await login.getByRole('button', { name: 'Guardar contraseña' }).click();
    await alert(login, 'La contraseña no puede tener solo números.').waitFor();
    await field(login, 'Nueva contraseña').fill(resetPassword);
    await field(login, 'Confirmar contraseña').fill(resetPassword);
    await login.getByRole('button', { name: 'Guardar contraseña' }).click();
    await login.getByText('Tu contraseña fue restablecida.').first().waitFor();
    await login.waitForURL((url) => !url.pathname.startsWith('/reset-password'));

    await login.goto(second.server.url('localhost', '/login'));
    await field(login, 'Correo electrónico').fill(email);
    await field(login, 'Contraseña').fill(resetPassword);
    await login.getByRole('button', { name: 'Ingresar' }).click();
    await login.waitForURL((url) => url.pathname !== '/login');
    assert.ok((await storageOf(login)).token);

    // Deletion: requested from the profile, confirmed by the mailed link.
    await login.goto(second.server.url('localhost', '/profile'));
    await login.getByRole('button', { name: 'Solicitar eliminación' }).click();
    await login
      .getByText('Te enviamos un correo para confirmar la eliminación de tu cuenta.')
      .waitFor();
    const deletion = await inbox().waitFor(email, /eliminación/);
    const deleteLink = deletion.links.find((l) => l.includes('/me/delete/'));
    assert.ok(deleteLink);
    await login.goto(deleteLink);
    await login.getByText('Hola, Lucía').waitFor();
    await login.getByRole('button', { name: 'Beneficios y programas que se eliminarán' }).waitFor();
    await login.getByText('No hay nada que mostrar').waitFor();
    await login.getByRole('button', { name: 'Dar de baja mi cuenta' }).click();
    await login.getByText('Tu cuenta fue eliminada.').waitFor();
    await login.getByText('Esperamos volver a verte pronto').waitFor();
    assert.equal((await storageOf(login)).token, undefined, 'deletion closes the session');

    // The link is used up, and the account is gone.
    await login.goto(deleteLink);
    await login.getByRole('heading', { name: 'El link ha expirado.' }).waitFor();
    await login.goto(second.server.url('localhost', '/login'));
    await field(login, 'Correo electrónico').fill(email);
    await field(login, 'Contraseña').fill(resetPassword);
    await login.getByRole('button', { name: 'Ingresar' }).click();
    await alert(login, 'No puedes iniciar sesión con las credenciales proporcionadas.').waitFor();
    assert.equal((await storageOf(login)).token, undefined);
  },
);

test(
  'document-only login: an unknown document goes to /register with it filled in; a known one signs in',
  { skip },
  async () => {
    const { page, server } = await open('/login');
    await page.getByRole('tab', { name: 'Documento' }).click();
    assert.equal(await field(page, 'Tipo de documento').inputValue(), 'NATIONAL_ID');
    assert.equal(await field(page, 'Contraseña').count(), 0, 'document-only asks no password');
    const number = `6${String(Date.now()).slice(-7)}`;
    await field(page, 'Número de documento').fill(number);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/register$/);
    assert.equal(await field(page, 'Número de documento').inputValue(), number);
    assert.equal(await field(page, 'Tipo de documento').inputValue(), 'NATIONAL_ID');

    // The demo member's document signs in without a password; her profile is complete: /.
    await page.goto(server.url('localhost', '/login'));
    await page.getByRole('tab', { name: 'Documento' }).click();
    await field(page, 'Número de documento').fill('45678912');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    assert.ok((await storageOf(page)).token);
  },
);

/** Signs in on the document tab with the document number alone. */
async function documentSignIn(page: Page, number: string) {
  await page.getByRole('tab', { name: 'Documento' }).click();
  await field(page, 'Número de documento').fill(number);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

const stepUpDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirma que eres tú' });

test(
  "a document-only session: its profile hides the data until it confirms by a mailed code; the owner's document alone answers as an unknown one",
  { skip },
  async () => {
    const { page, server } = await open('/login', 'localhost', { width: 390, height: 844 });
    await documentSignIn(page, '40123457'); // dueno@aurora.pe, the OWNER
    await alert(page, 'No puedes iniciar sesión con las credenciales proporcionadas.').waitFor();
    assert.equal((await storageOf(page)).token, undefined);
    // The form now asks for the password too (a store with document-only sign-in alone would
    // otherwise leave its staff no way in); the owner signs in with it.
    await field(page, 'Contraseña').fill('Dueno2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    assert.ok((await storageOf(page)).token);
    await page.evaluate(() => localStorage.clear());
    await page.goto(server.url('localhost', '/login'));

    await documentSignIn(page, '45678912'); // the demo member
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(server.url('localhost', '/profile'));
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Ingresaste solo con tu número de documento' });
    await notice.waitFor();
    assert.equal(await field(page, 'Nombre').count(), 0, 'no data shown');
    assert.equal(await page.getByText('demo@aurora.pe').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Guardar' }).count(), 0);
    await page.screenshot({ path: path.join(os.tmpdir(), 'e2e-profile-limited.png') });

    // The step-up by a code mailed to the verified address.
    await notice.getByRole('button', { name: 'Confirmar que soy yo' }).click();
    const dialog = stepUpDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Enviarme un código por correo' }).click();
    await dialog.getByText('Te enviamos un código a d***@aurora.pe').waitFor();
    await page.screenshot({ path: path.join(os.tmpdir(), 'e2e-step-up-code.png') });
    const mail = await inbox().waitFor('demo@aurora.pe', /confirmar que eres tú/);
    const code = /Tu código es (\d{6})\./.exec(mail.text)?.[1];
    assert.ok(code, mail.text);
    await field(dialog, 'Código de 6 dígitos').fill(code);
    await dialog.getByRole('button', { name: 'Confirmar código' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await field(page, 'Nombre').inputValue(), 'Ana');
    assert.equal(await field(page, 'Correo electrónico').inputValue(), 'demo@aurora.pe');
    await page.getByRole('button', { name: 'Guardar' }).waitFor();

    // The /qr screen's counter code, refused before, is given now.
    await page.goto(server.url('localhost', '/qr'));
    await page.getByRole('button', { name: 'Ver un código para la caja' }).click();
    await page.getByTestId('counter-code-digits').waitFor();
    assert.equal(await stepUpDialog(page).count(), 0);
  },
);

test(
  'the step-up prompt opens where a limited session would fail, and the refused call runs once confirmed',
  { skip },
  async () => {
    const { page, server } = await open('/login', 'localhost', { width: 1366, height: 900 });
    await documentSignIn(page, '45678912');
    await page.waitForURL((url) => url.pathname !== '/login');
    // The store's own pages ask for nothing: balances, promotions, the cart, the city.
    await page.waitForLoadState('networkidle');
    assert.equal(await stepUpDialog(page).count(), 0, 'no prompt on the home page');

    // Orders: refused, the prompt opens; "Ahora no" leaves the page's error.
    await page.goto(server.url('localhost', '/orders'));
    let dialog = stepUpDialog(page);
    await dialog.waitFor();
    await page.screenshot({ path: path.join(os.tmpdir(), 'e2e-step-up-desktop.png') });
    await dialog.getByRole('button', { name: 'Ahora no' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Mis pedidos' }).waitFor();
    assert.equal(await page.locator('.order-card').count(), 0);

    // Again, with the password: the orders load with no other click.
    await page.reload();
    dialog = stepUpDialog(page);
    await dialog.waitFor();
    await field(dialog, 'Contraseña').fill('not the password');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.getByText('La contraseña no es correcta.').waitFor();
    await field(dialog, 'Contraseña').fill('Aurora2026!');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('.orders__list, .page-message')
      .filter({ hasNotText: 'No pudimos' })
      .first()
      .waitFor();
    const listed = await page.evaluate(async () => {
      const token = localStorage.getItem('token');
      return (await fetch('/api/v5/me/orders/', { headers: { Authorization: `Token ${token}` } }))
        .status;
    });
    assert.equal(listed, 200, 'the session stepped up');
  },
);

test(
  'a member switches document-only sign-in off: the document alone then answers as an unknown one',
  { skip },
  async () => {
    const member = newMember();
    const { page, server } = await open('/register/');
    const registered = await page.evaluate(async (m) => {
      const res = await fetch('/api/v5/register/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: m.email,
          password: m.password,
          first_name: 'Rosa',
          last_name: 'Huamán',
          document_type: 'NATIONAL_ID',
          document_number: m.document,
          mobile_number: `+51${m.mobile}`,
          birthdate: '1992-08-21',
          gender: 'f',
          accept_terms: true,
          accept_age: true,
          accept_data_processing: true,
        }),
      });
      return res.status;
    }, member);
    assert.equal(registered, 201);
    await page.evaluate(() => localStorage.clear());
    await page.goto(server.url('localhost', '/login'));
    await field(page, 'Correo electrónico').fill(member.email);
    await field(page, 'Contraseña').fill(member.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(server.url('localhost', '/profile'));
    const toggle = field(page, 'Permitir ingresar solo con mi número de documento');
    assert.equal(await toggle.isChecked(), true, 'on by default');
    await toggle.uncheck();
    await page.getByText('Datos actualizados').first().waitFor();
    await page.reload();
    assert.equal(
      await field(page, 'Permitir ingresar solo con mi número de documento').isChecked(),
      false,
    );

    await page.evaluate(() => localStorage.clear());
    await page.goto(server.url('localhost', '/login'));
    await documentSignIn(page, member.document);
    await alert(page, 'No puedes iniciar sesión con las credenciales proporcionadas.').waitFor();
    assert.equal((await storageOf(page)).token, undefined);
    await field(page, 'Contraseña').fill(member.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    assert.ok((await storageOf(page)).token, 'the password still opens the account');
  },
);

test('sign out on every device: the other browser is signed out too', { skip }, async () => {
  const server = harness.server();
  const signIn = async () => {
    const opened = await open('/login');
    await field(opened.page, 'Correo electrónico').fill('demo@aurora.pe');
    await field(opened.page, 'Contraseña').fill('Aurora2026!');
    await opened.page.getByRole('button', { name: 'Ingresar' }).click();
    await opened.page.waitForURL((url) => url.pathname !== '/login');
    return opened.page;
  };
  const phone = await signIn();
  const laptop = await signIn();
  await laptop.goto(server.url('localhost', '/profile'));
  await laptop.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  await laptop.getByText('Se cerró tu sesión en todos los dispositivos.').waitFor();
  await laptop.waitForURL((url) => !url.pathname.startsWith('/profile'));
  assert.equal((await storageOf(laptop)).token, undefined, 'this browser is signed out');
  const token = (await storageOf(phone)).token as string;
  const me = await phone.evaluate(
    async (key) =>
      (await fetch('/api/v5/me/', { headers: { Authorization: `Token ${key}` } })).status,
    token,
  );
  assert.equal(me, 401, "the other browser's session ended on the server");
});

test(
  'a member page remembers where the visitor wanted to go and returns there after login',
  { skip },
  async () => {
    const { page } = await open('/profile');
    await page.waitForURL(/\/login$/);
    await field(page, 'Correo electrónico').fill('demo@aurora.pe');
    await field(page, 'Contraseña').fill('Aurora2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Datos personales' }).waitFor();
  },
);

test(
  'login messages of the spec, each word for word, and the normalisations',
  { skip },
  async () => {
    const { page } = await open('/login');
    const submit = () => page.getByRole('button', { name: /^(Ingresar|Continuar)$/ }).click();

    // Email tab.
    await submit();
    await alert(page, 'Por favor digite un correo electrónico válido').waitFor();
    await alert(page, 'Este campo es requerido').waitFor();
    await field(page, 'Correo electrónico').fill('nadie@example.com');
    await field(page, 'Contraseña').fill('incorrecta-1');
    await submit();
    await alert(page, 'No puedes iniciar sesión con las credenciales proporcionadas.').waitFor();

    // Mobile tab: sent as dial code + number.
    await page.getByRole('tab', { name: 'Celular' }).click();
    await submit();
    await alert(page, 'Por favor digite un teléfono válido').waitFor();
    assert.equal(await page.getByLabel('Código de país').inputValue(), '+51');
    await page.getByLabel('Código de país').selectOption('+57');
    await field(page, 'Número de celular').fill('300 123 4567');
    await field(page, 'Contraseña').fill('incorrecta-1');
    const mobileRequest = page.waitForRequest((r) => r.url().endsWith('/api/v5/login/'));
    await submit();
    assert.equal(
      ((await mobileRequest).postDataJSON() as { mobile_number: string }).mobile_number,
      '+573001234567',
    );

    // Document tab: type and number messages; the number is sent upper-cased.
    await page.getByRole('tab', { name: 'Documento' }).click();
    await field(page, 'Tipo de documento').selectOption('');
    await submit();
    await alert(page, 'Por favor seleccion un tipo de documento').waitFor();
    await alert(page, 'Por favor digite un número de documento').waitFor();
    await field(page, 'Tipo de documento').selectOption('PASSPORT');
    await field(page, 'Número de documento').fill('ab 12345');
    const validateRequest = page.waitForRequest((r) => r.url().endsWith('/api/v5/validate/'));
    await submit();
    assert.deepEqual((await validateRequest).postDataJSON(), {
      document_type: 'PASSPORT',
      document_number: 'AB12345',
    });
    await page.waitForURL(/\/register$/);

    // Any failure the server does not explain: 'Ocurrió un error al ingresar'.
    await page.goto(harness.server().url('localhost', '/login'));
    await page.route('**/api/v5/login/', (route) => route.fulfill({ status: 500, body: '' }));
    await field(page, 'Correo electrónico').fill('demo@aurora.pe');
    await field(page, 'Contraseña').fill('Aurora2026!');
    await submit();
    await alert(page, 'Ocurrió un error al ingresar').waitFor();
  },
);

test("the login's tabs stay under the finger while a refusal arrives", { skip }, async () => {
  const { page } = await open('/login');
  await field(page, 'Correo electrónico').fill('nadie@example.com');
  await field(page, 'Contraseña').fill('incorrecta-1');
  // The refusal answers while a tab is pressed. The card was centred on the screen, so its new
  // message moved the tabs up half its height and the press was released beside the tab:
  // nothing changed (seen under load, issue 38).
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v5/login/', async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const tab = page.getByRole('tab', { name: 'Documento' });
  const before = (await tab.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  answer();
  await alert(page, 'No puedes iniciar sesión con las credenciales proporcionadas.').waitFor();
  await page.mouse.up();
  const after = (await tab.boundingBox())!;
  assert.deepEqual({ x: after.x, y: after.y }, { x: before.x, y: before.y }, 'the tab moved');
  await field(page, 'Número de documento').waitFor();
});

test(
  'a message shown before the error texts arrive is put in words when they do',
  { skip },
  async () => {
    // The texts arrive silently (web/src/i18n/index.ts): only the components showing messages
    // re-render for them, so this proves those still do.
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url('localhost'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/errors-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url('localhost', '/login'));
    await page.getByRole('button', { name: 'Ingresar' }).click();
    // Until the texts are there a message reads as it came: the contract's code.
    await alert(page, 'auth.email_required').waitFor();
    release();
    await alert(page, 'Por favor digite un correo electrónico válido').waitFor();
    assert.equal(await alert(page, 'auth.email_required').count(), 0);
  },
);

test(
  'login and registration ask for the captcha when the app has reCAPTCHA settings',
  { skip },
  async () => {
    const server = harness.server();
    const { context, page } = await harness.newPage();
    await acceptCookiesUpFront(context, server.url());
    // The app answer gains a site key; Google's script is replaced by a stub that never solves.
    await patchTenantApp(page, (app) => {
      app.recaptcha_settings = { site_key: 'test-site-key' };
    });
    let scriptLoaded = false;
    await page.route('https://www.google.com/recaptcha/**', (route) => {
      scriptLoaded = true;
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.grecaptcha={render:function(){return 0},reset:function(){}};window.__onRecaptchaLoad&&window.__onRecaptchaLoad();',
      });
    });
    await page.goto(server.url('localhost', '/login'));
    await field(page, 'Correo electrónico').fill('demo@aurora.pe');
    await field(page, 'Contraseña').fill('Aurora2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await alert(page, 'Haz click en No soy un robot').waitFor();
    assert.ok(scriptLoaded, 'the captcha script loads only for such apps');

    // Without settings no script is asked for.
    const plain = await open('/login');
    let plainLoaded = false;
    await plain.page.route('https://www.google.com/recaptcha/**', (route) => {
      plainLoaded = true;
      return route.abort();
    });
    await plain.page.getByRole('button', { name: 'Ingresar' }).waitFor();
    assert.equal(plainLoaded, false);
  },
);

test(
  'registration messages of the spec: acceptances in order, dates, age, general message; closed sign-up goes to /login',
  { skip },
  async () => {
    const { page, server } = await open('/register/');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await alert(page, 'Corrige los campos marcados').waitFor();
    const acceptances = [
      'Debes aceptar los términos y condiciones',
      'Debes declarar que eres mayor de edad',
      'Debes autorizar el tratamiento de tus datos personales',
    ];
    const shown = await page.locator('.form-check .form-field__error').allTextContents();
    assert.deepEqual(shown, acceptances, 'each required acceptance has its own message, in order');
    // Advertising is a separate, free choice (Ley 29733): optional and unticked.
    const publicity = field(
      page,
      'Autorizo el tratamiento de mis datos con fines publicitarios (opcional)',
    );
    assert.equal(await publicity.isChecked(), false);
    await alert(page, 'Este campo es requerido').waitFor();

    // Birthdate: a partly chosen date is invalid; a recent one is under age.
    await field(page, 'Día').selectOption('10');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await alert(page, 'Escribe una fecha válida').waitFor();
    await field(page, 'Mes').selectOption('3');
    await field(page, 'Año').selectOption(String(new Date().getFullYear() - 5));
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await alert(page, 'Debes ser mayor de edad').waitFor();
    await alert(page, 'Corrige los campos marcados').waitFor();
    const years = await field(page, 'Año').locator('option').allTextContents();
    assert.equal(years[1], String(new Date().getFullYear()));
    assert.equal(years.at(-1), '1900');

    // The server's own field errors land on their fields (an email already taken).
    await field(page, 'Nombre').fill('Ana');
    await field(page, 'Apellido').fill('Quispe');
    await field(page, 'Correo electrónico').fill('demo@aurora.pe');
    await field(page, 'Contraseña').fill('Otra-Clave-9');
    await field(page, 'Número de documento').fill('45678912');
    await field(page, 'Día').selectOption('');
    await field(page, 'Mes').selectOption('');
    await field(page, 'Año').selectOption('');
    for (const label of [
      'Acepto los términos y condiciones',
      'Declaro ser mayor de edad',
      'Autorizo el tratamiento de mis datos personales según las políticas de privacidad',
    ]) {
      await field(page, label).check();
    }
    // Every ISO country's dial code, labelled with its countries; +51 Perú first-class default.
    const dial = field(page, 'Código de país');
    assert.equal(await dial.locator('option:checked').innerText(), '+51 Perú');
    assert.ok((await dial.locator('option').count()) > 200, 'the full country list');
    // A number Mexico could not issue (nine digits after +52) is refused with the telephone rule.
    await dial.selectOption('+52');
    await field(page, /Número de celular/).fill('987650001');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await alert(page, 'Ingresar el código de país antes del número').waitFor();
    await dial.selectOption('+51');
    await field(page, /Número de celular/).fill('');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await alert(page, 'Ya existe un usuario con este correo electrónico.').waitFor();
    await alert(page, 'Ya existe un usuario con este documento.').waitFor();

    // A store without sign-up (the app answer says so) sends /register to /login, with no register link.
    await patchTenantApp(page, (app) => {
      app.allow_signup = false;
    });
    await page.goto(server.url('localhost', '/register'));
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Regístrate' }).count(), 0);
  },
);

test(
  'deletion link states: an unknown link is expired; pages of the accounts area fit a phone',
  { skip },
  async () => {
    const { page } = await open(
      '/me/delete/app/00000000-0000-4000-8000-000000000000/bad-token',
      'localhost',
      { width: 375, height: 740 },
    );
    await page.getByRole('heading', { name: 'El link ha expirado.' }).waitFor();
    for (const path of ['/login', '/register/', '/recovery-password/']) {
      await page.goto(harness.server().url('localhost', path));
      await page.getByRole('button').last().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `${path} has no horizontal scroll (${overflow}px)`);
    }
  },
);

type GoogleSeen = {
  __googleCredential?: string;
  __googleInit?: { client_id: string };
  __googleButton?: { text: string; locale: string };
};
const googleRequest = (page: Page) =>
  page.waitForRequest(
    (r) => r.url().endsWith('/api/v5/login/mobile/google/') && r.method() === 'POST',
  );
async function clickGoogle(page: Page, credential: string) {
  await page.evaluate((token) => {
    (window as GoogleSeen).__googleCredential = token;
  }, credential);
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
}

test(
  'Google sign-in: the button registers a member from /register and signs them in from /login',
  { skip },
  async () => {
    const server = harness.server();
    const email = `gina.${Date.now().toString(36)}@gmail.com`;
    const token = google!.idToken({ email, given_name: 'Gina', family_name: 'Gómez' });

    // /register: Google's button (stubbed) under the form; the influencer of /in/ goes along.
    const first = await harness.newPage();
    await acceptCookiesUpFront(first.context, server.url(GOOGLE_HOST));
    const script = await stubGoogleScript(first.page);
    await first.page.goto(server.url(GOOGLE_HOST, '/register/'));
    await first.page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
    await first.page.evaluate(() => localStorage.setItem('influencerId', 'inf-google'));
    await first.page.getByRole('button', { name: 'Continuar con Google' }).waitFor();
    const seen = await first.page.evaluate(() => ({
      init: (window as GoogleSeen).__googleInit,
      button: (window as GoogleSeen).__googleButton,
    }));
    assert.deepEqual(seen.init, { client_id: GOOGLE_CLIENT_ID });
    assert.deepEqual(seen.button, { text: 'continue_with', locale: 'es' });
    const registerRequest = googleRequest(first.page);
    await clickGoogle(first.page, token);
    assert.deepEqual((await registerRequest).postDataJSON(), {
      id_token: token,
      influencer_uid: 'inf-google',
    });
    // Signed in as the email login does: token and merge flag stored; no birthdate yet, so
    // /complete-info, where the names Google gave are not asked again.
    await first.page.waitForURL(/\/complete-info$/);
    await first.page.getByRole('heading', { name: 'Completa tus datos' }).waitFor();
    assert.equal(await field(first.page, 'Nombre').count(), 0);
    const stored = await storageOf(first.page);
    assert.ok(stored.token, 'the token is stored');
    assert.equal(stored.merge, 'true');
    assert.equal(script.loads(), 1);

    // The member is really signed in: their profile and the member menu (after skipping the
    // completion, which every page load would otherwise ask for).
    await first.page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await first.page.waitForURL((url) => url.pathname !== '/complete-info');
    await first.page.goto(server.url(GOOGLE_HOST, '/profile'));
    await first.page.getByRole('heading', { name: 'Datos personales' }).waitFor();
    await first.page.waitForFunction(
      () =>
        (document.querySelector('input[name="first_name"]') as HTMLInputElement | null)?.value ===
        'Gina',
    );
    assert.equal(await field(first.page, 'Correo electrónico').inputValue(), email);
    await first.page.getByRole('button', { name: 'Abrir menú' }).click();
    await first.page.getByRole('button', { name: 'Cerrar sesión', exact: true }).waitFor();

    // /login in a fresh browser: a token Google did not sign is refused in Spanish, nothing is
    // stored and the form stays usable; the real one signs the same member in.
    const second = await harness.newPage();
    await acceptCookiesUpFront(second.context, server.url(GOOGLE_HOST));
    await stubGoogleScript(second.page);
    await second.page.goto(server.url(GOOGLE_HOST, '/login'));
    await field(second.page, 'Correo electrónico').waitFor();
    await clickGoogle(second.page, google!.foreignToken({ email }));
    await alert(second.page, 'No se pudo validar tu cuenta de Google.').waitFor();
    assert.equal((await storageOf(second.page)).token, undefined);
    const loginRequest = googleRequest(second.page);
    await clickGoogle(second.page, google!.idToken({ email }));
    const sent = (await loginRequest).postDataJSON() as Record<string, unknown>;
    assert.equal(sent.influencer_uid, undefined, 'no influencer remembered, none sent');
    const answer = await (await (await loginRequest).response())!.json();
    assert.equal(answer.user.email, email);
    assert.equal(answer.user.first_name, 'Gina');
    // The skip chosen in the first browser is the account's: no /complete-info here.
    await second.page.waitForURL((url) => url.pathname !== '/login');
    assert.notEqual(new URL(second.page.url()).pathname, '/complete-info');
    const again = await storageOf(second.page);
    assert.ok(again.token);
    assert.notEqual(again.token, stored.token, 'a session of its own');
    assert.equal(again.merge, 'true');
  },
);

test(
  "Google's script loads only for apps with the GOOGLE method; its errors and absence",
  { skip },
  async () => {
    const server = harness.server();

    // The demo store has no GOOGLE method: neither its first page nor /login asks for the script.
    const plain = await open('/products');
    let plainLoads = 0;
    await plain.page.route('https://accounts.google.com/**', (route) => {
      plainLoads += 1;
      return route.abort();
    });
    await plain.page.goto(server.url('localhost', '/products'));
    await plain.page.waitForLoadState('networkidle');
    await plain.page.goto(server.url('localhost', '/login'));
    await plain.page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await plain.page.waitForLoadState('networkidle');
    assert.equal(plainLoads, 0);
    assert.equal(await plain.page.getByText('o', { exact: true }).count(), 0);

    // The page believes the demo has Google (patched app answer) but the server does not: its
    // refusal is shown like other login errors.
    const patched = await harness.newPage();
    await acceptCookiesUpFront(patched.context, server.url());
    await patchTenantApp(patched.page, (app) => {
      (app.signin_methods as unknown[]).push({
        type: 'GOOGLE',
        settings: { client_id: GOOGLE_CLIENT_ID },
      });
    });
    await stubGoogleScript(patched.page);
    await patched.page.goto(server.url('localhost', '/login'));
    await clickGoogle(patched.page, google!.idToken({ email: 'demo@aurora.pe' }));
    await alert(patched.page, 'Este método de ingreso no está habilitado.').waitFor();
    assert.equal((await storageOf(patched.page)).token, undefined);

    // Google's script cannot load: the area says so; the email login still works.
    const blocked = await harness.newPage();
    await acceptCookiesUpFront(blocked.context, server.url(GOOGLE_HOST));
    await blocked.page.route('https://accounts.google.com/gsi/client', (route) => route.abort());
    await blocked.page.goto(server.url(GOOGLE_HOST, '/login'));
    await blocked.page
      .getByRole('status')
      .filter({ hasText: 'El ingreso con Google no está disponible en este momento.' })
      .waitFor();
    assert.equal(
      await blocked.page.getByRole('button', { name: 'Continuar con Google' }).count(),
      0,
    );
    await field(blocked.page, 'Correo electrónico').fill('nadie@example.com');
    await field(blocked.page, 'Contraseña').fill('incorrecta-1');
    await blocked.page.getByRole('button', { name: 'Ingresar' }).click();
    await alert(
      blocked.page,
      'No puedes iniciar sesión con las credenciales proporcionadas.',
    ).waitFor();
  },
);

test(
  'an incomplete profile goes to /complete-info on every load until skipped; /delete explains and sends the mail',
  { skip },
  async () => {
    const member = newMember();
    const { page, server } = await open('/login');
    // Registered without birthdate nor gender (the API a user would use), then signed in by token.
    const token = await page.evaluate(async (m) => {
      const response = await fetch('/api/v5/register/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: m.email,
          password: m.password,
          first_name: 'Carmen',
          last_name: 'Rojas Vega',
          document_type: 'NATIONAL_ID',
          document_number: m.document,
          mobile_number: `+51${m.mobile}`,
          accept_terms: true,
          accept_age: true,
          accept_data_processing: true,
          accept_publicity: true,
        }),
      });
      return ((await response.json()) as { token: string }).token;
    }, member);
    await page.evaluate((t) => localStorage.setItem('token', t), token);

    // Not only after signing in: any page load of the main area, a reload too.
    for (const path of ['/products', '/orders', '/profile']) {
      await page.goto(server.url('localhost', path));
      await page.waitForURL(/\/complete-info$/);
    }
    // The deletion page stays open to an incomplete profile.
    await page.goto(server.url('localhost', '/delete'));
    await page.getByRole('heading', { name: 'Eliminar mi cuenta' }).first().waitFor();
    await page.getByText('Tus puntos, monedas, sellos y promociones').waitFor();
    assert.equal(new URL(page.url()).pathname, '/delete');
    await page.getByRole('button', { name: 'Solicitar eliminación' }).click();
    await page
      .getByText('Te enviamos un correo para confirmar la eliminación de tu cuenta.')
      .waitFor();
    await inbox().waitFor(member.email.toLowerCase(), /eliminación/);

    // Skipping (names are there) lets the member in, and stays chosen on the next load.
    await page.goto(server.url('localhost', '/products'));
    await page.waitForURL(/\/complete-info$/);
    await page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await page.waitForURL((url) => url.pathname !== '/complete-info');
    await page.goto(server.url('localhost', '/orders'));
    await page
      .getByRole('heading', { name: /pedidos/i })
      .first()
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/orders');

    // The skip is the account's: after logging out (which clears the browser's flag) and in
    // again, /complete-info is not asked.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.waitForFunction(() => !localStorage.getItem('token'));
    assert.equal(await page.evaluate(() => localStorage.getItem('skipUpdate')), null);
    await page.goto(server.url('localhost', '/login'));
    await field(page, 'Correo electrónico').fill(member.email);
    await field(page, 'Contraseña').fill(member.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForFunction(() => !!localStorage.getItem('token'));
    await page.waitForURL((url) => url.pathname !== '/login');
    assert.notEqual(new URL(page.url()).pathname, '/complete-info');
    await page.goto(server.url('localhost', '/profile'));
    await page.getByRole('heading', { name: 'Datos personales' }).waitFor();
  },
);
