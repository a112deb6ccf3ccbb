import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

/**
 * The spec's "empty body" POSTs: a client may send nothing at all, `{}`, or
 * `Content-Type: application/json` with zero bytes; each is the same request.
 */
let t: TestApp;
let club: string;
let member: Awaited<ReturnType<typeof registerMember>>;

const ways: [string, Record<string, string>, string | undefined][] = [
  ['no body, no content type', {}, undefined],
  ['application/json with zero bytes', { 'content-type': 'application/json' }, ''],
  [
    'application/json; charset=utf-8 with zero bytes',
    { 'content-type': 'application/json; charset=utf-8' },
    '',
  ],
  ['JSON null', { 'content-type': 'application/json' }, 'null'],
  ['{}', { 'content-type': 'application/json' }, '{}'],
];

function post(url: string, headers: Record<string, string>, payload: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', ...member.auth, ...headers },
    ...(payload !== undefined ? { payload } : {}),
  });
}

before(async () => {
  t = await startTestApp();
  club = (await t.get('/api/v5/programs/')).data.results.find(
    (p: { name: string }) => p.name === 'Aurora Club',
  ).uid;
  member = await registerMember(t, 'localhost');
  assert.equal(
    (await t.post('/api/v5/me/programs/', { program: club }, { headers: member.auth })).statusCode,
    201,
  );
});
after(() => t?.close());

describe('the empty-body member POSTs accept a request with no body at all', () => {
  test('.../promotions/{uid}/qrcode/', async () => {
    const promotions = await t.get(`/api/v5/me/programs/${club}/promotions/`, {
      headers: member.auth,
    });
    const cake = promotions.data.results.find(
      (p: { name: string }) => p.name === 'S/ 5 de descuento en tortas',
    );
    for (const [way, headers, payload] of ways) {
      const answer = await post(
        `/api/v5/me/programs/${club}/promotions/${cake.uid}/qrcode/`,
        headers,
        payload,
      );
      assert.equal(answer.statusCode, 200, `${way}: ${answer.body}`);
      assert.match(answer.json().qr, /^p1\./, way);
    }
  });

  test('.../raffles/{uid}/register/ then .../raffles/{uid}/dismiss/', async () => {
    const list = await t.get(`/api/v5/me/programs/${club}/raffles/`, { headers: member.auth });
    const [first, second] = list.data.results;
    for (const [index, [way, headers, payload]] of ways.entries()) {
      const register = await post(
        `/api/v5/me/programs/${club}/raffles/${first.uid}/register/`,
        headers,
        payload,
      );
      assert.equal(register.statusCode, index === 0 ? 201 : 200, `${way}: ${register.body}`);
      assert.equal(register.json().registered, true, way);
      const dismiss = await post(
        `/api/v5/me/programs/${club}/raffles/${second.uid}/dismiss/`,
        headers,
        payload,
      );
      assert.equal(dismiss.statusCode, 200, `${way}: ${dismiss.body}`);
      assert.equal(dismiss.json().dismissed, true, way);
    }
  });

  test('the member QR (no body schema) takes a zero-byte JSON body too', async () => {
    const answer = await post(
      `/api/v5/me/programs/${club}/qr/`,
      { 'content-type': 'application/json' },
      '',
    );
    assert.equal(answer.statusCode, 200, answer.body);
  });

  test('a route that needs a body still refuses a zero-byte one with the documented 400', async () => {
    const answer = await post('/api/v5/me/programs/', { 'content-type': 'application/json' }, '');
    assert.equal(answer.statusCode, 400, answer.body);
    assert.deepEqual(answer.json().codes, { non_field_errors: [{ code: 'common.empty_body' }] });
    const broken = await post(
      `/api/v5/me/programs/${club}/raffles/x/register/`,
      { 'content-type': 'application/json' },
      '{',
    );
    assert.equal(broken.statusCode, 400, broken.body);
  });
});
