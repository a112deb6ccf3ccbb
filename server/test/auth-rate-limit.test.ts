import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';

let t: TestApp;
const small = (address: number, identity: number) => ({
  address: { max: address, windowSeconds: 600 },
  identity: { max: identity, windowSeconds: 600 },
});

before(async () => {
  // As behind a load balancer: the client address comes from X-Forwarded-For.
  t = await startTestApp({
    trustProxy: true,
    accounts: {
      rateLimits: {
        ...generousRateLimits,
        login: small(1000, 5),
        validate: small(8, 1000),
        recovery: small(1000, 2),
        deletion: small(1000, 1),
      },
    },
  });
});
after(() => t?.close());

describe('rate limits (kept in the database)', () => {
  test('a burst of concurrent logins for one email: at most 5 get through, the rest are 429 with Retry-After', async () => {
    const m = await registerMember(t, 'localhost');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post('/api/v5/login/', { email: m.body.email, password: 'guessing-1' }),
      ),
    );
    const limited = results.filter((r) => r.statusCode === 429);
    assert.equal(results.filter((r) => r.statusCode === 400).length, 5);
    assert.equal(limited.length, 15);
    for (const r of limited) {
      assert.match(
        r.data.detail,
        /^Demasiadas solicitudes\. Inténtelo de nuevo en \d+ segundos\.$/,
      );
      const seconds = Number(r.headers['retry-after']);
      assert.ok(seconds >= 1 && seconds <= 600);
      assert.ok(r.data.detail.includes(`${seconds} segundos`));
    }
    // Even the right password waits: the identity is locked, whatever the address.
    const right = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    assert.equal(right.statusCode, 429);
    // Another member is not affected.
    const other = await registerMember(t, 'localhost');
    assert.equal(
      (await t.post('/api/v5/login/', { email: other.body.email, password: other.body.password }))
        .statusCode,
      200,
    );
  });

  test('per address: validate answers 429 after 8 requests from one address, others still pass', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.post('/api/v5/validate/', {
          document_type: 'NATIONAL_ID',
          document_number: String(40000000 + i),
        }),
      ),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 8);
    assert.equal(results.filter((r) => r.statusCode === 429).length, 4);
    const elsewhere = await t.post(
      '/api/v5/validate/',
      { document_type: 'NATIONAL_ID', document_number: '40000099' },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    );
    assert.equal(elsewhere.statusCode, 201);
  });

  test('recovery mails: two per email, then 429', async () => {
    const m = await registerMember(t, 'localhost');
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.post('/api/v5/me/reset_password/', { email: m.body.email })).statusCode);
    assert.deepEqual(codes, [200, 200, 429, 429]);
  });

  test('deletion mails: one per member, then 429', async () => {
    const m = await registerMember(t, 'localhost');
    assert.equal(
      (await t.post('/api/v5/delete-account/', undefined, { headers: m.auth })).statusCode,
      200,
    );
    assert.equal(
      (await t.post('/api/v5/delete-account/', undefined, { headers: m.auth })).statusCode,
      429,
    );
  });

  test('limits are per app', async () => {
    const { makeTenant } = await import('./support/accounts');
    const { host } = await makeTenant(t, 'rate-other');
    const res = await t.post(
      '/api/v5/validate/',
      { document_type: 'NATIONAL_ID', document_number: '40000001' },
      { host },
    );
    assert.equal(res.statusCode, 201);
  });

  test('without a trusted proxy, X-Forwarded-For cannot buy a fresh address', async () => {
    const direct = await startTestApp({
      accounts: { rateLimits: { ...generousRateLimits, validate: small(3, 1000) } },
    });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await direct.post(
          '/api/v5/validate/',
          { document_type: 'NATIONAL_ID', document_number: String(41000000 + i) },
          { headers: { 'x-forwarded-for': `198.51.100.${i}` } },
        );
        codes.push(res.statusCode);
      }
      assert.deepEqual(codes, [201, 201, 201, 429, 429]);
    } finally {
      await direct.close();
    }
  });
});
