import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { testClock } from './support/clock';
import { startTestApp, type TestApp } from './support/test-app';
import { makeShop, STAFF_PASSWORD, type Shop } from './support/orders';

/**
 * Issue 36, row 7: the owner's "Activo en la tienda" off hides the product from every list of
 * the store at once: each place's list (and its count and search), the company's list, the
 * product's own answer, with the public micro-cache on (a long lifetime, so only forgetting
 * can explain a fresh answer) and answers browsers must revalidate.
 */
let t: TestApp;
let shop: Shop;
let owner: Record<string, string>;
const clock = testClock();

before(async () => {
  t = await startTestApp({ publicCacheSeconds: 600, clock: clock.now });
  shop = await makeShop(t, 'hiding', { staff: true });
  const login = await t.post(
    '/api/v5/login/',
    { email: 'owner@hiding.test', password: STAFF_PASSWORD },
    { host: shop.host },
  );
  assert.equal(login.statusCode, 200, login.body);
  owner = { authorization: `Token ${login.data.token}` };
});
after(() => t?.close());

const store = (url: string) => t.get(url, { host: shop.host });
const titles = (res: { data: { results: { title: string }[] } }) =>
  res.data.results.map((p) => p.title).sort();

async function setActive(isActive: boolean) {
  const read = await t.get(`/api/v5/admin/products/${shop.cake.uid}/`, {
    host: shop.host,
    headers: owner,
  });
  assert.equal(read.statusCode, 200, read.body);
  const saved = await t.call('PATCH', `/api/v5/admin/products/${shop.cake.uid}/`, {
    host: shop.host,
    headers: owner,
    body: { is_active: isActive, version: read.data.version },
  });
  assert.equal(saved.statusCode, 200, saved.body);
}

test('a hidden product leaves every list of the store at once, the micro-cache included', async () => {
  const lists = [
    `/api/v7/places/${shop.place}/products/`,
    `/api/v7/places/${shop.place}/products/?search=torta`,
    `/api/v7/places/${shop.other}/products/?page_size=5`,
    '/api/v7/products/',
  ];
  for (const url of lists) {
    assert.ok(titles(await store(url)).includes('Torta'), url);
    const again = await store(url);
    assert.equal(again.headers['x-cache'], 'hit', url);
    assert.equal(again.headers['cache-control'], 'public, no-cache', url);
  }
  const detail = `/api/v7/places/${shop.place}/products/${shop.cake.uid}/`;
  assert.equal((await store(detail)).statusCode, 200);
  const before = (await store(lists[0])).data.count;

  await setActive(false);
  for (const url of lists) {
    const now = await store(url);
    assert.equal(now.headers['x-cache'], 'miss', url);
    assert.ok(!titles(now).includes('Torta'), `${url}: ${titles(now)}`);
  }
  assert.equal((await store(lists[0])).data.count, before - 1, 'the count follows');
  assert.equal((await store(detail)).statusCode, 404);

  // Back on: each place's own choice comes back with it.
  await setActive(true);
  for (const url of lists) assert.ok(titles(await store(url)).includes('Torta'), url);
  assert.equal((await store(lists[0])).data.count, before);
});

test("a failed write, or a shopper's, keeps the cached answers", async () => {
  const url = `/api/v7/places/${shop.place}/products/?page_size=7`;
  await store(url);
  const refused = await t.call('PATCH', `/api/v5/admin/products/${shop.cake.uid}/`, {
    host: shop.host,
    headers: owner,
    body: { is_active: false, version: 1 },
  });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal((await store(url)).headers['x-cache'], 'hit');
  const shopper = await shop.member();
  await t.post('/api/v5/me/shopping-cart/', {}, { host: shop.host, headers: shopper.auth });
  assert.equal((await store(url)).headers['x-cache'], 'hit');
});
