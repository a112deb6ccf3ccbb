import type { Page } from 'playwright-core';
import type { Harness } from './harness';

/** Signs in on `loginUrl` (a host's /login) and waits to be sent on. */
export async function signIn(
  page: Page,
  loginUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(loginUrl);
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Opens `url` (a page that sends a visitor to /login, or /login itself), signs in there and waits
 * to be sent on; the demo staff have no birthdate or gender, so "complete your profile" is
 * skipped when it is offered.
 */
export async function signInFrom(
  page: Page,
  url: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(url);
  await page.waitForURL((at) => at.pathname === '/login');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((at) => !at.pathname.startsWith('/login'));
  if (new URL(page.url()).pathname.startsWith('/complete-info')) {
    await page.getByRole('button', { name: 'Omitir por ahora' }).click();
    await page.waitForURL((at) => !at.pathname.startsWith('/complete-info'));
  }
}

/**
 * `signInFrom` on the file's server: `pathname` (a guarded page, or /login) of `host`, the demo
 * store (localhost) unless another is named.
 */
export function signInOnServer(harness: Harness, host = 'localhost') {
  return (page: Page, pathname: string, email: string, password: string): Promise<void> =>
    signInFrom(page, harness.server().url(host, pathname), email, password);
}
