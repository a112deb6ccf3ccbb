import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generousRateLimits, startTestApp, type TestApp } from './support/test-app';
import { billing, makeShop, north, type Shop } from './support/orders';
import { couponMessages, messageText } from '@store/contract';
import { testClock } from './support/clock';

/**
 * `GET v5/companies/{uid}/validate-code/{code}/` tells whether a code exists:
 * without a limit, short codes could be guessed. It is limited per client
 * address and, signed in, per member whatever address they use. An order's
 * quote and the order itself answer the same question for the `coupon` they
 * carry: they count against the same limits (one limiter for the three).
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

/** A delivery of one cake 2 km away: 10.00 + 8.00 fare, 17.00 with MENOS1. */
const orderBody = (coupon: string) => ({
  shipping_type: 'delivery',
  delivery: { area: shop.area, address: 'Calle 1', ...north(2) },
  products: [shop.cakeLine(1)],
  coupon,
});
const quote = (coupon: string, headers: Record<string, string>) =>
  t.post(`/api/v5/places/${shop.place}/orders/quote/`, orderBody(coupon), {
    host: shop.host,
    headers,
  });
const order = (coupon: string, headers: Record<string, string>) =>
  t.post(
    `/api/v5/places/${shop.place}/orders/`,
    { ...orderBody(coupon), expected_total: '17.00', payment_method: shop.cash, billing },
    { host: shop.host, headers },
  );
const notFound = messageText(couponMessages.notFound);

describe('a coupon sent with a quote or an order counts as a guess', () => {
  test('the quote, with no session: five guesses answered, then 429 whatever the code, validate-code too', async () => {
    const from = { 'x-forwarded-for': '203.0.113.20' };
    for (let i = 0; i < 5; i++) {
      const guess = await quote(`QUOTE${i}`, from);
      assert.equal(guess.statusCode, 400, guess.body);
      assert.deepEqual(guess.data.coupon, [notFound]);
    }
    const blocked = await quote('MENOS1', from);
    assert.equal(blocked.statusCode, 429, blocked.body);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.equal((await check('MENOS1', from)).statusCode, 429, 'one limiter for the three');
    // A quote without a coupon is no guess: the checkout still prices.
    const plain = await t.post(
      `/api/v5/places/${shop.place}/orders/quote/`,
      { ...orderBody(''), coupon: undefined },
      { host: shop.host, headers: from },
    );
    assert.equal(plain.statusCode, 200, plain.body);
    const other = await quote('MENOS1', { 'x-forwarded-for': '203.0.113.21' });
    assert.equal(other.statusCode, 200, other.body);
    assert.equal(other.data.total, '17.00');
  });

  test('the member: validate-code, quote and order share one count, whatever the address', async () => {
    const m = await shop.member();
    const at = (i: number) => ({ ...m.auth, 'x-forwarded-for': `198.51.100.${50 + i}` });
    assert.equal((await check('MIX0', at(0))).statusCode, 404);
    assert.equal((await quote('MIX1', at(1))).statusCode, 400);
    const wrong = await order('MIX2', at(2));
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.deepEqual(wrong.data.coupon, [notFound]);
    const blocked = await order('MENOS1', at(3));
    assert.equal(blocked.statusCode, 429, blocked.body);
    assert.equal((await quote('MENOS1', at(4))).statusCode, 429);
  });

  test('a code naming a real coupon costs nothing: a checkout pricing it again and again is never stopped', async () => {
    const from = { 'x-forwarded-for': '203.0.113.30' };
    for (let i = 0; i < 12; i++) {
      const priced = await quote('menos1', from);
      assert.equal(priced.statusCode, 200, priced.body);
    }
    const m = await shop.member();
    const placed = await order('MENOS1', { ...m.auth, ...from });
    assert.equal(placed.statusCode, 201, placed.body);
    assert.equal(placed.data.coupon, 'MENOS1');
    // The misses still count in full: five answered, the sixth refused.
    const misses = [];
    for (let i = 0; i < 6; i++) misses.push((await quote(`LATE${i}`, from)).statusCode);
    assert.deepEqual(misses, [400, 400, 400, 400, 400, 429]);
  });

  test('twenty guesses at once from one address: exactly five are answered', async () => {
    const from = { 'x-forwarded-for': '203.0.113.40' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => quote(`BURST${i}`, from)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(codes, [...Array(5).fill(400), ...Array(15).fill(429)]);
  });
});
