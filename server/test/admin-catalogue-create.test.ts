import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { optionGroups, options, products } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';

/**
 * The back office creating a catalogue (`POST v5/admin/products/`, its option groups,
 * places and prices; `DELETE` archiving sold products; `POST v5/admin/categories/`), each
 * seen by the store, its cart and its checkout. Who may call these routes is in
 * admin.test.ts's matrix; other tenants are in proof-isolation.test.ts.
 */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
let shopper: Record<string, string>;

type Group = {
  uid: string;
  name: string;
  minimum_to_select: number;
  maximum_to_select: number;
  options: { uid: string; name: string; price: string }[];
};
type Product = {
  uid: string;
  title: string;
  price: string;
  tags: string[];
  is_active: boolean;
  subscription_available: boolean;
  option_groups: Group[];
  places: {
    place: { uid: string };
    is_active: boolean;
    stock: number | null;
    price: string | null;
  }[];
  version: number;
};

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'admnew', { stock: 20 });
  owner = await shop.staff('OWNER');
  shopper = (await shop.member()).auth;
});
after(() => t?.close());

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { host: shop.host, headers: owner, ...(body ? { body } : {}) });

/** A pie with a required size and up to two extras; sold at Main at its own price. */
const pie = (title: string) => ({
  title,
  short_description: 'Horneado hoy',
  price: '20.00',
  tags: ['dulce', 'Dulce', 'casero'],
  option_groups: [
    {
      name: 'Tamaño',
      minimum_to_select: 1,
      maximum_to_select: 1,
      options: [
        { name: 'Mediano', price: '0' },
        { name: 'Familiar', price: '8.50' },
      ],
    },
    {
      name: 'Extras',
      minimum_to_select: 0,
      maximum_to_select: 2,
      options: [
        { name: 'Crema', price: '2.00' },
        { name: 'Helado', price: '3.00' },
        { name: 'Fresas', price: '1.50' },
      ],
    },
  ],
  places: [
    { place: shop.place, stock: 7, price: '18.00' },
    { place: shop.other, is_active: false },
  ],
});

async function create(title: string) {
  const res = await admin('POST', '/api/v5/admin/products/', pie(title));
  assert.equal(res.statusCode, 201, res.body);
  return res.data as Product;
}

async function rowCounts() {
  const count = async (table: typeof products | typeof optionGroups | typeof options) => {
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.appId, shop.app.uid));
    return n;
  };
  return {
    products: await count(products),
    groups: await count(optionGroups),
    options: await count(options),
  };
}

async function order(lines: unknown[], expected_total: string) {
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: lines,
      expected_total,
      payment_method: shop.cash,
      billing,
    },
    { host: shop.host, headers: shopper },
  );
}

const line = (p: Product, choose: Record<string, string[]>) => ({
  uid: p.uid,
  quantity: 1,
  option_groups: p.option_groups
    .filter((g) => choose[g.name])
    .map((g) => ({
      uid: g.uid,
      options: choose[g.name].map((name) => ({ uid: g.options.find((o) => o.name === name)!.uid })),
    })),
});

