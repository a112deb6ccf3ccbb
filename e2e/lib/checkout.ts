import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { acceptCookiesUpFront, type Harness } from './harness';
import { apiFromPage } from './member-orders';
import { choosePickupSlot } from './pickup';

/**
 * The demo member's way through the store front of Café Aurora (localhost): sign in, fill the
 * Miraflores cart, open the checkout, choose pickup, read the priced total, place the order. The
 * checkout, Mercado Pago, subscription and store-front files share these steps.
 */
export const MIRAFLORES = 'Aurora Miraflores — Av. José Larco 812, Miraflores';

/** An order as the member's API answers it (`GET v5/me/orders/{uid}/`). */
export type ApiOrder = {
  uid: string;
  number: number;
  status: string;
  subtotal: string;
  discount: string;
  delivery_price: string;
  taxes: string;
  total: string;
  coupon: string | null;
  shipping_type: string;
  payment_type: string;
  card_last4: string | null;
  payment_status: string;
};

export const dialog = (page: Page) => page.getByRole('dialog');
export const checkoutSubmit = (page: Page) => page.locator('.checkout__submit');

/** A GET of the member's API from the page, with the token the page stored. */
export const memberGet = <T>(page: Page, path: string): Promise<T> =>
  apiFromPage<T>(page, 'GET', path);

export const orderCount = async (page: Page) =>
  (await memberGet<{ count: number }>(page, 'v5/me/orders/')).count;

/** Opens a product's dialog and adds it (or saves it, when it is in the cart already). */
export async function addToCart(page: Page, title: string) {
  await page.locator(`[data-product="${title}"]`).click();
  await dialog(page).getByRole('heading', { name: title }).waitFor();
  await dialog(page)
    .getByRole('button', { name: /^(Agregar|Editar)$/ })
    .click();
  await dialog(page).waitFor({ state: 'detached' });
}

/**
 * Empties the member's cart of the place the page has chosen, on the server and in the browser
 * (an earlier test may have left lines); the page shows it once reloaded.
 */
export async function emptyPlaceCart(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const place = localStorage.getItem('selectedPlaceUid')!;
    await fetch(`/api/v5/me/shopping-cart/?place_uid=${place}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Token ${localStorage.getItem('token')}`,
      },
      body: JSON.stringify({ place, products: [] }),
    });
    localStorage.removeItem(`cart${place}`);
  });
}

/** Picks a pickup slot on the checkout form and checks it reads as a start-end range. */
export async function choosePickup(page: Page) {
  await page.getByLabel('Recojo en tienda').check();
  const label = await choosePickupSlot(page);
  assert.match(label, /^\d{2}:\d{2} - \d{2}:\d{2}$/, 'a slot is a start-end range');
}

/** An input's value once it has one (a field the page fills in by itself). */
export async function filledValue(field: Locator): Promise<string> {
  const input = await field.elementHandle();
  await field
    .page()
    .waitForFunction((element) => (element as HTMLInputElement).value !== '', input);
  return field.inputValue();
}

/**
 * Waits for the delivery fare box to show `text`. When it does not, the failure says what the box
 * showed instead and which point the form held, so a failure names its cause (a browser test once
 * failed here under load with no more than a timeout).
 */
export async function fareShows(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.getByTestId('delivery-fare').getByText(text).waitFor();
  } catch (error) {
    const shown = await page
      .getByTestId('delivery-fare')
      .textContent({ timeout: 1_000 })
      .catch(() => '(no fare box)');
    const point = await Promise.all(
      ['Latitud', 'Longitud'].map((label) =>
        page
          .getByLabel(label)
          .inputValue({ timeout: 1_000 })
          .catch(() => '(no field)'),
      ),
    );
    throw new Error(
      `the fare box did not show ${String(text)}: it shows "${shown}" for the point ${point.join(', ')}`,
      { cause: error },
    );
  }
}

/**
 * Pays with the store's SANDBOX card (approving unless `number` says otherwise): the card chosen,
 * its fields typed as on a phone's digits keypad (the form groups and slashes them), and the
 * summary priced. Answers the total shown.
 */
export async function payBySandboxCard(
  page: Page,
  { number = '4242424242424242', holder }: { number?: string; holder?: string } = {},
): Promise<string> {
  await page.getByLabel(/Tarjeta en línea/).check();
  if (holder !== undefined) await page.getByLabel('Nombre del titular').fill(holder);
  await page.getByLabel('Número de tarjeta').pressSequentially(number);
  await page.getByLabel('Vencimiento (MM/AA)').pressSequentially('1230');
  await page.getByLabel('CVC').fill('123');
  return shownTotal(page);
}

/** The total the summary shows once the server priced the order. */
export async function shownTotal(page: Page): Promise<string> {
  const total = page.getByTestId('summary-total');
  await total.waitFor();
  await page.waitForFunction(
    () => document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false',
  );
  return (await total.innerText()).trim();
}

/**
 * The total of a delivery once the summary is priced for the point the form holds now: the fare
 * box answers for the current point first, and the summary's quote follows a debounced moment
 * later (until then it shows the last point's total, e.g. the store's, aria-busy false). Waits
 * for the summary's delivery line to say the fare box's fare, then reads the total.
 */
