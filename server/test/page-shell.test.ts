import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { appList } from '@store/contract';
import { apps } from '../src/db/schema';
import { scriptSafeJson } from '../src/plugins/app-bootstrap';
import { startTestApp, type TestApp } from './support/test-app';

const INDEX_HTML =
  '<!doctype html><html><head><title>Tienda</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
before(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'page-shell-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await startTestApp({ webDist });
});
after(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The JSON inside <script id="app-bootstrap">, as the web app reads it. */
function bootstrapOf(html: string): unknown {
  const match = /<script id="app-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(html);
  assert.ok(match, 'the page carries the bootstrap script');
  return JSON.parse(match[1]);
}

describe('page shell with the tenant inside', () => {
  test('a client route gets index.html holding the same app GET v7/apps/?domain= answers', async () => {
    const page = await t.get('/products?category=1', { host: 'localhost:8080' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const embedded = appList.parse(bootstrapOf(page.body));
    const api = await t.get('/api/v7/apps/?domain=localhost');
    assert.deepEqual(embedded, api.data);
    assert.equal(embedded[0]?.name, 'Café Aurora');
    // Placed inside <head>, before the app's own markup.
    assert.ok(page.body.indexOf('app-bootstrap') < page.body.indexOf('</head>'));
  });

  test('each host gets its own tenant, an unknown host an empty list', async () => {
    const multi = await t.get('/', { host: 'multi.localhost' });
    assert.equal((bootstrapOf(multi.body) as { name: string }[])[0]?.name, 'Mercado Central');
    const unknown = await t.get('/', { host: 'nobody.example' });
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(bootstrapOf(unknown.body), []);
  });

  test('tenant text cannot close the script element', async () => {
    const payload = '</script><script>alert(1)</script><!-- & \u2028';
    const [row] = await t.db.select().from(apps).where(eq(apps.domain, 'localhost'));
    assert.ok(row);
    await t.db.update(apps).set({ name: payload }).where(eq(apps.uid, row.uid));
    try {
      const page = await t.get('/');
      assert.equal(page.body.match(/<script/g)?.length, 1, 'no second script element');
      assert.equal((bootstrapOf(page.body) as { name: string }[])[0]?.name, payload);
    } finally {
      await t.db.update(apps).set({ name: row.name }).where(eq(apps.uid, row.uid));
    }
  });

  test('API calls, files and non-GET requests never get the page', async () => {
    const api = await t.get('/api/v7/nothing-here/');
    assert.equal(api.statusCode, 404);
    assert.deepEqual(Object.keys(api.data), ['detail']);
    const post = await t.post('/somewhere', {});
    assert.equal(post.statusCode, 404);
  });

  test('scriptSafeJson leaves no <, > or & and parses back to the same value', () => {
    const value = { html: '<b>a & b</b>', line: 'x\u2028y\u2029z' };
    const json = scriptSafeJson(value);
    assert.doesNotMatch(json, /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(json), value);
  });
});

describe('compressed answers', () => {
  test('a JSON answer over 1 KB is sent with brotli or gzip to a client that asks, and decodes to the same body', async () => {
    const plain = await t.get('/api/v7/apps/?domain=localhost');
    assert.equal(plain.headers['content-encoding'], undefined);
    const br = await t.get('/api/v7/apps/?domain=localhost', {
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), plain.data);
    const gzip = await t.get('/api/v7/apps/?domain=localhost', {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString()), plain.data);
    assert.ok(br.rawPayload.length < plain.rawPayload.length);
  });

  test("the encoding follows the client's preferences, and caches are told it varies", async () => {
    const url = '/api/v7/apps/?domain=localhost';
    const as = async (acceptEncoding: string, extra: Record<string, string> = {}) =>
      (await t.get(url, { headers: { 'accept-encoding': acceptEncoding, ...extra } })).headers;
    assert.equal((await as('gzip;q=1, br;q=0.1'))['content-encoding'], 'gzip');
    assert.equal((await as('br;q=1, gzip;q=0.5'))['content-encoding'], 'br');
    assert.equal((await as('*'))['content-encoding'], 'gzip');
    assert.equal((await as('x-gzip'))['content-encoding'], 'gzip');
    assert.equal((await as('identity'))['content-encoding'], undefined);
    assert.equal((await as('deflate'))['content-encoding'], undefined);
    assert.equal((await as('br', { 'x-no-compression': '1' }))['content-encoding'], undefined);
    assert.match(String((await as('br'))['vary']), /accept-encoding/i);
  });

  test('a body past 32 KB is compressed too (streamed by @fastify/compress)', async () => {
    const plain = await t.get('/api/docs/json');
    assert.ok(plain.rawPayload.length > 32 * 1024, `${plain.rawPayload.length} bytes`);
    const br = await t.get('/api/docs/json', { headers: { 'accept-encoding': 'br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), plain.data);
  });

  test('a small answer is sent as it is', async () => {
    const res = await t.get('/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
  });
});
