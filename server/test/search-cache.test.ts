import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../src/db/client';
import { cachedSearch, forgetSearches, useSearchCache } from '../src/modules/catalog/search-cache';

// The cache is keyed by the database handle alone: any object stands for one here.
const handle = () => ({}) as Database;

test('ten equal searches at once ask the database once; the answer lives its seconds', async () => {
  const db = handle();
  let now = Date.parse('2026-12-03T12:00:00Z');
  useSearchCache(db, 5, { clock: () => new Date(now) });
  let runs = 0;
  const load = async () => {
    runs++;
    await new Promise((resolve) => setImmediate(resolve));
    return { count: runs };
  };
  const answers = await Promise.all(Array.from({ length: 10 }, () => cachedSearch(db, 'k', load)));
  assert.equal(runs, 1);
  assert.deepEqual(
    answers.map((a) => a.count),
    Array(10).fill(1),
  );
  assert.equal((await cachedSearch(db, 'other', load)).count, 2, 'another key is its own search');
  now += 4_000;
  assert.equal((await cachedSearch(db, 'k', load)).count, 1, 'still fresh after 4 s');
  now += 2_000;
  assert.equal((await cachedSearch(db, 'k', load)).count, 3, 'asked again after 5 s');
});

test('a failed search is not remembered, and without the cache every call runs', async () => {
  const db = handle();
  useSearchCache(db, 5);
  let runs = 0;
  const failing = async () => {
    runs++;
    throw new Error('boom');
  };
  await assert.rejects(cachedSearch(db, 'k', failing));
  await assert.rejects(cachedSearch(db, 'k', failing));
  assert.equal(runs, 2);
  const off = handle();
  useSearchCache(off, 0);
  let plain = 0;
  await cachedSearch(off, 'k', async () => plain++);
  await cachedSearch(off, 'k', async () => plain++);
  assert.equal(plain, 2);
});

test("a tenant's forget drops its searches only", async () => {
  const db = handle();
  useSearchCache(db, 5);
  let runs = 0;
  const load = async () => ++runs;
  await cachedSearch(db, 'app-a\nplace\ncafe', load);
  await cachedSearch(db, 'app-b\nplace\ncafe', load);
  forgetSearches(db, 'app-a');
  assert.equal(await cachedSearch(db, 'app-a\nplace\ncafe', load), 3, 'asked again');
  assert.equal(await cachedSearch(db, 'app-b\nplace\ncafe', load), 2, 'still remembered');
});
