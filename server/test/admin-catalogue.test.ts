import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';

/**
 * The back office's catalogue (`v5/admin/products/...`): the product list with search,
 * filters and sorting, the versioned and audited product edit, and a product's
 * availability and stock per place, each seen by the store and its checkout.
 * Who may call these routes is in admin.test.ts's matrix.
 */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
let shopper: Record<string, string>;
type Product = {
  uid: string;
  title: string;
  price: string;
  version: number;
  places: { place: { uid: string }; is_active: boolean; stock: number | null }[];
};

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'admcat', { stock: 20 });
  owner = await shop.staff('OWNER');
  shopper = (await shop.member()).auth;
});
after(() => t?.close());

const admin = (method: 'GET' | 'PATCH', url: string, body?: unknown) =>
  t.call(method, url, { host: shop.host, headers: owner, ...(body ? { body } : {}) });

async function product(uid: string): Promise<Product> {
  const res = await admin('GET', `/api/v5/admin/products/${uid}/`);
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}

/** What the store lists at a place, read past the micro-cache with a query of its own. */
async function storeTitles(place: string, bust: string) {
  const res = await t.get(`/api/v7/places/${place}/products/?page_size=100&_=${bust}`, {
    host: shop.host,
  });
  assert.equal(res.statusCode, 200, res.body);
  return (res.data.results as { title: string; price: string }[]).map((p) => p.title);
}

describe('admin catalogue: the product list', () => {
  test('searches without accents, filters and sorts, each product with its places', async () => {
    const all = await admin('GET', '/api/v5/admin/products/');
    assert.equal(all.statusCode, 200, all.body);
    assert.equal(all.data.count, 2);
    const cake = all.data.results.find((p: Product) => p.title === 'Torta');
    assert.equal(cake.price, '10.00');
    assert.equal(cake.version, 1);
    assert.deepEqual(
      cake.places.map((p: Product['places'][0]) => p.place.uid).sort(),
      [shop.place, shop.other].sort(),
    );
    assert.equal(cake.places[0].stock, 20);

    const cafe = await admin('GET', '/api/v5/admin/products/?q=CAFE');
    assert.deepEqual(
      cafe.data.results.map((p: Product) => p.title),
      ['Café'],
    );
    const cheap = await admin('GET', '/api/v5/admin/products/?ordering=price');
    assert.deepEqual(
      cheap.data.results.map((p: Product) => p.title),
      ['Café', 'Torta'],
    );
    const dear = await admin('GET', '/api/v5/admin/products/?ordering=-price');
    assert.deepEqual(
      dear.data.results.map((p: Product) => p.title),
      ['Torta', 'Café'],
    );
    // Coffee is not counted (null stock): the product with stock sorts last ascending.
    const byStock = await admin('GET', '/api/v5/admin/products/?ordering=-stock');
    assert.deepEqual(
      byStock.data.results.map((p: Product) => p.title),
      ['Torta', 'Café'],
    );
    const inactive = await admin('GET', '/api/v5/admin/products/?active=false');
    assert.equal(inactive.data.count, 0);
    const paged = await admin('GET', '/api/v5/admin/products/?page_size=1&page=2');
    assert.equal(paged.data.count, 2);
    assert.equal(paged.data.results.length, 1);
    assert.equal(paged.data.next, null);
  });

  test('bad filters are 400 with field errors', async () => {
    const res = await admin(
      'GET',
      '/api/v5/admin/products/?place=nowhere&ordering=colour&active=maybe',
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(res.data.ordering && res.data.active, res.body);
    const place = await admin('GET', '/api/v5/admin/products/?place=nowhere');
    assert.equal(place.statusCode, 400, place.body);
    assert.ok(place.data.place, place.body);
  });
});

describe('admin catalogue: editing a product', () => {
  test('a price change reaches checkout: the cart priced before gets 409 price-changed', async () => {
    const cake = await product(shop.cake.uid);
    const res = await admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      price: '11.00',
      version: cake.version,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.price, '11.00');
    assert.equal(res.data.version, cake.version + 1);

    const order = (expected_total: string) =>
      firstSlot(t, shop).then((pickup) =>
        t.post(
          `/api/v5/places/${shop.place}/orders/`,
          {
            shipping_type: 'pickup',
            pickup,
            products: [shop.cakeLine(1)],
            expected_total,
            payment_method: shop.cash,
            billing,
          },
          { host: shop.host, headers: shopper },
        ),
      );
    const stale = await order('10.00');
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.errorCodes?.code, 'orders.price_changed');
    const fresh = await order('11.00');
    assert.equal(fresh.statusCode, 201, fresh.body);
  });

  test('renames, describes and re-searches; audited; the store shows it', async () => {
    const cake = await product(shop.cake.uid);
    const res = await admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      title: 'Torta de lúcuma',
      short_description: 'Con manjar',
      image: 'https://img.example.com/lucuma.jpg',
      version: cake.version,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.title, 'Torta de lúcuma');
    assert.equal(res.data.image, 'https://img.example.com/lucuma.jpg');
    const found = await admin('GET', '/api/v5/admin/products/?q=lucuma');
    assert.deepEqual(
      found.data.results.map((p: Product) => p.uid),
      [cake.uid],
    );
    const byDescription = await admin('GET', '/api/v5/admin/products/?q=manjar');
    assert.equal(byDescription.data.count, 1);
    assert.ok((await storeTitles(shop.place, 'rename')).includes('Torta de lúcuma'));
    // The store's own search reads the vector copied onto the place rows.
    const search = await t.get(`/api/v7/places/${shop.place}/products/?search=lucuma`, {
      host: shop.host,
    });
    assert.equal(search.statusCode, 200, search.body);
    assert.deepEqual(
      search.data.results.map((p: { title: string }) => p.title),
      ['Torta de lúcuma'],
    );

    const audit = await admin('GET', `/api/v5/admin/audit/?entity=product&entity_uid=${cake.uid}`);
    assert.equal(audit.statusCode, 200, audit.body);
    const line = audit.data.results[0];
    assert.equal(line.action, 'update');
    assert.equal(line.before.title, 'Torta');
    assert.equal(line.after.title, 'Torta de lúcuma');
  });

  test('two owners editing the same version: the second gets 409 with the current product', async () => {
    const cake = await product(shop.cake.uid);
    const [a, b] = await Promise.all([
      admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
        title: 'Torta A',
        version: cake.version,
      }),
      admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
        title: 'Torta B',
        version: cake.version,
      }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    assert.deepEqual(codes, [200, 409], `${a.body} ${b.body}`);
    const lost = a.statusCode === 409 ? a : b;
    const won = a.statusCode === 200 ? a : b;
    assert.equal(lost.errorCodes?.code, 'admin.version_conflict');
    assert.equal(lost.data.current.title, won.data.title);
    assert.equal(lost.data.current.version, cake.version + 1);
    assert.equal((await product(cake.uid)).title, won.data.title);
  });

  test('bad input: 400 with field errors and nothing written; unknown product 404', async () => {
    const cake = await product(shop.cake.uid);
    const bad = await admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      title: '',
      price: '-3',
      image: 'javascript:alert(1)',
      coin_price: 0,
      version: cake.version,
    });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.title && bad.data.price && bad.data.image && bad.data.coin_price, bad.body);
    const redeemable = await admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      is_redeemable: true,
      version: cake.version,
    });
    assert.equal(redeemable.statusCode, 400, redeemable.body);
    assert.ok(redeemable.data.coin_price, redeemable.body);
    const category = await admin('PATCH', `/api/v5/admin/products/${cake.uid}/`, {
      category: '00000000-0000-4000-8000-000000000000',
      version: cake.version,
    });
    assert.equal(category.statusCode, 400, category.body);
    assert.ok(category.data.category, category.body);
    assert.deepEqual(await product(cake.uid), cake);
    const missing = await admin(
      'PATCH',
      '/api/v5/admin/products/00000000-0000-4000-8000-000000000000/',
      {
        title: 'X',
        version: 1,
      },
    );
    assert.equal(missing.statusCode, 404, missing.body);
  });
});

