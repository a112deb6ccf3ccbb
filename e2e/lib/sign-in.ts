import type { Page } from 'playwright-core';

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
