import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Place, Product } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

let t: TestApp;
let places: Place[];
let miraflores: string;
let yanahuara: string;
let latte: Product;
let alfajor: Product;
let member: Awaited<ReturnType<typeof registerMember>>;

before(async () => {
  t = await startTestApp();
  places = (await t.get('/api/v7/places/')).data.results;
  miraflores = places.find((p) => p.name === 'Aurora Miraflores')!.uid;
  yanahuara = places.find((p) => p.name === 'Aurora Yanahuara')!.uid;
  const products: Product[] = (await t.get(`/api/v7/places/${miraflores}/products/?page_size=100`))
    .data.results;
  latte = products.find((p) => p.title === 'Café con leche')!;
  alfajor = products.find((p) => p.title === 'Alfajor de manjar')!;
  member = await registerMember(t, 'localhost');
});
after(() => t?.close());

const group = (p: Product, name: string) => p.option_groups.find((g) => g.name === name)!;
const option = (p: Product, groupName: string, optionName: string) =>
  group(p, groupName).options.find((o) => o.name === optionName)!;

function latteLine(quantity = 2) {
  return {
    id: `${latte.uid}-0`,
    uid: latte.uid,
    quantity,
    option_groups: [
      {
        uid: group(latte, 'Tamaño').uid,
        options: [{ uid: option(latte, 'Tamaño', 'Grande 16 oz').uid }],
      },
      {
        uid: group(latte, 'Leche').uid,
        options: [{ uid: option(latte, 'Leche', 'De avena').uid }],
      },
      {
        uid: group(latte, 'Extras').uid,
        options: [
          { uid: option(latte, 'Extras', 'Canela').uid },
          { uid: option(latte, 'Extras', 'Shot extra de espresso').uid },
        ],
      },
    ],
  };
}

describe('server cart', () => {
  test('stores a checked cart and prices it from the catalogue, whatever the client claims', async () => {
    const res = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: miraflores, products: [{ ...latteLine(2), unit_price: '0.01' }] },
      { headers: member.auth },
    );
    assert.equal(res.statusCode, 200, res.body);
    const line = res.data.products[0];
    assert.equal(line.unit_price, '9.50');
    assert.equal(line.options_price, '8.50'); // 3.50 + 2.50 + 0.50 + 2.00
    assert.equal(line.total, '36.00');
    assert.equal(res.data.subtotal, '36.00');
    const again = await t.get(`/api/v5/me/shopping-cart/?place_uid=${miraflores}`, {
      headers: member.auth,
    });
    assert.equal(again.statusCode, 200);
    assert.deepEqual(
      again.data.products.map((p: { id: string; quantity: number }) => [p.id, p.quantity]),
      [[`${latte.uid}-0`, 2]],
    );
  });

  test('keeps one cart per place', async () => {
    const empty = await t.get(`/api/v5/me/shopping-cart/?place_uid=${yanahuara}`, {
      headers: member.auth,
    });
    assert.deepEqual(empty.data.products, []);
    assert.equal(empty.data.subtotal, '0.00');
  });

  test('an anonymous visitor has no server cart', async () => {
    assert.equal(
      (await t.get(`/api/v5/me/shopping-cart/?place_uid=${miraflores}`)).statusCode,
      401,
    );
    assert.equal(
      (await t.post('/api/v5/me/shopping-cart/', { place: miraflores, products: [] })).statusCode,
      401,
    );
  });

  test("a member never sees another member's cart", async () => {
    const other = await registerMember(t, 'localhost');
    const res = await t.get(`/api/v5/me/shopping-cart/?place_uid=${miraflores}`, {
      headers: other.auth,
    });
    assert.deepEqual(res.data.products, []);
  });

  test('refuses an unknown place, and a place of another tenant', async () => {
    const unknown = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: 'nope', products: [] },
      { headers: member.auth },
    );
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(unknown.data, { place: ['El local no existe.'] });
    const multiPlaces = (await t.get('/api/v7/places/', { host: 'multi.localhost' })).data.results;
    const foreign = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: multiPlaces[0].uid, products: [] },
      { headers: member.auth },
    );
    assert.equal(foreign.statusCode, 400);
  });

  test('refuses a product the place does not sell', async () => {
    const pollo = (await t.get(`/api/v7/places/${miraflores}/products/?search=pollo`)).data
      .results[0];
    const res = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: yanahuara, products: [{ uid: pollo.uid, quantity: 1 }] },
      { headers: member.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, { 'products.0.uid': ['Este producto no se vende en este local.'] });
  });

  test('refuses an option of another group and a group of another product', async () => {
    const line = latteLine();
    line.option_groups[1].options = [{ uid: option(latte, 'Tamaño', 'Chico 8 oz').uid }];
    line.option_groups.push({ uid: alfajor.uid, options: [] });
    const res = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: miraflores, products: [line] },
      { headers: member.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      'products.0.option_groups.1.options.0.uid': ['Esta opción no pertenece a su grupo.'],
      'products.0.option_groups.3.uid': ['Este grupo de opciones no pertenece al producto.'],
    });
  });

  test('refuses too few and too many options', async () => {
    const tooMany = latteLine();
    tooMany.option_groups[2].options = group(latte, 'Extras')
      .options.slice(0, 4)
      .map((o) => ({ uid: o.uid }));
    const res = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: miraflores, products: [tooMany] },
      { headers: member.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      'products.0.option_groups': ['Elige como máximo 3 opciones de Extras.'],
    });
    const tooFew = { uid: latte.uid, quantity: 1, option_groups: [] };
    const few = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: miraflores, products: [tooFew] },
      { headers: member.auth },
    );
    assert.deepEqual(few.data, {
      'products.0.option_groups': ['Elige al menos 1 opciones de Tamaño.'],
    });
  });

  test('refuses more than the stock and an out-of-stock product', async () => {
    const espresso = (
      await t.get(`/api/v7/places/${miraflores}/products/?search=espresso`)
    ).data.results.find((p: Product) => p.title === 'Espresso');
    const res = await t.post(
      '/api/v5/me/shopping-cart/',
      {
        place: miraflores,
        products: [
          { uid: alfajor.uid, quantity: 3 },
          { uid: espresso.uid, quantity: 1 },
        ],
      },
      { headers: member.auth },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, {
      'products.0.quantity': ['Solo quedan 2 unidades de Alfajor de manjar.'],
      'products.1.quantity': ['The product is out of stock'],
    });
  });

  test('bad bodies are 400s with field errors and change nothing', async () => {
    for (const body of [
      {},
      { place: miraflores },
      { place: miraflores, products: [{ uid: latte.uid, quantity: 0 }] },
      { place: miraflores, products: 'x' },
    ]) {
      const res = await t.post('/api/v5/me/shopping-cart/', body, { headers: member.auth });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(Object.values(res.data).every((v) => Array.isArray(v)));
    }
    const after = await t.get(`/api/v5/me/shopping-cart/?place_uid=${miraflores}`, {
      headers: member.auth,
    });
    assert.equal(after.data.products[0].quantity, 2, 'the stored cart is untouched');
  });

  test('posting an empty list empties the cart', async () => {
    const res = await t.post(
      '/api/v5/me/shopping-cart/',
      { place: miraflores, products: [] },
      { headers: member.auth },
    );
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data.products, []);
  });
});
