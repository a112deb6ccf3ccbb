import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanCartsOnce, cleanCartsWithoutPlace, normalCartKeys } from '../src/lib/cart-cleanup';

function fakeStore(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key: string) => data.get(key) ?? null,
    remove: (key: string) => void data.delete(key),
    keys: () => [...data.keys()],
  };
}

const cart = JSON.stringify({ place: 'p1', products: [{ id: 'a-0', uid: 'a', quantity: 1 }] });

test('normal cart keys exclude subscription carts and unrelated keys', () => {
  assert.deepEqual(
    normalCartKeys(['cartp1', 'cartSubscriptionp1', 'cart', 'typeCart', 'token', 'cartp2']),
    ['cartp1', 'cartp2'],
  );
});

test('with no selected place the stored normal carts are removed, subscription carts and the rest stay', () => {
  const store = fakeStore({
    cartp1: cart,
    cartp2: cart,
    cartSubscriptionp1: cart,
    typeCart: 'cart',
    token: 't',
  });
  assert.deepEqual(cleanCartsWithoutPlace(store).sort(), ['cartp1', 'cartp2']);
  assert.deepEqual([...store.data.keys()].sort(), ['cartSubscriptionp1', 'token', 'typeCart']);
});

test('with a selected place nothing is cleaned', () => {
  const store = fakeStore({ selectedPlaceUid: 'p1', cartp1: cart, cartp2: cart });
  assert.deepEqual(cleanCartsWithoutPlace(store), []);
  assert.equal(store.data.size, 3);
});

test('a pending login merge keeps the guest lines', () => {
  const store = fakeStore({ merge: 'true', cartp1: cart });
  assert.deepEqual(cleanCartsWithoutPlace(store), []);
  assert.ok(store.data.has('cartp1'));
});

test('the cleaning runs once per load: a later cart without a place is kept', () => {
  const first = fakeStore({ cartp1: cart });
  assert.deepEqual(cleanCartsOnce(first), ['cartp1']);
  const later = fakeStore({ cartp2: cart });
  assert.deepEqual(cleanCartsOnce(later), []);
  assert.ok(later.data.has('cartp2'));
});
