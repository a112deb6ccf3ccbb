// test-process: own
// Its plan checks need the list's statement prepared, and prepared statement names are
// process-wide and capped (src/db/client.ts): in a shared process other files could reach the cap.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from '@store/contract';
import { sql } from 'drizzle-orm';
import { genericPlans } from '../src/db/client';
import { importTenant } from '../src/tenants/importer';
import { startTestApp, type TestApp } from './support/test-app';

// A place's list and search run on place_products alone (copied flags and
// search vector) and read products only for the page: these tests hold the
// answers to what a plain join would give, over many pages.

const host = 'paging.test';
let t: TestApp;
let placeUid: string;
let otherPlaceUid: string;

const nouns = ['Café', 'Empanada', 'Alfajor', 'Jugo'];
const fillings = ['con leche', 'de pollo', 'de manjar'];

function tenantFile(renamed: Record<string, string> = {}, dropped: number[] = []) {
  return {
    app: { key: 'paging', name: 'Paging', domain: host, main_company: 'main' },
    companies: [{ key: 'main', name: 'Main' }],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      { key: 'a', company: 'main', area: 'lima', name: 'A', address: 'Av. A 1' },
      { key: 'b', company: 'main', area: 'lima', name: 'B', address: 'Av. B 1' },
    ],
    catalog: {
      categories: [
        { key: 'odd', company: 'main', name: 'Impares' },
        { key: 'even', company: 'main', name: 'Pares' },
      ],
      // 60 products; every 10th is inactive and every 7th is sold only at place B.
      products: Array.from({ length: 60 }, (_, i) => ({
        key: `p${i}`,
        company: 'main',
        category: i % 2 ? 'odd' : 'even',
        title:
          renamed[`p${i}`] ?? `${nouns[i % nouns.length]} ${fillings[i % fillings.length]} ${i}`,
        short_description: i % 5 === 0 ? 'Lleva café de Chanchamayo' : '',
        price: 10,
        is_active: i % 10 !== 9 && !dropped.includes(i),
        is_redeemable: i % 6 === 0,
        places: i % 7 === 0 ? { b: 5 } : { a: i, b: 1 },
      })),
    },
  };
}

before(async () => {
  t = await startTestApp({ seedDemo: false });
  await importTenant(t.db, tenantFile());
  const places = (await t.get('/api/v7/places/', { host })).data.results as {
    uid: string;
    name: string;
  }[];
  placeUid = places.find((p) => p.name === 'A')!.uid;
  otherPlaceUid = places.find((p) => p.name === 'B')!.uid;
});
after(() => t?.close());

/** Every page of a list, following `next` as a client does. */
async function allPages(query: string, pageSize: number) {
  const seen: Product[] = [];
  let count = -1;
  for (let page = 1; page < 50; page++) {
    const res = await t.get(
      `/api/v7/places/${placeUid}/products/?page_size=${pageSize}&page=${page}${query}`,
      { host },
    );
    assert.equal(res.statusCode, 200, JSON.stringify(res.data));
    count = res.data.count;
    seen.push(...res.data.results);
    if (!res.data.next) break;
  }
  return { count, seen };
}

