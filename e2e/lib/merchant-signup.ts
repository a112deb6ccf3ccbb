import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { SmtpInbox } from './smtp';

/**
 * A new merchant's way into a marketplace (issue 18, issue 36 row 9): the account form reached
 * from /crear-tienda, the mailed confirmation, and the store form. The owner's-day-one and the
 * marketplace sign-up files walk it; each checks what it is about between the steps.
 */

/** A field by its label: a string names it exactly, a pattern loosely. */
export const field = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === 'string' });

export type NewMerchant = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The first digit of the document number, the one before the mobile's last: two merchants in one run differ. */
  documentLead: string;
  mobileTail: string;
};

/**
 * From /crear-tienda (its heading shown) to the account form, filled and sent. The document, the
 * mobile and the consents are typed only where the tenant's sign-up asks for them.
 */
export async function createMerchantAccount(page: Page, merchant: NewMerchant): Promise<void> {
  await page.getByRole('heading', { name: 'Crea tu tienda gratis' }).waitFor();
  await page.getByRole('link', { name: 'Crear mi cuenta' }).click();
  await page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
  await field(page, 'Nombre').fill(merchant.firstName);
  await field(page, 'Apellido').fill(merchant.lastName);
  await field(page, 'Correo electrónico').fill(merchant.email);
  await field(page, 'Contraseña').fill(merchant.password);
  const digits = String(Date.now()).slice(-7);
  const documentField = field(page, 'Número de documento');
  if (await documentField.count()) await documentField.fill(`${merchant.documentLead}${digits}`);
  const mobile = field(page, /Número de celular/);
  if (await mobile.count()) await mobile.fill(`9${digits}${merchant.mobileTail}`);
  for (const box of [
    'Acepto los términos y condiciones',
    'Declaro ser mayor de edad',
    'Autorizo el tratamiento de mis datos personales según las políticas de privacidad',
  ]) {
    const check = field(page, box);
    if (await check.count()) await check.check();
  }
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

/** Opens the confirmation link mailed to `email` and waits for the page to say so; answers the link. */
export async function confirmMerchantEmail(
  page: Page,
  smtp: SmtpInbox,
  email: string,
): Promise<string> {
  const mail = await smtp.waitFor(email, /Confirma tu correo/);
  const link = mail.links.find((l) => l.includes('/verification-email/'));
  assert.ok(link, mail.text);
  await page.goto(link);
  await page.getByText('Tu correo fue verificado.').first().waitFor();
  return link;
}

/** The store form of /crear-tienda, filled (a bodega at `address`), not sent. */
export async function fillStoreForm(
  page: Page,
  store: { name: string; district: { label: string } | { index: number }; address: string },
): Promise<void> {
  await field(page, 'Nombre de la tienda').fill(store.name);
  await field(page, 'Categoría').selectOption({ label: 'Bodegas' });
  await field(page, 'Distrito').selectOption(store.district);
  await field(page, 'Dirección de tu local').fill(store.address);
  await field(page, 'Acepto los términos y condiciones del mercado').check();
}
