import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeBrowserWindow } from './support/browser-window';

// Minimal browser globals for the client: localStorage and location.
const store = fakeBrowserWindow({
  origin: 'http://shop.localhost',
  hostname: 'www.shop.localhost',
});

const { api, ApiError, setStepUpHandler } = await import('../src/api/client');
const { readableTextOn } = await import('../src/app/theme');

type Call = { url: string; headers: Record<string, string> };
let calls: Call[] = [];
function answer(status: number, body: unknown) {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return new Response(body === null ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
}

beforeEach(() => {
  store.clear();
  calls = [];
  setStepUpHandler(null);
});

test('sends the stored app key and session token', async () => {
  store.set('apiKey', 'KEY');
  store.set('token', 'TOK');
  answer(200, []);
  await api.get('v7/apps/', { query: { domain: 'shop.localhost', empty: '' } });
  assert.equal(calls[0].url, '/api/v7/apps/?domain=shop.localhost');
  assert.equal(calls[0].headers['API-KEY'], 'KEY');
  assert.equal(calls[0].headers.Authorization, 'Token TOK');
});

test('sends no auth headers when nothing is stored', async () => {
  answer(200, {});
  await api.get('health');
  assert.equal(calls[0].headers['API-KEY'], undefined);
  assert.equal(calls[0].headers.Authorization, undefined);
});

test('a 403 removes the stored app key and throws status and body', async () => {
  store.set('apiKey', 'STALE');
  answer(403, { detail: 'La API-KEY no pertenece a esta aplicación.' });
  await assert.rejects(api.get('v7/categories/'), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 403);
    assert.deepEqual(error.body, { detail: 'La API-KEY no pertenece a esta aplicación.' });
    assert.equal(error.message, 'La API-KEY no pertenece a esta aplicación.');
    return true;
  });
  assert.equal(store.get('apiKey'), undefined);
});

test('a 400 keeps the field errors', async () => {
  answer(400, { email: ['Ingresar un email correcto'], non_field_errors: ['No'] });
  const error = await api.post('v5/login/', {}).catch((e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.deepEqual(error.fieldErrors, {
    email: ['Ingresar un email correcto'],
    non_field_errors: ['No'],
  });
});

const stepUp = {
  code: 'auth.step_up_required',
  detail: 'Confirma que eres tú para continuar: ingresaste solo con tu número de documento.',
};

/** Answers `first` once, then `then` for every later call. */
function answerThen(first: [number, unknown], then: [number, unknown]) {
  let n = 0;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const [status, body] = n++ === 0 ? first : then;
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
}

test('a 403 auth.step_up_required opens the step-up prompt once, then the call runs again', async () => {
  store.set('apiKey', 'KEY');
  let prompts = 0;
  setStepUpHandler(async () => {
    prompts += 1;
    return true;
  });
  answerThen([403, stepUp], [200, { count: 0, results: [] }]);
  // Two calls refused together share one prompt.
  const [a, b] = await Promise.all([api.get('v5/me/orders/'), api.get('v5/subscriptions/')]);
  assert.deepEqual(a, { count: 0, results: [] });
  assert.deepEqual(b, { count: 0, results: [] });
  assert.equal(prompts, 1);
  assert.equal(store.get('apiKey'), 'KEY', 'a step-up is no bad app key');
});

test('the prompt dismissed, or a probe that asks for none: the 403 comes back as it was', async () => {
  store.set('apiKey', 'KEY');
  let prompts = 0;
  setStepUpHandler(async () => {
    prompts += 1;
    return false;
  });
  answer(403, stepUp);
  const dismissed = await api.post('v5/me/orders/x/cancel/').catch((e: unknown) => e);
  assert.ok(dismissed instanceof ApiError);
  assert.equal(dismissed.code, 'auth.step_up_required');
  assert.equal(calls.length, 1, 'not sent again');
  const probe = await api.get('v5/staff/me/', { stepUp: false }).catch((e: unknown) => e);
  assert.ok(probe instanceof ApiError);
  assert.equal(prompts, 1, 'the probe asked nothing');
  assert.equal(store.get('apiKey'), 'KEY');
});

test('text on tenant colours stays readable', () => {
  assert.equal(readableTextOn('#b4462b'), '#ffffff');
  assert.equal(readableTextOn('#fff7f0'), '#111827');
  assert.equal(readableTextOn('#111827'), '#ffffff');
});