describe('a place’s products over many pages', () => {
  test('pages never repeat or skip a product, in the listing order, with an exact count', async () => {
    const { count, seen } = await allPages('', 7);
    // Products 0..59 minus the inactive (9, 19, ...) and those only at B (0, 7, 14, ...).
    const expected = Array.from({ length: 60 }, (_, i) => i).filter(
      (i) => i % 10 !== 9 && i % 7 !== 0,
    );
    assert.equal(count, expected.length);
    assert.deepEqual(
      seen.map((p) => Number(p.title.split(' ').at(-1))),
      expected,
    );
    assert.deepEqual(
      seen.map((p) => p.stock),
      expected,
      'the stock is the place’s own',
    );
    assert.equal(
      (
        await t.get(
          `/api/v7/places/${placeUid}/products/?page_size=7&page=${Math.ceil(count / 7) + 1}`,
          { host },
        )
      ).statusCode,
      404,
    );
  });

  test('a category and the redeemable flag filter every page and the count', async () => {
    const categories = (await t.get(`/api/v7/places/${placeUid}/product-categories/`, { host }))
      .data as { uid: string; name: string }[];
    const odd = categories.find((c) => c.name === 'Impares')!.uid;
    const { count, seen } = await allPages(`&product_category=${odd}`, 5);
    const expected = Array.from({ length: 60 }, (_, i) => i).filter(
      (i) => i % 10 !== 9 && i % 7 !== 0 && i % 2 === 1,
    );
    assert.equal(count, expected.length);
    assert.deepEqual(
      seen.map((p) => Number(p.title.split(' ').at(-1))),
      expected,
    );
    assert.ok(seen.every((p) => p.category?.name === 'Impares'));
    const redeemable = await allPages('&is_redeemable=true', 5);
    assert.deepEqual(
      redeemable.seen.map((p) => Number(p.title.split(' ').at(-1))),
      Array.from({ length: 60 }, (_, i) => i).filter(
        (i) => i % 10 !== 9 && i % 7 !== 0 && i % 6 === 0,
      ),
    );
    assert.ok(redeemable.seen.every((p) => p.is_redeemable));
  });

  test('a broad search ranks title matches first, then keeps the listing order, over every page', async () => {
    const { count, seen } = await allPages('&search=cafe', 4);
    const titled = Array.from({ length: 60 }, (_, i) => i).filter(
      (i) => i % 10 !== 9 && i % 7 !== 0 && i % 4 === 0,
    );
    const described = Array.from({ length: 60 }, (_, i) => i).filter(
      (i) => i % 10 !== 9 && i % 7 !== 0 && i % 4 !== 0 && i % 5 === 0,
    );
    assert.equal(count, titled.length + described.length);
    const numbers = seen.map((p) => Number(p.title.split(' ').at(-1)));
    assert.deepEqual(
      numbers.slice(0, titled.length).sort((a, b) => a - b),
      titled,
      'a match in the title ranks first',
    );
    assert.deepEqual(
      numbers.slice(titled.length).sort((a, b) => a - b),
      described,
    );
    assert.equal(new Set(numbers).size, numbers.length, 'no product twice');
    const past = await t.get(
      `/api/v7/places/${placeUid}/products/?search=cafe&page_size=4&page=${Math.ceil(count / 4) + 1}`,
      { host },
    );
    assert.equal(past.statusCode, 404);
  });

  test('a search answers only the place’s own active products', async () => {
    const at = async (place: string, search: string) =>
      (
        await t.get(`/api/v7/places/${place}/products/?search=${search}&page_size=100`, { host })
      ).data.results.map((p: Product) => p.title) as string[];
    assert.deepEqual(await at(placeUid, 'alfajor%2014'), [], 'product 14 is sold only at B');
    assert.deepEqual(await at(otherPlaceUid, 'alfajor%2014'), ['Alfajor de manjar 14']);
    assert.deepEqual(await at(placeUid, 'empanada%20manjar%2029'), [], 'product 29 is inactive');
    assert.deepEqual(await at(otherPlaceUid, 'empanada%20manjar%2029'), []);
  });

  test('a product renamed by a new import is found by its new title only', async () => {
    await importTenant(t.db, tenantFile({ p5: 'Pionono de lúcuma 5' }));
    const search = async (text: string) =>
      (
        await t.get(`/api/v7/places/${placeUid}/products/?search=${text}`, { host })
      ).data.results.map((p: Product) => p.title) as string[];
    assert.deepEqual(await search('pionono%20lucuma'), ['Pionono de lúcuma 5']);
    assert.ok(
      !(await search('empanada%20manjar%205')).includes('Empanada de manjar 5'),
      'the old title no longer matches',
    );
    assert.ok((await search('empanada%20manjar%205')).includes('Empanada de manjar 53'));
    assert.ok(
      (await search('cafe')).includes('Pionono de lúcuma 5'),
      'its description still matches',
    );
    await importTenant(t.db, tenantFile());
  });

  test('an import that deactivates products or stops selling them at a place changes the counts', async () => {
    const categories = (await t.get(`/api/v7/places/${placeUid}/product-categories/`, { host }))
      .data as { uid: string; name: string }[];
    const odd = categories.find((c) => c.name === 'Impares')!.uid;
    const countOf = async (query: string) =>
      (await t.get(`/api/v7/places/${placeUid}/products/?page_size=5${query}`, { host })).data
        .count as number;
    const before = {
      all: await countOf(''),
      odd: await countOf(`&product_category=${odd}`),
      redeemable: await countOf('&is_redeemable=true'),
    };
    // 1 (odd), 3 (odd) and 6 (even, redeemable) stop being sold.
    await importTenant(t.db, tenantFile({}, [1, 3, 6]));
    assert.deepEqual(
      {
        all: await countOf(''),
        odd: await countOf(`&product_category=${odd}`),
        redeemable: await countOf('&is_redeemable=true'),
      },
      { all: before.all - 3, odd: before.odd - 2, redeemable: before.redeemable - 1 },
    );
    await importTenant(t.db, tenantFile());
    assert.equal(await countOf(''), before.all);
  });

  test("the store's first page keeps one plan, on PGlite too, instead of being planned each time", async (ctx) => {
    if (t.kind === 'postgres' && genericPlans(t.db) === t.db)
      return ctx.skip('Citus: every statement plans as the database chooses');
    // PGlite is one session; on PostgreSQL lists run in the generic-plan pool's.
    const before = await listPlans('%limit 24 offset 0%');
    for (let i = 0; i < 10; i++) assert.equal((await productsAt('')).statusCode, 200);
    const after = await listPlans('%limit 24 offset 0%');
    // PostgreSQL may plan a statement for its values five times before it keeps a generic plan.
    assert.ok(after.custom - before.custom <= 5, JSON.stringify({ before, after }));
    assert.ok(after.generic - before.generic >= 5, JSON.stringify({ before, after }));
  });

  test('on PostgreSQL a list keeps one generic plan instead of being planned on every request', async (ctx) => {
    if (genericPlans(t.db) === t.db)
      return ctx.skip('PGlite and Citus: every statement plans as the database chooses');
    // Requests one after another: the generic-plan pool holds one session, the one asked here.
    const before = await listPlans();
    const pages = 6;
    for (let page = 1; page <= pages; page++)
      assert.equal((await productsAt(`?page_size=7&page=${page}`)).statusCode, 200);
    assert.deepEqual(await listPlans(), { generic: before.generic + pages, custom: 0 });
  });
});

/** Generic and custom plans so far of the product list statements whose text is also `like`. */
function listPlans(like = '%') {
  return genericPlans(t.db).transaction(async (tx) => {
    const found = await tx.execute(
      sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
          from pg_prepared_statements
          where statement like '%"place_products"%' and statement like ${like}
            and statement not like '%pg_prepared_statements%'`,
    );
    return (found as unknown as { rows: { generic: number; custom: number }[] }).rows[0];
  });
}

function productsAt(query: string) {
  return t.get(`/api/v7/places/${placeUid}/products/${query}`, { host });
}