export async function shownDeliveryTotal(page: Page): Promise<string> {
  await fareShows(page, /Costo de envío: S\/ \d+\.\d{2}/);
  try {
    await page.waitForFunction(() => {
      const fare = /S\/ \d+\.\d{2}/.exec(
        document.querySelector('[data-testid="delivery-fare"] strong')?.textContent ?? '',
      )?.[0];
      const line = document.querySelector('[data-testid="summary-delivery"]')?.textContent?.trim();
      return (
        !!fare &&
        line === fare &&
        document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false'
      );
    });
  } catch (error) {
    const fare = await page.getByTestId('delivery-fare').textContent();
    const line = await page.getByTestId('summary-delivery').textContent({ timeout: 1_000 });
    throw new Error(`the summary's delivery line "${line}" never matched the fare box "${fare}"`, {
      cause: error,
    });
  }
  return shownTotal(page);
}

/**
 * Sends the checkout (a plain click unless `click` says how, e.g. beside a payment provider's
 * frames), waits for the order page and answers the order as the API has it.
 */
export async function placeAndOpen(
  page: Page,
  click: (submit: Locator) => Promise<void> = (submit) => submit.click(),
): Promise<ApiOrder> {
  await click(checkoutSubmit(page));
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  const uid = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByTestId('order-status').waitFor();
  return memberGet<ApiOrder>(page, `v5/me/orders/${uid}/`);
}

/** The steps that need the file's running server. */
export function demoShopper(harness: Harness) {
  /**
   * A fresh context with the cookie choice made, signed in as the demo member. `prepare` runs on
   * the context before the first page loads (routes, init scripts).
   */
  async function newMemberPage(
    options: {
      viewport?: { width: number; height: number };
      prepare?: (context: BrowserContext) => Promise<unknown>;
    } = {},
  ): Promise<Page> {
    const server = harness.server();
    const { context, page } = await harness.newPage(
      options.viewport ? { viewport: options.viewport } : {},
    );
    await options.prepare?.(context);
    await acceptCookiesUpFront(context, server.url('localhost'));
    await page.goto(server.url('localhost', '/login'));
    await page.getByLabel('Correo electrónico', { exact: true }).fill('demo@aurora.pe');
    await page.getByLabel('Contraseña', { exact: true }).fill('Aurora2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }

  /** The Miraflores cart of the member, emptied on the server and locally, then filled. */
  async function fillCart(page: Page, titles: string[]) {
    await page.goto(harness.server().url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    // Start from an empty cart of the place (an earlier test may have left lines).
    await emptyPlaceCart(page);
    await page.reload();
    await page.locator(`[data-product="${titles[0]}"]`).waitFor();
    for (const title of titles) await addToCart(page, title);
  }

  /** From the cart to the checkout form. */
  async function openCheckout(page: Page) {
    await page.goto(harness.server().url('localhost', '/cart'));
    await page.getByRole('link', { name: 'Continuar con la compra' }).click();
    await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
  }

  /** From the cart to the checkout form, whose billing data come from the profile. */
  async function goToCheckout(page: Page) {
    await openCheckout(page);
    // The form is filled once the place, its options and the member have arrived, which on a
    // loaded machine can be after the heading shows: read the fields once they are filled.
    assert.equal(await filledValue(page.getByLabel('Nombres')), 'Ana');
    assert.equal(await filledValue(page.getByLabel('Correo electrónico')), 'demo@aurora.pe');
    // The profile has no address: the billing address is typed. A pickup paid at the counter
    // asks for none (issue 36), so the field shows only with the card chosen: it is typed there
    // and the choices are put back, the form keeping the value for a test that pays by card.
    const address = page.getByLabel('Dirección de facturación');
    if (await address.isVisible()) {
      await address.fill('Av. Arequipa 4500, Miraflores');
      return;
    }
    const chosen = await page
      .locator('input[type="radio"]:checked')
      .evaluateAll((inputs) =>
        (inputs as HTMLInputElement[]).map((input) => [input.name, input.value] as const),
      );
    // The store's card paid online: the sandbox's or Mercado Pago's, as the file's store has.
    await page
      .getByLabel(/Tarjeta en línea|Tarjeta \(Mercado Pago\)/)
      .first()
      .check();
    await address.fill('Av. Arequipa 4500, Miraflores');
    for (const [name, value] of chosen)
      await page.locator(`input[type="radio"][name="${name}"][value="${value}"]`).check();
  }

  /** A new signed-in member at the checkout of `titles` (the Miraflores cart), pickup chosen. */
  async function atPickupCheckout(
    titles: string[],
    options: Parameters<typeof newMemberPage>[0] = {},
  ): Promise<Page> {
    const page = await newMemberPage(options);
    await fillCart(page, titles);
    await goToCheckout(page);
    await choosePickup(page);
    return page;
  }

  return { newMemberPage, fillCart, openCheckout, goToCheckout, atPickupCheckout };
}

/**
 * Types into a checkout field only when the form asks for it: a pickup paid at the counter has
 * no billing address (issue 36 row 15).
 */
export async function fillShownField(field: Locator, value: string): Promise<void> {
  await field.page().getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
  if (await field.isVisible()) await field.fill(value);
}
