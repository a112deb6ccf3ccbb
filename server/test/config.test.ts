import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configFromEnv, defaultTimeouts } from '../src/config';
import { buildApp } from '../src/app';
import { openTestDatabase } from './support/test-app';

describe('settings from the environment', () => {
  test('the public URL: nothing set, or a scheme and port for every tenant', () => {
    assert.deepEqual(configFromEnv({ PORT: '4000' }).publicUrl, {
      scheme: undefined,
      port: undefined,
      localPort: 4000,
    });
    assert.deepEqual(
      configFromEnv({ PUBLIC_URL_SCHEME: 'HTTP', PUBLIC_URL_PORT: '8080' }).publicUrl,
      { scheme: 'http', port: 8080, localPort: 3000 },
    );
    assert.throws(() => configFromEnv({ PUBLIC_URL_SCHEME: 'ftp' }), /PUBLIC_URL_SCHEME/);
    assert.throws(() => configFromEnv({ PUBLIC_URL_PORT: '70000' }), /PUBLIC_URL_PORT/);
  });

  test('TRUST_PROXY=true stops the server from starting', () => {
    assert.throws(() => configFromEnv({ TRUST_PROXY: 'true' }), /TRUST_PROXY=true/);
    assert.deepEqual(configFromEnv({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy, ['10.0.0.0/8']);
    assert.equal(configFromEnv({}).trustProxy, false);
  });

  test('TRUST_PROXY refuses ranges wider than /8 (IPv4) and /32 (IPv6): nearly every client would be a proxy', () => {
    for (const range of [
      '0.0.0.0/0',
      '0.0.0.0/1',
      '128.0.0.0/7',
      '::/0',
      '2000::/3',
      'fd00::/8',
      '2001:db8::/31',
      // IPv4-mapped IPv6: proxy-addr reads this as every IPv4 address.
      '::ffff:0.0.0.0/96',
      '0:0:0:0:0:ffff:10.0.0.0/103',
    ])
      assert.throws(
        () => configFromEnv({ TRUST_PROXY: `127.0.0.1,${range}` }),
        new RegExp(
          `TRUST_PROXY: "${range.replace(/[.]/g, '\\.')}" spans too many addresses.*/8 for IPv4, /32 for IPv6`,
        ),
        range,
      );
    assert.deepEqual(
      configFromEnv({
        TRUST_PROXY: '10.0.0.0/8,2001:db8::/32,fd12:3456::/48,::ffff:10.0.0.0/104,::1,uniquelocal',
      }).trustProxy,
      [
        '10.0.0.0/8',
        '2001:db8::/32',
        'fd12:3456::/48',
        '::ffff:10.0.0.0/104',
        '::1',
        'uniquelocal',
      ],
    );
  });

  test('reCAPTCHA minimum score, timeouts and the map tile server of the CSP', () => {
    assert.equal(configFromEnv({}).accounts.recaptchaMinScore, 0.5);
    assert.equal(configFromEnv({ RECAPTCHA_MIN_SCORE: '0.7' }).accounts.recaptchaMinScore, 0.7);
    assert.throws(() => configFromEnv({ RECAPTCHA_MIN_SCORE: '2' }), /RECAPTCHA_MIN_SCORE/);
    assert.deepEqual(configFromEnv({}).timeouts, defaultTimeouts);
    assert.equal(configFromEnv({ REQUEST_TIMEOUT_MS: '5000' }).timeouts.requestMs, 5000);
    assert.deepEqual(configFromEnv({}).imgSrc, []);
    assert.deepEqual(
      configFromEnv({ VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).imgSrc,
      [],
    );
    assert.deepEqual(
      configFromEnv({ VITE_MAP_TILE_URL: 'http://{s}.tiles.example:8080/{z}/{x}/{y}.png' }).imgSrc,
      ['http://*.tiles.example:8080'],
    );
  });

  test('the server takes the timeouts', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      db: database.db,
      dbKind: database.kind,
      timeouts: { requestMs: 5000, connectionMs: 7000, keepAliveMs: 9000 },
    });
    try {
      await app.ready();
      assert.equal(app.server.requestTimeout, 5000);
      assert.equal(app.server.keepAliveTimeout, 9000);
      assert.equal(app.initialConfig.connectionTimeout, 7000);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
