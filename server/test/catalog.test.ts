import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { App, Place, Product } from '@store/contract';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let demo: App;
let places: Place[];
const placeNamed = (name: string) => places.find((p) => p.name === name)!;

before(async () => {
  t = await startTestApp();
  demo = await t.appOf('localhost');
  places = (await t.get('/api/v7/places/')).data.results;
});
after(() => t?.close());

const titles = (res: { data: { results: Product[] } }) => res.data.results.map((p) => p.title);

describe('places and areas', () => {
  test('lists the places sorted by name with every Place field', async () => {
    const res = await t.get('/api/v7/places/');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.data.results.map((p: Place) => p.name),
      ['Aurora Barranco', 'Aurora Miraflores', 'Aurora Yanahuara'],
    );
    const miraflores = placeNamed('Aurora Miraflores');
    assert.equal(miraflores.locality.area.name, 'Lima');
    assert.equal(miraflores.locality.name, 'Miraflores');
    assert.deepEqual(miraflores.location, { latitude: -12.1211, longitude: -77.0297 });
    assert.deepEqual(miraflores.timetable.monday, { from: '07:00', to: '21:00' });
    assert.equal(miraflores.company_uid, demo.company.uid);
  });

  test('filters places by area, company and search', async () => {
    const arequipa = demo.countries[0].areas.find((a) => a.name === 'Arequipa')!;
    const byArea = await t.get(`/api/v7/places/?area=${arequipa.uid}`);
    assert.deepEqual(
      byArea.data.results.map((p: Place) => p.name),
      ['Aurora Yanahuara'],
    );
    const bySearch = await t.get('/api/v7/places/?search=BARRANCO');
    assert.deepEqual(
      bySearch.data.results.map((p: Place) => p.name),
      ['Aurora Barranco'],
    );
    const otherCompany = await t.get(
      '/api/v7/places/?company=00000000-0000-0000-0000-000000000000',
    );
    assert.equal(otherCompany.data.count, 0);
  });

  test("never lists another tenant's places", async () => {
    const res = await t.get('/api/v7/places/', { host: 'multi.localhost' });
    assert.ok(res.data.results.every((p: Place) => !p.name.startsWith('Aurora')));
    const unknownHost = await t.get('/api/v7/places/', { host: 'nobody.example' });
    assert.equal(unknownHost.statusCode, 404);
  });

  test('lists areas, and only those with places of a company', async () => {
    const all = await t.get('/api/v7/areas/');
    assert.deepEqual(
      all.data.results.map((a: { name: string }) => a.name),
      ['Lima', 'Arequipa'],
    );
    const withCompany = await t.get(`/api/v7/areas/?company=${demo.company.uid}`);
    assert.equal(withCompany.data.count, 2);
  });

  test('pickup schedule answers half-hour slots inside the timetable', async () => {
    const res = await t.get(
      `/api/v7/places/${placeNamed('Aurora Barranco').uid}/pickup-schedule/?days=7`,
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.slot_minutes, 30);
    assert.ok(res.data.days.length >= 5, 'Barranco opens six days a week');
    for (const day of res.data.days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      assert.notEqual(weekday, 0, 'Barranco is closed on Sundays');
      for (const slot of day.slots) {
        assert.ok(slot.start >= (weekday === 6 ? '09:00' : '08:00'));
        assert.ok(slot.end <= (weekday === 6 ? '21:00' : '20:00'));
      }
    }
  });

  test('pickup schedule of an unknown place, or bad days, is refused', async () => {
    assert.equal((await t.get('/api/v7/places/nope/pickup-schedule/')).statusCode, 404);
    const bad = await t.get(
      `/api/v7/places/${placeNamed('Aurora Barranco').uid}/pickup-schedule/?days=99`,
    );
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.data.days);
  });
});