describe('admin catalogue: a product at each place', () => {
  test('switching it off at one place takes it off that store only; stock is set and audited', async () => {
    const coffee = shop.coffee.uid;
    const off = await admin('PATCH', `/api/v5/admin/products/${coffee}/places/${shop.other}/`, {
      is_active: false,
      stock: 4,
    });
    assert.equal(off.statusCode, 200, off.body);
    const there = off.data.places.find((p: Product['places'][0]) => p.place.uid === shop.other);
    assert.deepEqual([there.is_active, there.stock], [false, 4]);
    assert.ok(!(await storeTitles(shop.other, 'off')).includes('Café'));
    assert.ok((await storeTitles(shop.place, 'off')).includes('Café'));
    const listed = await admin('GET', `/api/v5/admin/products/?place=${shop.other}&q=cafe`);
    assert.equal(listed.data.count, 1, 'the back office still lists it, switched off');

    const on = await admin('PATCH', `/api/v5/admin/products/${coffee}/places/${shop.other}/`, {
      is_active: true,
    });
    assert.equal(on.statusCode, 200, on.body);
    assert.ok((await storeTitles(shop.other, 'on')).includes('Café'));

    const audit = await admin(
      'GET',
      `/api/v5/admin/audit/?entity=place_product&entity_uid=${coffee}`,
    );
    assert.equal(audit.data.count, 2, audit.body);
    assert.deepEqual(audit.data.results[1].after.stock, 4);
  });

  test('bad stock is a 400; a place of nobody or unknown is a 404', async () => {
    const url = `/api/v5/admin/products/${shop.coffee.uid}/places/${shop.place}/`;
    const bad = await admin('PATCH', url, { stock: -1 });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.stock, bad.body);
    const nowhere = await admin(
      'PATCH',
      `/api/v5/admin/products/${shop.coffee.uid}/places/00000000-0000-4000-8000-000000000000/`,
      { stock: 1 },
    );
    assert.equal(nowhere.statusCode, 404, nowhere.body);
  });
});
