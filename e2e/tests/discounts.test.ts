import { fillShownField } from '../lib/checkout';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';
import { choosePickupSlot } from '../lib/pickup';

// Automatic discounts in a real browser: the demo owner creates a happy-hour 10 % on the
// "Bebidas frías" category in /admin/discounts; the demo member sees the lemonade's price
// crossed out on the product and in the cart, the rule's own line at checkout, and pays the
// discounted total; the order page shows the rule's line too.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const MIRAFLORES = 'Aurora Miraflores — Av. José Larco 812, Miraflores';
const DESKTOP = { width: 1280, height: 800 };
const RULE = 'Happy hour bebidas frías';

const signIn = signInOnServer(harness);

/** Store time (Lima) `hours` from now, "HH:MM" (the rule's hours wrap past midnight). */
function limaTime(hours: number) {
  const at = new Date(Date.now() + hours * 3_600_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Lima',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

test(
  'owner creates a happy-hour 10 % on a category; the shopper sees it crossed out and pays it',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    await signIn(owner.page, '/admin', 'dueno@aurora.pe', 'Dueno2026!');
    const nav = owner.page.getByRole('navigation', { name: 'Secciones de la administración' });
    await nav.getByRole('link', { name: 'Descuentos' }).click();
    await owner.page.getByRole('heading', { name: 'Descuentos automáticos', level: 1 }).waitFor();
    const form = owner.page.getByTestId('discount-form');
    await form.getByLabel('Nombre que ve el cliente').fill(RULE);
    // A category rule needs its categories: the server says so on the field.
    await form.getByLabel('Valor (% o S/)').fill('10');
    await form.getByRole('button', { name: 'Crear descuento' }).click();
    await form.getByText('Elige al menos una categoría.').waitFor();
    await form.getByLabel('Bebidas frías').check();
    await form.getByLabel('Desde (hora de Lima)').fill(limaTime(-2));
    await form.getByLabel('Hasta', { exact: true }).fill(limaTime(2));
    await form.getByRole('button', { name: 'Crear descuento' }).click();
    await owner.page.getByText(`Descuento «${RULE}» creado`).waitFor();
    const row = owner.page.getByTestId('admin-discounts').locator('tr', { hasText: RULE });
    await row.getByText('Activo').waitFor();
    await owner.page.screenshot({ path: `${SHOTS}/admin-discounts-desktop.png`, fullPage: true });

    const member = await harness.newPage();
    await acceptCookiesUpFront(member.context, server.url('localhost'));
    const page = member.page;
    await signIn(page, '/login', 'demo@aurora.pe', 'Aurora2026!');
    await page.goto(server.url('localhost', '/products'));
    await page.getByLabel('Local').selectOption({ label: MIRAFLORES });
    const card = page.locator('[data-product="Limonada de hierbabuena"]');
    await card.locator('.price-was').waitFor();
    assert.equal((await card.locator('.price-was').innerText()).trim(), 'S/ 9.00');
    assert.equal((await card.locator('.price-now').innerText()).trim(), 'S/ 8.10');
    // Another category keeps its price.
    await page.locator('[data-product="Pan de chocolate"] .product-card__price').waitFor();
    assert.equal(await page.locator('[data-product="Pan de chocolate"] .price-was').count(), 0);

    await card.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('popup-discounted-price').waitFor();
    await dialog.getByText(RULE).waitFor();
    await dialog.getByRole('button', { name: /^(Agregar|Editar)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(server.url('localhost', '/cart'));
    const line = page.getByTestId('cart-line-discounted');
    await line.waitFor();
    assert.equal((await line.innerText()).trim(), 'S/ 8.10');

    await page.getByRole('link', { name: 'Continuar con la compra' }).click();
    await page.getByRole('heading', { name: 'Confirmar pedido' }).waitFor();
    await fillShownField(
      page.getByLabel('Dirección de facturación'),
      'Av. Arequipa 4500, Miraflores',
    );
    await page.getByLabel('Recojo en tienda').check();
    await choosePickupSlot(page);
    await page.getByLabel(/Efectivo/).check();
    await page.waitForFunction(
      () => document.querySelector('.checkout-summary')?.getAttribute('aria-busy') === 'false',
    );
    const rule = page.getByTestId('summary-rule');
    await rule.waitFor();
    assert.match(await rule.innerText(), new RegExp(`${RULE}\\s+- S/ 0\\.90`));
    const money = async (id: string) =>
      Number((await page.getByTestId(id).innerText()).replace(/[^\d.]/g, ''));
    const total = await money('summary-total');
    assert.equal(
      Math.round((await money('summary-subtotal')) * 100 - (await money('summary-discount')) * 100),
      Math.round(total * 100),
    );
    await page.screenshot({ path: `${SHOTS}/checkout-discount.png`, fullPage: true });
    await page.locator('.checkout__submit').click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderRule = page.getByTestId('order-rule');
    await orderRule.waitFor();
    assert.match(await orderRule.innerText(), new RegExp(`${RULE}\\s+- S/ 0\\.90`));
    await owner.context.close();
    await member.context.close();
  },
);
