import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { httpRequests } from '../src/modules/monitoring/metrics';
import { testClock } from './support/clock';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let place: string;
const clock = testClock();
before(async () => {
  t = await startTestApp({ publicCacheSeconds: 1, clock: clock.now });
  place = (await t.get('/api/v7/places/?search=miraflores')).data.results[0].uid;
});
after(() => t?.close());

test('a public catalogue answer is served again from the cache, then refreshed after its lifetime', async () => {
  const url = `/api/v7/places/${place}/products/?search=alfajor`;
  const first = await t.get(url);
  assert.equal(first.headers['x-cache'], 'miss');
  assert.equal(first.headers['cache-control'], 'public, no-cache');
  assert.equal(first.data.results[0].stock, 2);
  await t.db.execute(
    sql`UPDATE place_products SET stock = 7 WHERE place_uid = ${place} AND stock = 2`,
  );
  const second = await t.get(url);
  assert.equal(second.headers['x-cache'], 'hit');
  assert.equal(second.body, first.body, 'the same answer within the lifetime');
  clock.advance(1100);
  const third = await t.get(url);
  assert.equal(third.headers['x-cache'], 'miss');
  assert.equal(third.data.results[0].stock, 7);
});

test('answers are cached per host: another tenant never gets this one', async () => {
  const url = `/api/v7/places/${place}/products/`;
  assert.equal((await t.get(url)).statusCode, 200);
  const other = await t.get(url, { host: 'multi.localhost' });
  assert.equal(other.statusCode, 404);
  assert.equal(other.headers['x-cache'], undefined);
});

test("an API-KEY of another app is refused even when the URL's answer is cached", async () => {
  const url = `/api/v7/places/${place}/products/?page_size=5`;
  assert.equal((await t.get(url)).statusCode, 200);
  const multi = await t.appOf('multi.localhost');
  const refused = await t.get(url, { headers: { 'api-key': multi.api_key } });
  assert.equal(refused.statusCode, 403);
});

test('errors and member calls are never cached', async () => {
  const missing = '/api/v7/places/00000000-0000-0000-0000-000000000000/products/';
  assert.equal((await t.get(missing)).statusCode, 404);
  const again = await t.get(missing);
  assert.equal(again.headers['x-cache'], undefined);
  const cart = await t.get(`/api/v5/me/shopping-cart/?place_uid=${place}`);
  assert.equal(cart.statusCode, 401);
  assert.equal(cart.headers['x-cache'], undefined);
});

test('a hit is compressed for the client that asks, with the headers of the answer it repeats', async () => {
  const url = `/api/v7/places/${place}/products/?page_size=10`;
  const miss = await t.get(url, { headers: { 'accept-encoding': 'br' } });
  assert.equal(miss.headers['x-cache'], 'miss');
  assert.equal(miss.headers['content-encoding'], 'br');
  const plain = brotliDecompressSync(miss.rawPayload).toString();
  assert.ok(plain.length >= 1024, 'an answer long enough to be compressed');
  for (const encoding of ['br', 'gzip', undefined]) {
    const hit = await t.get(url, encoding ? { headers: { 'accept-encoding': encoding } } : {});
    assert.equal(hit.statusCode, 200);
    assert.equal(hit.headers['x-cache'], 'hit');
    assert.equal(hit.headers['content-encoding'], encoding);
    const body =
      encoding === 'br'
        ? brotliDecompressSync(hit.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(hit.rawPayload)
          : hit.rawPayload;
    assert.equal(body.toString(), plain, `the same answer (${encoding ?? 'identity'})`);
    assert.equal(Number(hit.headers['content-length']), hit.rawPayload.length);
    for (const header of ['content-type', 'cache-control', 'vary', 'x-content-type-options'])
      assert.equal(hit.headers[header], miss.headers[header], header);
    assert.match(String(hit.headers.vary), /accept-encoding/i);
  }
});

test('a hit is still counted by the metrics, under its route', async () => {
  const url = `/api/v7/places/${place}/products/?page_size=3`;
  assert.equal((await t.get(url)).headers['x-cache'], 'miss');
  const served = async () =>
    (await httpRequests.get()).values
      .filter(
        (v) => v.labels.route === '/api/v7/places/:uid/products/' && v.labels.status === '200',
      )
      .reduce((sum, v) => sum + v.value, 0);
  const before = await served();
  assert.equal((await t.get(url)).headers['x-cache'], 'hit');
  assert.equal(await served(), before + 1);
});
