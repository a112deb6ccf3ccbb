// test-process: own
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { tenantHtmlSanitizer } from '../src/lib/tenant-html';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * jsdom (DOMPurify's DOM on the server) holds about 120 MB of a process's memory once imported
 * (bench/RESULTS.md): a process serving shoppers must never load it; the first save of tenant
 * HTML does. Each test file runs in a process of its own, so nothing else loaded it here.
 */
const loadedModules = () => Object.keys(createRequire(import.meta.url).cache);
const jsdomLoaded = () =>
  loadedModules().some((path) => /[\\/]node_modules[\\/]jsdom[\\/]/.test(path));

let t: TestApp;
before(async () => {
  t = await startTestApp({ seedDemo: true });
});
after(() => t?.close());

test('a process that serves shoppers never loads jsdom; the first cleaning of tenant HTML does', async () => {
  const places = await t.get('/api/v7/places/');
  assert.equal(places.statusCode, 200);
  const place = places.data.results[0].uid as string;
  assert.equal((await t.get(`/api/v7/places/${place}/products/`)).statusCode, 200);
  assert.ok(loadedModules().length > 0, 'the CommonJS module cache is readable');
  assert.equal(jsdomLoaded(), false, 'jsdom loaded while serving shoppers');

  const sanitize = await tenantHtmlSanitizer();
  assert.equal(sanitize('<p onclick="x()">Hola<script>alert(1)</script></p>'), '<p>Hola</p>');
  assert.equal(jsdomLoaded(), true, 'the sanitizer runs on jsdom');
});