describe('admin catalogue: creating a product', () => {
  test('creates it whole: options, tags, places with their own price; audited; the store sells it with options', async () => {
    const created = await create('Pie de manzana');
    assert.equal(created.price, '20.00');
    assert.deepEqual(created.tags, ['dulce', 'casero']);
    assert.equal(created.subscription_available, true);
    assert.equal(created.version, 1);
    assert.deepEqual(
      created.option_groups.map((g) => [g.name, g.options.map((o) => `${o.name} ${o.price}`)]),
      [
        ['Tamaño', ['Mediano 0.00', 'Familiar 8.50']],
        ['Extras', ['Crema 2.00', 'Helado 3.00', 'Fresas 1.50']],
      ],
    );
    const main = created.places.find((p) => p.place.uid === shop.place)!;
    assert.deepEqual([main.is_active, main.stock, main.price], [true, 7, '18.00']);
    const other = created.places.find((p) => p.place.uid === shop.other)!;
    assert.deepEqual([other.is_active, other.stock, other.price], [false, null, null]);

    // The store lists it at Main at Main's price, with its groups; not at Other (switched off there).
    const listed = await t.get(`/api/v7/places/${shop.place}/products/?page_size=100&_=create`, {
      host: shop.host,
    });
    const shown = listed.data.results.find((p: { uid: string }) => p.uid === created.uid);
    assert.equal(shown.unit_price, '18.00');
    assert.deepEqual(
      shown.option_groups.map((g: { name: string }) => g.name),
      ['Tamaño', 'Extras'],
    );
    const elsewhere = await t.get(`/api/v7/places/${shop.other}/products/?page_size=100&_=c`, {
      host: shop.host,
    });
    assert.ok(!elsewhere.data.results.some((p: { uid: string }) => p.uid === created.uid));
    // The tag is searchable in the back office.
    const tagged = await admin('GET', '/api/v5/admin/products/?q=casero');
    assert.deepEqual(
      tagged.data.results.map((p: Product) => p.uid),
      [created.uid],
    );

    // Checkout prices Main's 18.00 + Familiar 8.50 + Crema 2.00 + Fresas 1.50 = 30.00.
    const bought = await order(
      [line(created, { Tamaño: ['Familiar'], Extras: ['Crema', 'Fresas'] })],
      '30.00',
    );
    assert.equal(bought.statusCode, 201, bought.body);
    // The size group is required: an order without it is refused on its field.
    const noSize = await order([line(created, { Extras: ['Crema'] })], '20.00');
    assert.equal(noSize.statusCode, 400, noSize.body);

    const audit = await admin(
      'GET',
      `/api/v5/admin/audit/?entity=product&entity_uid=${created.uid}`,
    );
    const first = audit.data.results.at(-1);
    assert.equal(first.action, 'create');
    assert.equal(first.before, null);
    assert.equal(first.after.option_groups.length, 2);
  });

  test('a bad option, place or category: 400 on its field and nothing written at all', async () => {
    const before = await rowCounts();
    const badGroup = pie('Pie roto');
    badGroup.option_groups[1].minimum_to_select = 3;
    badGroup.option_groups[1].maximum_to_select = 2;
    badGroup.option_groups[0].options[1].price = '-1';
    const res = await admin('POST', '/api/v5/admin/products/', badGroup);
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(res.data['option_groups.0.options.1.price'], res.body);
    const minAboveMax = pie('Pie roto');
    minAboveMax.option_groups[1].minimum_to_select = 3;
    minAboveMax.option_groups[1].maximum_to_select = 2;
    const min = await admin('POST', '/api/v5/admin/products/', minAboveMax);
    assert.equal(min.statusCode, 400, min.body);
    assert.deepEqual(
      min.errorCodes?.codes?.['option_groups.1.minimum_to_select']?.map((c) => c.code),
      ['admin.option_min_above_max'],
    );
    assert.match(min.data['option_groups.1.minimum_to_select'][0], /mínimo/);

    const empty = pie('Pie vacío');
    empty.option_groups[0].options = [];
    const noOptions = await admin('POST', '/api/v5/admin/products/', empty);
    assert.equal(noOptions.statusCode, 400, noOptions.body);
    assert.ok(noOptions.data['option_groups.0.options'], noOptions.body);

    // A place of nobody and a repeated place: found after the schema passed, still nothing written.
    const places = pie('Pie sin local');
    places.places = [
      { place: '00000000-0000-4000-8000-000000000000', stock: 1, price: null as never },
      { place: shop.place, stock: 1, price: '1.00' },
      { place: shop.place, stock: 2, price: '1.00' },
    ];
    const place = await admin('POST', '/api/v5/admin/products/', places);
    assert.equal(place.statusCode, 400, place.body);
    assert.ok(place.data['places.0.place'] && place.data['places.2.place'], place.body);
    const category = await admin('POST', '/api/v5/admin/products/', {
      ...pie('Pie sin categoría'),
      category: '00000000-0000-4000-8000-000000000000',
    });
    assert.equal(category.statusCode, 400, category.body);
    assert.ok(category.data.category, category.body);
    const redeemable = await admin('POST', '/api/v5/admin/products/', {
      ...pie('Pie canjeable'),
      is_redeemable: true,
    });
    assert.equal(redeemable.statusCode, 400, redeemable.body);
    assert.ok(redeemable.data.coin_price, redeemable.body);
    const unknown = await admin('POST', '/api/v5/admin/products/', { title: 'X', colour: 'red' });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.ok(unknown.data.price, unknown.body);

    assert.deepEqual(await rowCounts(), before);
  });
});

