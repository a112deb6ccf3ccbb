import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTrustProxy } from '../src/config';
import { addressKey } from '../src/lib/rate-limit';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { testClock } from './support/clock';

let t: TestApp;
/** Per address; per identity from one address; per identity from all addresses (default: no ceiling). */
const small = (address: number, identity: number, identityTotal = 100_000) => ({
  address: { max: address, windowSeconds: 600 },
  identity: { max: identity, windowSeconds: 600 },
  identityTotal: { max: identityTotal, windowSeconds: 600 },
});

const clock = testClock();
before(async () => {
  // The counts start with a window, whatever the hour: none straddles two of them.
  clock.startWindow(600);
  // As behind a load balancer at 127.0.0.1 (light-my-request's socket address): the client address
  // comes from X-Forwarded-For.
  t = await startTestApp({
    clock: clock.now,
    trustProxy: ['127.0.0.1'],
    accounts: {
      rateLimits: {
        ...generousRateLimits,
        login: small(1000, 5, 12),
        validate: small(8, 1000),
        recovery: small(1000, 2, 3),
        deletion: small(1000, 1),
      },
    },
  });
});

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
after(() => t?.close());

describe('rate limits (kept in the database)', () => {
  test('a burst of concurrent logins for one email from one address: at most 5 get through, the rest are 429 with Retry-After', async () => {
    const m = await registerMember(t, 'localhost');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.post(
          '/api/v5/login/',
          { email: m.body.email, password: 'guessing-1' },
          from('192.0.2.66'),
        ),
      ),
    );
    const limited = results.filter((r) => r.statusCode === 429);
    assert.equal(results.filter((r) => r.statusCode === 400).length, 5);
    assert.equal(limited.length, 3);
    for (const r of limited) {
      assert.match(
        r.data.detail,
        /^Demasiadas solicitudes\. Inténtelo de nuevo en \d+ segundos\.$/,
      );
      const seconds = Number(r.headers['retry-after']);
      assert.ok(seconds >= 1 && seconds <= 600);
      assert.ok(r.data.detail.includes(`${seconds} segundos`));
    }
    // The guesser's address stays locked out of this account, even with the right password...
    const guesser = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      from('192.0.2.66'),
    );
    assert.equal(guesser.statusCode, 429);
    // ...but the stranger did not lock the owner out: from the owner's own address it works.
    const owner = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      from('203.0.113.9'),
    );
    assert.equal(owner.statusCode, 200);
    // Another member is not affected.
    const other = await registerMember(t, 'localhost');
    assert.equal(
      (await t.post('/api/v5/login/', { email: other.body.email, password: other.body.password }))
        .statusCode,
      200,
    );
  });

  test('a guess spread over many addresses still stops at the per-identity ceiling', async () => {
    const m = await registerMember(t, 'localhost');
    const codes = [];
    // 12 guesses from 6 addresses, 2 each: no address reaches its own limit of 5.
    for (let i = 0; i < 12; i++)
      codes.push(
        (
          await t.post(
            '/api/v5/login/',
            { email: m.body.email, password: `guessing-${i}` },
            from(`198.51.100.${10 + (i % 6)}`),
          )
        ).statusCode,
      );
    assert.deepEqual(new Set(codes), new Set([400]));
    const next = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: 'guessing-x' },
      from('198.51.100.99'),
    );
    assert.equal(next.statusCode, 429, 'the 13th guess, from a fresh address, is over the ceiling');
    assert.ok(Number(next.headers['retry-after']) >= 1);
  });

  test('refused attempts from one address do not eat the ceiling: one address cannot lock an account', async () => {
    const m = await registerMember(t, 'localhost');
    // 30 attempts from one address: 5 counted, 25 refused at that address's own limit.
    for (let i = 0; i < 30; i++)
      await t.post(
        '/api/v5/login/',
        { email: m.body.email, password: `guessing-${i}` },
        from('192.0.2.77'),
      );
    const owner = await t.post(
      '/api/v5/login/',
      { email: m.body.email, password: m.body.password },
      from('203.0.113.10'),
    );
    assert.equal(owner.statusCode, 200);
  });

  test('recovery mails: per email and address, then a ceiling per email', async () => {
    const m = await registerMember(t, 'localhost');
    const ask = (address: string) =>
      t
        .post('/api/v5/me/reset_password/', { email: m.body.email }, from(address))
        .then((r) => r.statusCode);
    assert.deepEqual(
      [await ask('192.0.2.1'), await ask('192.0.2.1'), await ask('192.0.2.1')],
      [200, 200, 429],
    );
    // Another address may still ask once more, then the email has had its 3 mails.
    assert.deepEqual([await ask('192.0.2.2'), await ask('192.0.2.3')], [200, 429]);
  });

  test('IPv6 clients are counted per /64; an IPv4-mapped address is its IPv4 address', async () => {
    const validate = (i: number, address: string) =>
      t
        .post(
          '/api/v5/validate/',
          { document_type: 'NATIONAL_ID', document_number: String(42000000 + i) },
          from(address),
        )
        .then((r) => r.statusCode);
    const codes = [];
    // 10 different addresses of one /64: one client.
    for (let i = 0; i < 10; i++)
      codes.push(await validate(i, `2001:db8:7:1::${(i + 1).toString(16)}`));
    assert.deepEqual(codes, [201, 201, 201, 201, 201, 201, 201, 201, 429, 429]);
    assert.equal(await validate(20, '2001:db8:7:2::1'), 201, 'the next /64 is another client');

    const v4 = [];
    for (let i = 0; i < 5; i++) v4.push(await validate(30 + i, '203.0.113.50'));
    for (let i = 0; i < 5; i++) v4.push(await validate(40 + i, '::ffff:203.0.113.50'));
    assert.deepEqual(v4, [201, 201, 201, 201, 201, 201, 201, 201, 429, 429]);
  });

  test('the key of an address: IPv4 as is, IPv6 by /64, IPv4-mapped IPv6 as IPv4', () => {
    assert.equal(addressKey('203.0.113.5'), '203.0.113.5');
    assert.equal(addressKey('::ffff:203.0.113.5'), '203.0.113.5');
    assert.equal(addressKey('::ffff:cb00:7105'), '203.0.113.5');
    assert.equal(addressKey('2001:db8:a:b:1:2:3:4'), '2001:db8:a:b::/64');
    assert.equal(addressKey('2001:DB8:A:B::99'), '2001:db8:a:b::/64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
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

  test('a client that is not the trusted proxy cannot pick its address with X-Forwarded-For', async () => {
    const behind = await startTestApp({
      trustProxy: ['10.0.0.1'],
      accounts: { rateLimits: { ...generousRateLimits, validate: small(3, 1000) } },
    });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await behind.post(
          '/api/v5/validate/',
          { document_type: 'NATIONAL_ID', document_number: String(43000000 + i) },
          { headers: { 'x-forwarded-for': `198.51.100.${i}` }, remoteAddress: '203.0.113.80' },
        );
        codes.push(res.statusCode);
      }
      assert.deepEqual(codes, [201, 201, 201, 429, 429]);
      // Through the proxy, the forwarded address counts.
      const proxied = await behind.post(
        '/api/v5/validate/',
        { document_type: 'NATIONAL_ID', document_number: '43000099' },
        { headers: { 'x-forwarded-for': '198.51.100.200' }, remoteAddress: '10.0.0.1' },
      );
      assert.equal(proxied.statusCode, 201);
    } finally {
      await behind.close();
    }
  });

  test('TRUST_PROXY takes addresses and CIDRs; true and hop counts are refused', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('false'), false);
    assert.equal(parseTrustProxy('0'), false);
    assert.deepEqual(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/48,loopback'), [
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/48',
      'loopback',
    ]);
    assert.throws(
      () => parseTrustProxy('true'),
      /TRUST_PROXY=true would believe any X-Forwarded-For/,
    );
    assert.throws(() => parseTrustProxy('2'), /hop count/);
    assert.throws(() => parseTrustProxy('proxy.example'), /neither an address nor a CIDR/);
    assert.throws(() => parseTrustProxy('10.0.0.0/33'), /neither an address nor a CIDR/);
  });
});
