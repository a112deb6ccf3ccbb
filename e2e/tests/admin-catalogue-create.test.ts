import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { acceptCookiesUpFront, useHarness } from '../lib/harness';
import { signInOnServer } from '../lib/sign-in';

// The owner creates a product from the browser: a bad price is named at its field, then the
// product is created with an option group, an uploaded image and a price of its own at one
// place. A member then finds it in the store, picks an option and adds it to the cart, which
// prices the option. On a phone the same form fits the width.
const harness = useHarness();
const { skip } = harness;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const MIRAFLORES = 'Aurora Miraflores — Av. José Larco 812, Miraflores';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TITLE = 'Tarta de maracuyá';

const signIn = signInOnServer(harness);

test(
  'the owner creates a product with options and an image; a member adds it to the cart with an option',
  { skip },
  async () => {
    const server = harness.server();
    const owner = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(owner.context, server.url('localhost'));
    const page = owner.page;
    await signIn(page, '/admin/catalogue', 'dueno@aurora.pe', 'Dueno2026!');
    await page.getByRole('heading', { name: 'Catálogo', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Nuevo producto' }).click();
    await page.getByRole('heading', { name: 'Nuevo producto', level: 1 }).waitFor();

    await page.getByLabel('Nombre', { exact: true }).fill(TITLE);
    await page.getByLabel('Descripción corta').fill('Con base de galleta');
    await page.getByLabel('Precio', { exact: true }).fill('quince');
    await page.getByLabel('Etiquetas').fill('postre, frutal');

    // One required group of two options; the second costs more.
    await page.getByRole('button', { name: 'Agregar grupo de opciones' }).click();
    await page.getByLabel('Nombre del grupo 1').fill('Tamaño');
    await page.getByLabel('Mínimo a elegir (grupo 1)').fill('1');
    await page.getByLabel('Máximo a elegir (grupo 1)').fill('1');
    await page.getByLabel('Nombre de la opción 1 del grupo 1').fill('Porción');
    await page.getByRole('button', { name: 'Agregar opción al grupo 1' }).click();
    await page.getByLabel('Nombre de la opción 2 del grupo 1').fill('Entera');
    await page.getByLabel('Precio adicional de la opción 2 del grupo 1').fill('45.00');

    // The image goes through the shared uploader (WebP widths on the server).
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#F4B400' },
    })
      .png()
      .toBuffer();
    const image = page.getByTestId('product-image');
    await image.locator('input[type=file]').setInputFiles({
      name: 'tarta.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await image.getByRole('img', { name: 'Vista previa de Imagen del producto' }).waitFor();

    // Miraflores sells it at a price of its own.
    await page.getByLabel('Precio en Aurora Miraflores', { exact: true }).fill('15.00');

    // The contract's rules answer before anything is sent: the bad price, in Spanish.
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await page.getByText('Ingresar un número válido').first().waitFor();
    assert.equal(page.url().endsWith('/admin/catalogue/products/new'), true);
    await page.getByLabel('Precio', { exact: true }).fill('16.00');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await page.getByText(`Producto «${TITLE}» creado`).waitFor();
    await page.waitForURL((url) =>
      /\/admin\/catalogue\/products\/[0-9a-f-]{36}$/.test(url.pathname),
    );
    await page.getByRole('heading', { name: 'Editar producto', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Nombre de la opción 2 del grupo 1').inputValue(), 'Entera');
    await page.screenshot({ path: `${SHOTS}/admin-product-desktop.png`, fullPage: true });

    // On a phone the form fits the width.
    await page.setViewportSize(PHONE);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `the product form overflows a phone by ${overflow}px`);
    await page.screenshot({ path: `${SHOTS}/admin-product-phone.png`, fullPage: true });

    // Categories: a new one goes last; switching it off asks first.
    await page.setViewportSize(DESKTOP);
    await page
      .getByRole('navigation', { name: 'Secciones de la administración' })
      .getByRole('link', { name: 'Categorías' })
      .click();
    await page.getByRole('heading', { name: 'Categorías', level: 1 }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Tartas');
    await page.getByRole('button', { name: 'Crear categoría' }).click();
    await page.getByText('Categoría «Tartas» creada').waitFor();
    const row = page.getByTestId('category-row').last();
    await row.getByLabel('Nombre de Tartas').waitFor();
    await row.getByRole('button', { name: 'Apagar' }).click();
    await row.getByRole('alertdialog').getByRole('button', { name: 'Sí, apagar' }).click();
    await page
      .getByTestId('category-row')
      .last()
      .getByText('Apagada: no se muestra en la tienda')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-categories-desktop.png`, fullPage: true });

    // A member finds it in the store, with the image, and adds it with the bigger option.
    const member = await harness.newPage({ viewport: DESKTOP });
    await acceptCookiesUpFront(member.context, server.url('localhost'));
    const shop = member.page;
    await signIn(shop, '/login', 'demo@aurora.pe', 'Aurora2026!');
    await shop.goto(server.url('localhost', '/products'));
    await shop.getByLabel('Local').selectOption({ label: MIRAFLORES });
    await shop.getByLabel('Buscar productos').fill('maracuya');
    const card = shop.locator(`[data-product="${TITLE}"]`);
    await card.waitFor();
    const src = await card.locator('img').first().getAttribute('src');
    assert.ok(src && /\.webp/.test(src), `the card shows the uploaded WebP image: ${src}`);
    await card.click();
    const dialog = shop.getByRole('dialog');
    await dialog.getByRole('heading', { name: TITLE }).waitFor();
    const add = dialog.getByRole('button', { name: 'Agregar', exact: true });
    assert.equal(await add.isDisabled(), true, 'Tamaño is required');
    await dialog
      .getByRole('group', { name: /Tamaño/ })
      .getByRole('radio', { name: /Entera/ })
      .check();
    // Miraflores' 15.00 + Entera 45.00.
    await dialog.getByTestId('popup-total').getByText('Total: S/ 60.00').waitFor();
    await add.click();
    await shop.getByText('Producto agregado a tu carrito').first().waitFor();
    await shop.goto(server.url('localhost', '/cart'));
    const line = shop.locator('.cart-line').filter({ hasText: TITLE });
    await line.getByText('Entera').waitFor();
    await line.getByText('S/ 60.00').first().waitFor();
    await shop.screenshot({ path: `${SHOTS}/admin-product-in-cart.png`, fullPage: true });
  },
);