describe('admin catalogue: editing option groups', () => {
  test('keeps the uids sent, adds new ones, removes the rest, reorders; a cart choice stays valid', async () => {
    const p = await create('Pie de fresa');
    const [size, extras] = p.option_groups;
    const res = await admin('PATCH', `/api/v5/admin/products/${p.uid}/`, {
      version: p.version,
      option_groups: [
        {
          uid: extras.uid,
          name: 'Adicionales',
          minimum_to_select: 0,
          maximum_to_select: 1,
          options: [
            { uid: extras.options[2].uid, name: 'Fresas', price: '2.00' },
            { name: 'Chocolate', price: '2.50' },
          ],
        },
        {
          uid: size.uid,
          name: 'Tamaño',
          minimum_to_select: 1,
          maximum_to_select: 1,
          options: size.options.map((o) => ({ uid: o.uid, name: o.name, price: o.price })),
        },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    const edited = res.data as Product;
    assert.equal(edited.version, p.version + 1);
    assert.deepEqual(
      edited.option_groups.map((g) => g.uid),
      [extras.uid, size.uid],
    );
    assert.deepEqual(
      edited.option_groups[0].options.map((o) => `${o.name} ${o.price}`),
      ['Fresas 2.00', 'Chocolate 2.50'],
    );
    assert.equal(edited.option_groups[0].options[0].uid, extras.options[2].uid);
    // The removed options are gone from the database, not just from the answer.
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(options)
      .where(eq(options.groupUid, extras.uid));
    assert.equal(n, 2);
    // 18.00 at Main + Mediano 0 + Fresas 2.00, through the kept uids.
    const bought = await order(
      [line(edited, { Tamaño: ['Mediano'], Adicionales: ['Fresas'] })],
      '20.00',
    );
    assert.equal(bought.statusCode, 201, bought.body);

    const audit = await admin('GET', `/api/v5/admin/audit/?entity=product&entity_uid=${p.uid}`);
    const last = audit.data.results[0];
    assert.equal(last.before.option_groups[0].name, 'Tamaño');
    assert.equal(last.after.option_groups[0].name, 'Adicionales');
  });

  test("another product's option uid, or a stale version: refused and nothing written", async () => {
    const p = await create('Pie de lúcuma');
    const other = await create('Pie de piña');
    const foreign = await admin('PATCH', `/api/v5/admin/products/${p.uid}/`, {
      version: p.version,
      option_groups: [
        {
          uid: other.option_groups[0].uid,
          name: 'Robado',
          minimum_to_select: 0,
          maximum_to_select: 1,
          options: [{ uid: p.option_groups[0].options[0].uid, name: 'X', price: '1.00' }],
        },
      ],
    });
    assert.equal(foreign.statusCode, 400, foreign.body);
    assert.ok(foreign.data['option_groups.0.uid'], foreign.body);
    assert.ok(foreign.data['option_groups.0.options.0.uid'], foreign.body);
    const unchanged = (await admin('GET', `/api/v5/admin/products/${p.uid}/`)).data;
    assert.deepEqual(unchanged, p);
    assert.deepEqual((await admin('GET', `/api/v5/admin/products/${other.uid}/`)).data, other);

    // Two owners saving option groups from the same version: one wins, the other gets 409.
    const edit = (name: string) =>
      admin('PATCH', `/api/v5/admin/products/${p.uid}/`, {
        version: p.version,
        option_groups: [
          { name, minimum_to_select: 0, maximum_to_select: 1, options: [{ name, price: '1' }] },
        ],
      });
    const [a, b] = await Promise.all([edit('Salsa A'), edit('Salsa B')]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 409], `${a.body} ${b.body}`);
    const won = a.statusCode === 200 ? a : b;
    const lost = a.statusCode === 409 ? a : b;
    assert.equal(lost.errorCodes?.code, 'admin.version_conflict');
    assert.deepEqual(lost.data.current.option_groups, won.data.option_groups);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(optionGroups)
      .where(eq(optionGroups.productUid, p.uid));
    assert.equal(n, 1);
  });
});

describe('admin catalogue: per-place price and stock', () => {
  test("a place's price change while a shopper checks out: the cart priced before gets 409 price-changed", async () => {
    const p = await create('Pie de limón');
    const chosen = line(p, { Tamaño: ['Mediano'] });
    const res = await admin('PATCH', `/api/v5/admin/products/${p.uid}/places/${shop.place}/`, {
      price: '19.00',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(
      res.data.places.find((r: Product['places'][0]) => r.place.uid === shop.place).price,
      '19.00',
    );
    const stale = await order([chosen], '18.00');
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.errorCodes?.code, 'orders.price_changed');
    assert.equal((await order([chosen], '19.00')).statusCode, 201);
    // Back to the product's own price.
    const reset = await admin('PATCH', `/api/v5/admin/products/${p.uid}/places/${shop.place}/`, {
      price: null,
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await order([chosen], '20.00')).statusCode, 201);
    const bad = await admin('PATCH', `/api/v5/admin/products/${p.uid}/places/${shop.place}/`, {
      price: 'gratis',
    });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.price, bad.body);
  });

  test('a place that does not list the product yet gets it', async () => {
    const res = await admin('POST', '/api/v5/admin/products/', {
      title: 'Pie solo',
      price: '9.00',
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.data.places, []);
    const added = await admin(
      'PATCH',
      `/api/v5/admin/products/${res.data.uid}/places/${shop.other}/`,
      { stock: 3 },
    );
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(
      added.data.places.map((r: Product['places'][0]) => [r.place.uid, r.is_active, r.stock]),
      [[shop.other, true, 3]],
    );
    const listed = await t.get(`/api/v7/places/${shop.other}/products/?page_size=100&_=solo`, {
      host: shop.host,
    });
    assert.ok(listed.data.results.some((p: { title: string }) => p.title === 'Pie solo'));
  });
});

describe('admin catalogue: removing a product', () => {
  test('never sold: deleted with its options; sold: switched off and kept; stale version: 409', async () => {
    const fresh = await create('Pie de prueba');
    const stale = await admin('DELETE', `/api/v5/admin/products/${fresh.uid}/?version=9`);
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.data.current.uid, fresh.uid);
    const gone = await admin('DELETE', `/api/v5/admin/products/${fresh.uid}/?version=1`);
    assert.equal(gone.statusCode, 200, gone.body);
    assert.equal(gone.data.outcome, 'deleted');
    assert.equal((await admin('GET', `/api/v5/admin/products/${fresh.uid}/`)).statusCode, 404);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(optionGroups)
      .where(eq(optionGroups.productUid, fresh.uid));
    assert.equal(n, 0);

    const sold = await create('Pie vendido');
    const bought = await order([line(sold, { Tamaño: ['Mediano'] })], '18.00');
    assert.equal(bought.statusCode, 201, bought.body);
    const archived = await admin('DELETE', `/api/v5/admin/products/${sold.uid}/?version=1`);
    assert.equal(archived.statusCode, 200, archived.body);
    assert.equal(archived.data.outcome, 'archived');
    const kept = (await admin('GET', `/api/v5/admin/products/${sold.uid}/`)).data as Product;
    assert.equal(kept.is_active, false);
    assert.equal(kept.version, 2);
    const listed = await t.get(`/api/v7/places/${shop.place}/products/?page_size=100&_=arch`, {
      host: shop.host,
    });
    assert.ok(!listed.data.results.some((p: { uid: string }) => p.uid === sold.uid));
    // The order still shows what was bought.
    const mine = await t.get(`/api/v5/me/orders/${bought.data.uid}/`, {
      host: shop.host,
      headers: shopper,
    });
    assert.equal(mine.statusCode, 200, mine.body);

    const audit = await admin('GET', `/api/v5/admin/audit/?entity=product&entity_uid=${fresh.uid}`);
    assert.equal(audit.data.results[0].action, 'delete');
    assert.equal(audit.data.results[0].after, null);
    const bad = await admin('DELETE', `/api/v5/admin/products/${sold.uid}/?version=x`);
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.version, bad.body);
  });
});

describe('admin catalogue: categories', () => {
  test('creates one with an image, last in order; switching it off takes it off the chip bar', async () => {
    const res = await admin('POST', '/api/v5/admin/categories/', {
      name: 'Pies',
      image: '/media/pies.webp',
    });
    assert.equal(res.statusCode, 201, res.body);
    const pies = res.data;
    assert.deepEqual(
      [pies.name, pies.image, pies.is_active, pies.version],
      ['Pies', '/media/pies.webp', true, 1],
    );
    const second = await admin('POST', '/api/v5/admin/categories/', { name: 'Tartas' });
    assert.equal(second.data.position, pies.position + 1);

    const p = await create('Pie de pecanas');
    const filed = await admin('PATCH', `/api/v5/admin/products/${p.uid}/`, {
      category: pies.uid,
      version: p.version,
    });
    assert.equal(filed.statusCode, 200, filed.body);
    const chips = async (bust: string) =>
      (
        await t.get(`/api/v7/places/${shop.place}/product-categories/?_=${bust}`, {
          host: shop.host,
        })
      ).data as { uid: string; image: string | null }[];
    const shown = (await chips('on')).find((c) => c.uid === pies.uid);
    assert.equal(shown?.image, '/media/pies.webp');

    const off = await admin('PATCH', `/api/v5/admin/categories/${pies.uid}/`, {
      is_active: false,
      version: pies.version,
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.data.is_active, false);
    assert.ok(!(await chips('off')).some((c) => c.uid === pies.uid));
    // Its products stay on sale.
    const listed = await t.get(`/api/v7/places/${shop.place}/products/?page_size=100&_=off`, {
      host: shop.host,
    });
    assert.ok(listed.data.results.some((x: { uid: string }) => x.uid === p.uid));

    const audit = await admin(
      'GET',
      `/api/v5/admin/audit/?entity=product_category&entity_uid=${pies.uid}`,
    );
    assert.deepEqual(
      audit.data.results.map((l: { action: string }) => l.action),
      ['update', 'create'],
    );
    const bad = await admin('POST', '/api/v5/admin/categories/', {
      name: '',
      image: 'javascript:alert(1)',
    });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.ok(bad.data.name && bad.data.image, bad.body);
  });
});

describe('admin catalogue: subscription availability', () => {
  test('a product the owner keeps out of subscriptions is refused on its line; allowed again, accepted', async () => {
    const p = await create('Pie del día');
    const subscribe = () =>
      t.post(
        `/api/v5/places/${shop.place}/subscriptions/`,
        {
          products: [line(p, { Tamaño: ['Mediano'] })],
          weekdays: ['monday'],
          time_slot: { start: '10:00', end: '10:30' },
          payment_method: shop.cash,
        },
        { host: shop.host, headers: shopper },
      );
    const off = await admin('PATCH', `/api/v5/admin/products/${p.uid}/`, {
      subscription_available: false,
      version: p.version,
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.data.subscription_available, false);
    const refused = await subscribe();
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.data['products.0.uid'], [
      'Pie del día no está disponible para suscripción.',
    ]);
    const on = await admin('PATCH', `/api/v5/admin/products/${p.uid}/`, {
      subscription_available: true,
      version: off.data.version,
    });
    assert.equal(on.statusCode, 200, on.body);
    const accepted = await subscribe();
    assert.equal(accepted.statusCode, 201, accepted.body);
  });
});
