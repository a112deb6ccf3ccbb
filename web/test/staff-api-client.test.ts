import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeBrowserWindow } from './support/browser-window';

// The staff area's use of the one API client: the CSV download and the role probe.
const store = fakeBrowserWindow({ origin: 'http://shop.localhost', hostname: 'shop.localhost' });

const { apiDownload, ApiError } = await import('../src/api/client');
const { staffMeQuery } = await import('../src/api/get-staff-me');

type Call = { url: string; headers: Record<string, string> };
let calls: Call[] = [];
function answer(status: number, body: string, headers: Record<string, string> = {}) {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return new Response(body, { status, headers });
  }) as typeof fetch;
}

beforeEach(() => {
  store.clear();
  calls = [];
});

test('the CSV download carries the session and the filters, and keeps the server file name', async () => {
  store.set('token', 'TOK');
  store.set('apiKey', 'KEY');
  answer(200, 'fecha,tipo\n2026-11-21,orders\n', {
    'Content-Type': 'text/csv',
    'Content-Disposition': 'attachment; filename="registros-2026-11-21.csv"',
  });
  const { blob, filename } = await apiDownload('v5/staff/records.csv', {
    kind: 'orders',
    date_from: '',
    place_uid: undefined,
  });
  assert.equal(calls[0].url, '/api/v5/staff/records.csv?kind=orders');
  assert.equal(calls[0].headers.Authorization, 'Token TOK');
  assert.equal(calls[0].headers['API-KEY'], 'KEY');
  assert.equal(filename, 'registros-2026-11-21.csv');
  assert.equal(await blob.text(), 'fecha,tipo\n2026-11-21,orders\n');
});

test('a download without a suggested name has none; a refused one is an ApiError with its field errors', async () => {
  answer(200, 'x');
  assert.equal((await apiDownload('v5/staff/records.csv')).filename, null);
  answer(
    400,
    JSON.stringify({ date_from: ['La fecha inicial no puede ser posterior a la final.'] }),
    { 'Content-Type': 'application/json' },
  );
  await assert.rejects(
    apiDownload('v5/staff/records.csv', { date_from: '2026-12-01', date_to: '2026-11-01' }),
    (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(error.fieldErrors, {
        date_from: ['La fecha inicial no puede ser posterior a la final.'],
      });
      return true;
    },
  );
});

test('the staff probe reads "not staff" as null and keeps the stored app key; other failures stay errors', async () => {
  store.set('token', 'TOK');
  store.set('apiKey', 'KEY');
  const probe = staffMeQuery();
  const run = () =>
    (probe.queryFn as (ctx: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    });
  answer(403, JSON.stringify({ detail: 'No eres parte del personal de esta empresa.' }));
  assert.equal(await run(), null);
  assert.equal(store.get('apiKey'), 'KEY');
  answer(401, JSON.stringify({ detail: 'no' }));
  assert.equal(await run(), null);
  answer(500, JSON.stringify({ detail: 'boom' }));
  await assert.rejects(run());
  answer(
    200,
    JSON.stringify({
      company: { uid: 'c', name: 'C' },
      role: 'STAFF',
      permissions: [],
      places: [],
      limited_to_places: false,
      programs: [],
    }),
  );
  assert.equal(((await run()) as { role: string }).role, 'STAFF');
  // The answer belongs to the session it was asked with.
  assert.deepEqual(probe.queryKey, ['staff-me', 'TOK']);
});
