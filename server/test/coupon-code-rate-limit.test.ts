import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { makeShop, type Shop } from './support/orders';
import { testClock } from './support/clock';

/**
 * `GET v5/companies/{uid}/validate-code/{code}/` tells whether a code exists:
 * without a limit, short codes could be guessed. It is limited per client
 * address and, signed in, per member whatever address they use.
 */
let t: TestApp;
let shop: Shop;
let company: string;

const clock = testClock();
before(async () => {
  // The counts start with a window, whatever the hour: none straddles two of them.
  clock.startWindow(600);
  t = await startTestApp({
    clock: clock.now,
    seedDemo: false,
    trustProxy: ['127.0.0.1'],
    accounts: {
      rateLimits: {
        ...generousRateLimits,
        couponCode: {
          address: { max: 5, windowSeconds: 600 },
          identity: { max: 3, windowSeconds: 600 },
          identityTotal: { max: 1000, windowSeconds: 600 },
        },
      },
    },
  });
  shop = await makeShop(t, 'code-limit', {
    coupons: [{ key: 'c', code: 'MENOS1', kind: 'AMOUNT', value: '1.00' }],
  });
  company = shop.place; // a place's uid stands for its company
});
after(async () => t?.close());

const check = (code: string, headers: Record<string, string>) =>
  t.get(`/api/v5/companies/${company}/validate-code/${code}/`, { host: shop.host, headers });

describe('coupon code checks are rate-limited', () => {
  test('per address: the 6th guess from one address is a 429 with Retry-After; another address still checks', async () => {
    const from = { 'x-forwarded-for': '203.0.113.10' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await check(`GUESS${i}`, from));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [404, 404, 404, 404, 404],
    );
    const blocked = await check('MENOS1', from);
    assert.equal(blocked.statusCode, 429, blocked.body);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.equal((await check('MENOS1', { 'x-forwarded-for': '203.0.113.11' })).statusCode, 200);
  });

  test('per member: a member changing address is still limited', async () => {
    const m = await shop.member();
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await check(`TRY${i}`, { ...m.auth, 'x-forwarded-for': `198.51.100.${i + 1}` }))
          .statusCode,
      );
    assert.deepEqual(codes, [404, 404, 404, 429]);
  });
});
