import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from './support/test-app';
import { loadRenderer, transportFor } from '../src/modules/pages/page-renderer';

// The web build (`npm run build -w web`) holds the server's render; without it pages are the shell
// (page-shell.test.ts). Root `npm test` builds before the unit tests, so CI always runs this file;
// a developer's lone server run without a build skips it and says why. With E2E_REQUIRED (CI's
// setting) a missing build fails instead: a file that silently skips in CI proves nothing.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const built = existsSync(new URL('../../web/dist-server/entry-server.js', import.meta.url));
if (!built && process.env.E2E_REQUIRED === '1')
  throw new Error(
    'no web build (web/dist-server/entry-server.js): run `npm run build -w web` first',
  );

let t: TestApp;
before(async () => {
  if (built) t = await startTestApp({ webDist, publicCacheSeconds: 5 });
});
after(async () => {
  await t?.close();
});

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));

describe('first pages rendered by React on the server', { skip: !built && 'no web build' }, () => {
  test('/products holds the tenant, its colours and its products, and the data to hydrate', async () => {
    const page = await t.get('/products', { host: 'localhost:8080' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const root = rootOf(page.body);
    assert.match(root, /^<div id="root" data-ssr="es">/);
    assert.match(root, /data-product="Café con leche"/);
    assert.match(root, /S\/ 9\.50/);
    assert.match(page.body, /<title>Café Aurora<\/title>/);
    assert.match(page.body, /<script id="ssr-state" type="application\/json">/);
    // The tenant's colours in a style element carrying this answer's nonce.
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    assert.ok(nonce);
    assert.ok(page.body.includes(`<style nonce="${nonce}">:root{--color-main:#b4462b`));
    // Security headers stay; React's scripts may carry the nonce.
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.match(String(page.headers['content-security-policy']), /script-src 'self' 'nonce-/);
    // The canonical link names the tenant's own domain, not the Host header's port.
    assert.match(page.body, /<link rel="canonical" href="http:\/\/localhost(:\d+)?\/products">/);
    assert.doesNotMatch(page.body, /localhost:8080/);
  });

  test('a rendered page is compressed for a browser that takes br or gzip, and plain otherwise', async () => {
    // The pages are rendered in the not-found handler, which @fastify/compress does not serve:
    // 45 KB of /products went uncompressed (Lighthouse's uses-text-compression).
    for (const encoding of ['br', 'gzip'] as const) {
      for (const url of ['/products', '/products']) {
        const page = await t.get(url, {
          host: 'localhost',
          headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
        });
        assert.equal(page.statusCode, 200);
        assert.equal(page.headers['content-encoding'], encoding);
        assert.match(String(page.headers.vary), /accept-encoding/i);
        const html = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(
          page.rawPayload,
        ).toString('utf8');
        assert.match(html, /data-product="Café con leche"/);
        assert.match(html, /<\/html>\s*$/);
        assert.ok(page.rawPayload.length < html.length / 3, 'compressed to under a third');
      }
    }
    const plain = await t.get('/products', { host: 'localhost' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.body, /data-product="Café con leche"/);
  });

  test("a landing links its chunk's stylesheet and preloads its scripts; /products adds none", async () => {
    // Rendered without its stylesheet, the landing painted bare and moved when its chunk came
    // (Lighthouse's layout shift on /landing).
    const manifest = JSON.parse(
      readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>;
    const landing = manifest['src/features/landing/index.ts'];
    const merchants = manifest['src/features/landing/components/merchants-landing.tsx'];
    assert.ok(landing?.css?.length && merchants?.css?.length, 'the manifest names both chunks');
    const stylesheets = (html: string) =>
      [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    for (const [host, type] of [
      ['localhost', 'DEFAULT'],
      ['landing.localhost', 'MODEL_2'],
      ['merchants.localhost', 'MERCHANTS'],
    ]) {
      const page = await t.get('/landing', { host });
      assert.equal(page.statusCode, 200, host);
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      const linked = stylesheets(head);
      assert.ok(linked.includes(landing.css[0]), `${type} links ${landing.css[0]}`);
      assert.equal(linked.includes(merchants.css![0]), type === 'MERCHANTS', type);
      assert.ok(head.includes(`<link rel="modulepreload" crossorigin href="/${landing.file}">`));
    }
    const products = await t.get('/products', { host: 'localhost' });
    const head = products.body.slice(0, products.body.indexOf('</head>'));
    assert.deepEqual(
      stylesheets(head).filter((css) => css !== manifest['index.html'].css?.[0]),
      [],
    );
    assert.doesNotMatch(head, new RegExp(landing.file));
  });

  test("the cart's shell preloads the cart's chunk and its Spanish texts beside the entry", async () => {
    const manifest = JSON.parse(
      readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const cart = manifest['src/features/cart/index.ts'].file;
    const texts = manifest['src/i18n/checkout-es.ts'].file;
    const spanish = await t.get('/cart', { host: 'localhost' });
    assert.equal(spanish.headers['x-page-cache'], undefined, 'the cart is the client shell');
    const head = spanish.body.slice(0, spanish.body.indexOf('</head>'));
    assert.ok(head.includes(`<link rel="modulepreload" crossorigin href="/${cart}">`));
    assert.ok(head.includes(`<link rel="modulepreload" crossorigin href="/${texts}">`));
    const english = await t.get('/cart', { host: 'localhost', headers: { cookie: 'lang=en' } });
    assert.ok(english.body.includes(cart));
    assert.ok(!english.body.includes(texts), 'English texts come with the entry');
    const login = await t.get('/login', { host: 'localhost' });
    assert.doesNotMatch(login.body, /rel="modulepreload" crossorigin href="\/assets\/cart-/);
  });

  test("a fetch a component starts itself during the render is waited for: the banners answer last and are still in the page's data", async () => {
    // The store's banners are prefetched during render (usePrefetchCompanyAds); the render used
    // to wait only for queries nobody had started, so on a slow machine the page went out without
    // them and the browser asked again (a browser test's failure under CI's load).
    const renderer = (await loadRenderer(webDist))!;
    const [app] = (await t.get('/api/v7/apps/?domain=localhost', { host: 'localhost' })).data;
    const transport = transportFor(t.app, 'localhost', app.api_key);
    const adsLast: typeof fetch = async (input, init) => {
      if (/\/ads\b/.test(String(input))) await new Promise((done) => setTimeout(done, 300));
      return transport(input, init);
    };
    const page = await renderer.renderPage({
      url: '/products',
      host: 'localhost',
      app,
      language: 'es',
      transport: adsLast,
      nonce: 'test',
    });
    assert.equal(page.kind, 'page');
    if (page.kind !== 'page') return;
    page.body.resume();
    const answered = (
      page.state as { queries: { queryKey: unknown[]; state: { status: string } }[] }
    ).queries
      .filter((query) => query.state.status === 'success')
      .map((query) => JSON.stringify(query.queryKey));
    assert.ok(
      answered.some((key) => key.includes('"company-ads"')),
      answered.join('\n'),
    );
  });

  test('each host renders its own tenant', async () => {
    const multi = await t.get('/', { host: 'multi.localhost' });
    assert.equal(multi.statusCode, 200);
    assert.match(rootOf(multi.body), /^<div id="root" data-ssr="es">/);
    assert.match(multi.body, /<title>Mercado Central<\/title>/);
    assert.match(rootOf(multi.body), /Cevichería El Puerto/);
    const rocky = await t.get('/products', { host: 'rockypez.localhost' });
    assert.match(rocky.body, /<title>Rock y Pez<\/title>/);
    assert.doesNotMatch(rocky.body, /Café con leche/);
  });

  test("a first page's redirect is an HTTP redirect (the landing, the store's home)", async () => {
    const home = await t.get('/?utm_source=x', { host: 'localhost' });
    assert.equal(home.statusCode, 302);
    assert.equal(home.headers.location, '/landing?utm_source=x');
    const landing = await t.get('/landing', { host: 'localhost' });
    assert.equal(landing.statusCode, 200);
    assert.match(rootOf(landing.body), /^<div id="root" data-ssr="es">/);
    assert.match(rootOf(landing.body), /Café Aurora/);
  });

  test('/carta is rendered too', async () => {
    const carta = await t.get('/carta', { host: 'localhost' });
    assert.equal(carta.statusCode, 200);
    assert.match(rootOf(carta.body), /^<div id="root" data-ssr="es">/);
  });

  test('the language comes from the lang cookie, and is part of the cache key', async () => {
    const english = await t.get('/products', { host: 'localhost', headers: { cookie: 'lang=en' } });
    assert.match(english.body, /<html lang="en"/);
    assert.match(rootOf(english.body), /^<div id="root" data-ssr="en">/);
    assert.match(rootOf(english.body), />Products</);
    const spanish = await t.get('/products', { host: 'localhost' });
    assert.match(rootOf(spanish.body), />Productos</);
  });

  test('anonymous pages are kept a few seconds: a burst costs one render', async () => {
    const url = '/products?product=nothing-' + Date.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.get(url, { host: 'landing.localhost' })),
    );
    const misses = answers.filter((answer) => answer.headers['x-page-cache'] === 'miss');
    assert.equal(misses.length, 1);
    assert.ok(answers.every((answer) => answer.statusCode === 200));
    const nonces = answers.map(
      (answer) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1],
    );
    assert.equal(new Set(nonces).size, 5, 'each answer has its own nonce');
    for (const [i, answer] of answers.entries())
      assert.ok(answer.body.includes(`<style nonce="${nonces[i]}">`));
  });

  test('signed-in visitors get the client-rendered shell, never the cached page', async () => {
    await t.get('/products', { host: 'localhost' });
    const member = await t.get('/products', {
      host: 'localhost',
      headers: { cookie: 'signed_in=1' },
    });
    assert.equal(member.statusCode, 200);
    assert.equal(member.headers['x-page-cache'], undefined);
    assert.doesNotMatch(member.body, /data-ssr/);
    assert.doesNotMatch(member.body, /Café con leche/);
  });

  test('back-office and other screens stay the shell', async () => {
    for (const path of ['/admin', '/login', '/cart', '/orders']) {
      const page = await t.get(path, { host: 'localhost' });
      assert.equal(page.statusCode, 200, path);
      assert.doesNotMatch(page.body, /data-ssr/, path);
    }
  });

  test('a private store is neither rendered nor indexed', async () => {
    const page = await t.get('/products', { host: 'private.localhost' });
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /data-ssr/);
    assert.equal(page.headers['x-robots-tag'], 'noindex, nofollow');
  });

  test("a product's URL carries its title, description, canonical link, image and JSON-LD", async () => {
    const page = await t.get('/products', { host: 'localhost' });
    const uid = /"uid":"([\w-]+)","id":\d+,"title":"[^"]*","name":"Café con leche"/.exec(
      page.body,
    )?.[1];
    assert.ok(uid, 'the page data holds the product');
    const product = await t.get(`/products?product=${uid}`, { host: 'localhost' });
    assert.match(product.body, /<title>Café con leche \| Café Aurora<\/title>/);
    assert.match(product.body, /<meta name="description" content="[^"]+">/);
    assert.ok(
      product.body.includes(`<link rel="canonical" href="http://localhost:`) ||
        product.body.includes(`<link rel="canonical" href="http://localhost/`),
    );
    assert.ok(product.body.includes(`/products?product=${uid}">`));
    assert.match(
      product.body,
      /<meta property="og:image" content="\/demo\/products\/coffee.webp">/,
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(product.body)?.[1];
    assert.ok(jsonLd);
    const data = JSON.parse(jsonLd) as { name: string; offers: Record<string, string> };
    assert.equal(data.name, 'Café con leche');
    assert.equal(data.offers.price, '9.50');
    assert.equal(data.offers.priceCurrency, 'PEN');
    assert.equal(data.offers.availability, 'https://schema.org/InStock');
  });

  test('robots.txt and sitemap.xml per tenant: its own domain, its own products only', async () => {
    const robots = await t.get('/robots.txt', { host: 'localhost' });
    assert.equal(robots.statusCode, 200);
    assert.match(robots.body, /^User-agent: \*\n/);
    assert.match(robots.body, /Disallow: \/admin\n/);
    assert.match(robots.body, /Sitemap: http:\/\/localhost(:\d+)?\/sitemap\.xml\n/);
    const sitemap = await t.get('/sitemap.xml', { host: 'localhost' });
    assert.equal(sitemap.statusCode, 200);
    assert.match(String(sitemap.headers['content-type']), /^application\/xml/);
    assert.match(sitemap.body, /<loc>http:\/\/localhost(:\d+)?\/products<\/loc>/);
    const aurora = [...sitemap.body.matchAll(/product=([\w-]+)</g)].map((m) => m[1]);
    assert.ok(aurora.length >= 10, 'a link per product');
    const rocky = await t.get('/sitemap.xml', { host: 'rockypez.localhost' });
    const rockyProducts = [...rocky.body.matchAll(/product=([\w-]+)</g)].map((m) => m[1]);
    assert.ok(rocky.body.includes('rockypez.localhost'));
    assert.equal(rockyProducts.filter((uid) => aurora.includes(uid)).length, 0);
  });

  test('a private store and a store in maintenance ask crawlers to stay away', async () => {
    const robots = await t.get('/robots.txt', { host: 'private.localhost' });
    assert.equal(robots.body, 'User-agent: *\nDisallow: /\n');
    const sitemap = await t.get('/sitemap.xml', { host: 'private.localhost' });
    assert.equal(sitemap.statusCode, 404);
    const unknown = await t.get('/robots.txt', { host: 'nobody.example' });
    assert.equal(unknown.body, 'User-agent: *\nDisallow: /\n');
  });

  test("hiding a product drops the tenant's rendered pages at once (the owner's write)", async () => {
    const login = await t.post(
      '/api/v5/login/',
      { email: 'dueno@aurora.pe', password: 'Dueno2026!' },
      { host: 'localhost' },
    );
    assert.equal(login.statusCode, 200, login.body);
    const owner = { authorization: `Token ${login.data.token}` };
    const page = await t.get('/products', { host: 'localhost' });
    assert.match(rootOf(page.body), /data-product="Café con leche"/);
    assert.equal((await t.get('/products', { host: 'localhost' })).headers['x-page-cache'], 'hit');
    const uid = /"uid":"([\w-]+)","id":\d+,"title":"[^"]*","name":"Café con leche"/.exec(
      page.body,
    )?.[1];
    assert.ok(uid);
    const setActive = async (isActive: boolean) => {
      const read = await t.get(`/api/v5/admin/products/${uid}/`, { headers: owner });
      assert.equal(read.statusCode, 200, read.body);
      const saved = await t.patch(
        `/api/v5/admin/products/${uid}/`,
        { is_active: isActive, version: read.data.version },
        { headers: owner },
      );
      assert.equal(saved.statusCode, 200, saved.body);
    };
    await setActive(false);
    try {
      const hidden = await t.get('/products', { host: 'localhost' });
      assert.equal(hidden.headers['x-page-cache'], 'miss');
      assert.doesNotMatch(rootOf(hidden.body), /data-product="Café con leche"/);
    } finally {
      await setActive(true);
    }
    const shown = await t.get('/products', { host: 'localhost' });
    assert.equal(shown.headers['x-page-cache'], 'miss');
    assert.match(rootOf(shown.body), /data-product="Café con leche"/);
  });
});
