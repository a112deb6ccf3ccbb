import { before, test } from 'node:test';
import assert from 'node:assert/strict';

// The cart store runs in the browser: a minimal window stands in, whose localStorage (as a
// browser's) has the stored keys as its own properties and its methods hidden from Object.keys.
const data: Record<string, string> = {};
Object.defineProperties(data, {
  getItem: { value: (k: string) => (Object.hasOwn(data, k) ? data[k] : null) },
  setItem: { value: (k: string, v: string) => void (data[k] = String(v)) },
  removeItem: { value: (k: string) => void delete data[k] },
  clear: { value: () => Object.keys(data).forEach((k) => delete data[k]) },
});
const listeners = new Map<string, Set<() => void>>();
const fetched: string[] = [];
before(() => {
  Object.assign(globalThis, {
    window: {
      localStorage: data,
      addEventListener: (type: string, fn: () => void) =>
        (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
      removeEventListener: (type: string, fn: () => void) => listeners.get(type)?.delete(fn),
      dispatchEvent: (event: Event) => {
        for (const fn of listeners.get(event.type) ?? []) fn();
        return true;
      },
      location: { origin: 'http://localhost', href: 'http://localhost/' },
    },
    fetch: async (url: string) => {
      fetched.push(String(url));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
});

const line = (uid: string, quantity = 1) => ({
  uid,
  title: uid,
  image: null,
  quantity,
  direct_purchase: false,
  is_redeemable: false,
  coin_price: null,
  stock: null,
  unit_price: '5.00',
  option_groups: [],
});

test('normal and subscription carts of a place keep their own lines; the switch is typeCart', async () => {
  const store = await import('../src/lib/cart-store');
  const { upsertLine } = await import('../src/lib/cart-logic');
  data.token = 'member-token';
  await store.commitCart(
    { place: 'p1', products: upsertLine([], line('coffee', 2)) },
    'subscription',
  );
  // The subscription cart lives only in the browser: nothing goes to the server cart.
  assert.deepEqual(fetched, []);
  delete data.token;
  await store.commitCart({ place: 'p1', products: upsertLine([], line('bread')) });
  assert.deepEqual(
    store.readCart('p1', 'subscription').products.map((l) => [l.id, l.quantity]),
    [['coffee-0', 2]],
  );
  assert.deepEqual(
    store.readCart('p1').products.map((l) => l.id),
    ['bread-0'],
  );
  assert.ok(Object.hasOwn(data, 'cartSubscriptionp1') && Object.hasOwn(data, 'cartp1'));

  assert.equal(store.getCartType(), 'cart');
  store.setCartType('subscription');
  assert.equal(data.typeCart, 'subscription');
  assert.equal(store.getCartType(), 'subscription');
  store.setCartType('cart');
  assert.equal(store.getCartType(), 'cart');
  // Switching leaves both carts as they were.
  assert.equal(store.readCart('p1', 'subscription').products.length, 1);
  assert.equal(store.readCart('p1').products.length, 1);
});

test('after a subscription every subscription cart is cleared; normal carts stay', async () => {
  const store = await import('../src/lib/cart-store');
  const { upsertLine } = await import('../src/lib/cart-logic');
  await store.commitCart({ place: 'p2', products: upsertLine([], line('tea')) }, 'subscription');
  store.clearSubscriptionCarts();
  assert.equal(store.readCart('p1', 'subscription').products.length, 0);
  assert.equal(store.readCart('p2', 'subscription').products.length, 0);
  assert.equal(store.readCart('p1').products.length, 1);
});