describe('products of a place', () => {
  test('lists what the place sells with its stock and every Product field', async () => {
    const res = await t.get(`/api/v7/places/${placeNamed('Aurora Miraflores').uid}/products/`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.count, 17);
    const latte = res.data.results.find((p: Product) => p.title === 'Café con leche');
    assert.equal(latte.unit_price, '9.50');
    assert.equal(latte.stock, 40);
    assert.equal(latte.category.name, 'Cafés');
    assert.deepEqual(
      latte.option_groups.map((g: { name: string }) => g.name),
      ['Tamaño', 'Leche', 'Extras'],
    );
    assert.equal(latte.option_groups[0].options[1].price, '2.00');
    for (const field of [
      'uid',
      'id',
      'title',
      'name',
      'short_description',
      'description',
      'image',
      'image_reverse',
      'unit_price',
      'stock',
      'quantity',
      'direct_purchase',
      'is_redeemable',
      'option_groups',
      'brand',
      'sku',
    ]) {
      assert.ok(field in latte, `missing ${field}`);
    }
    assert.equal(res.data.results.find((p: Product) => p.title === 'Espresso').stock, 0);
  });

  test('a place sells only its own assortment', async () => {
    const res = await t.get(
      `/api/v7/places/${placeNamed('Aurora Yanahuara').uid}/products/?search=empanada`,
    );
    assert.deepEqual(titles(res), ['Empanada de carne']);
  });

  test('search ignores accents and case and matches word prefixes', async () => {
    const place = placeNamed('Aurora Miraflores').uid;
    const latte = titles(await t.get(`/api/v7/places/${place}/products/?search=cafe%20con%20lech`));
    assert.equal(latte[0], 'Café con leche', 'a match in the title ranks first');
    assert.deepEqual(
      [...latte].sort(),
      ['Café con leche', 'Cappuccino', 'Frappé de café', 'Mocaccino'],
      'every word must match, in the title or the descriptions',
    );
    assert.deepEqual(titles(await t.get(`/api/v7/places/${place}/products/?search=EMPAN`)).sort(), [
      'Empanada de carne',
      'Empanada de pollo',
    ]);
    assert.deepEqual(
      titles(await t.get(`/api/v7/places/${place}/products/?search=chocolate%20piura`)),
      ['Mocaccino'],
    );
    assert.equal((await t.get(`/api/v7/places/${place}/products/?search=zzzz`)).data.count, 0);
    assert.equal(
      (await t.get(`/api/v7/places/${place}/products/?search=%27%3B%20drop`)).statusCode,
      200,
    );
    assert.equal((await t.get(`/api/v7/places/${place}/products/?search=%26%7C!()`)).data.count, 0);
  });

  test('filters by category (000 is all) and by is_redeemable', async () => {
    const place = placeNamed('Aurora Miraflores').uid;
    const categories = (await t.get(`/api/v7/places/${place}/product-categories/`)).data;
    assert.deepEqual(
      categories.map((c: { name: string }) => c.name),
      ['Cafés', 'Panadería', 'Desayunos', 'Bebidas frías', 'Café en grano', 'Canjes con monedas'],
    );
    const bakery = categories.find((c: { name: string }) => c.name === 'Panadería');
    assert.equal(
      (await t.get(`/api/v7/places/${place}/products/?product_category=${bakery.uid}`)).data.count,
      5,
    );
    assert.equal(
      (await t.get(`/api/v7/places/${place}/products/?product_category=000`)).data.count,
      17,
    );
    assert.deepEqual(
      titles(await t.get(`/api/v7/places/${place}/products/?is_redeemable=true`)).sort(),
      ['Café gratis', 'Taza Aurora'],
    );
    assert.equal(
      (await t.get(`/api/v7/places/${place}/products/?is_redeemable=maybe`)).statusCode,
      400,
    );
  });

  test('pages 24 at a time with next links', async () => {
    const place = placeNamed('Aurora Miraflores').uid;
    const first = await t.get(`/api/v7/places/${place}/products/?page_size=10`);
    assert.equal(first.data.results.length, 10);
    assert.ok(first.data.next.includes('page=2'));
    const second = await t.get(`/api/v7/places/${place}/products/?page_size=10&page=2`);
    assert.equal(second.data.results.length, 7);
    const seen = new Set(
      [...first.data.results, ...second.data.results].map((p: Product) => p.uid),
    );
    assert.equal(seen.size, 17);
  });

  test('one product with its option groups; a product of another tenant or place is not found', async () => {
    const place = placeNamed('Aurora Miraflores').uid;
    const list = (await t.get(`/api/v7/places/${place}/products/?search=desayuno%20aurora`)).data
      .results;
    const detail = await t.get(`/api/v7/places/${place}/products/${list[0].uid}/`);
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.data.option_groups[0].minimum_to_select, 1);
    const yanahuara = placeNamed('Aurora Yanahuara').uid;
    const pollo = (await t.get(`/api/v7/places/${place}/products/?search=pollo`)).data.results[0];
    assert.equal(
      (await t.get(`/api/v7/places/${yanahuara}/products/${pollo.uid}/`)).statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v7/places/${place}/products/${list[0].uid}/`, { host: 'multi.localhost' }))
        .statusCode,
      404,
    );
    assert.equal((await t.get(`/api/v7/places/${place}/products/not-a-uid/`)).statusCode, 404);
  });

  test('an unknown place is a 404', async () => {
    assert.equal(
      (await t.get('/api/v7/places/00000000-0000-0000-0000-000000000000/products/')).statusCode,
      404,
    );
    assert.equal((await t.get('/api/v7/places/x/product-categories/')).statusCode, 404);
  });
});

describe('products of the store', () => {
  test('lists products across places without stock, filtered by category and search', async () => {
    const all = await t.get('/api/v7/products/');
    assert.equal(all.data.count, 17);
    assert.ok(all.data.results.every((p: Product) => p.stock === null));
    const categories = (await t.get(`/api/v7/company/${demo.company.uid}/product-categories/`))
      .data;
    const cold = categories.find((c: { name: string }) => c.name === 'Bebidas frías');
    assert.deepEqual(titles(await t.get(`/api/v7/products/?category=${cold.uid}`)).sort(), [
      'Frappé de café',
      'Limonada de hierbabuena',
    ]);
    assert.deepEqual(titles(await t.get('/api/v7/products/?search=croissant')), [
      'Croissant de mantequilla',
    ]);
  });

  test("another tenant's company categories are not found", async () => {
    assert.equal(
      (
        await t.get(`/api/v7/company/${demo.company.uid}/product-categories/`, {
          host: 'multi.localhost',
        })
      ).statusCode,
      404,
    );
  });
});
