import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyticsPageLocation } from '../src/lib/analytics-location';

const at = (url: string) => {
  const { origin, pathname, search } = new URL(url);
  return analyticsPageLocation({ origin, pathname, search });
};

test('a mailed link page reaches analytics without its token', () => {
  const token = 'q3Zk8d1_x-Yt0aB9cD2eF4gH6iJ8kL0mN2oP4qR6sT8';
  const uid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  assert.equal(
    at(`https://shop.example/reset-password/${uid}/${token}`),
    `https://shop.example/reset-password/${uid}/:token`,
  );
  assert.equal(
    at(`https://shop.example/staff/invitation/${uid}/${token}?next=/x#frag`),
    `https://shop.example/staff/invitation/${uid}/:token`,
  );
});

test('public pages keep their path and the opened product, and lose any other query', () => {
  const product = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
  assert.equal(
    at(`https://shop.example/products?product=${product}&coupon=SECRETO10`),
    `https://shop.example/products?product=${product}`,
  );
  assert.equal(at('https://shop.example/carta'), 'https://shop.example/carta');
});
