import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canAdd,
  canIncrease,
  canSelectMore,
  cartSubtotal,
  coinsMissing,
  invalidGroups,
  lineId,
  lineTotal,
  mergeCarts,
  previewExtras,
  removeLine,
  setLineQuantity,
  toCartInput,
  upsertLine,
  type CartItem,
} from '../src/lib/cart-logic';

function item(
  uid: string,
  quantity = 1,
  options: string[] = [],
  extra: Partial<CartItem> = {},
): Omit<CartItem, 'id'> {
  return {
    uid,
    title: uid,
    image: null,
    quantity,
    direct_purchase: false,
    is_redeemable: false,
    coin_price: null,
    stock: null,
    unit_price: '9.50',
    option_groups: options.length
      ? [
          {
            uid: 'g',
            name: 'Extras',
            options: options.map((o) => ({ uid: o, name: o, price: '1.50' })),
          },
        ]
      : [],
    ...extra,
  };
}

test('a cart line id is the product uid and its position', () => {
  assert.equal(lineId('abc', 0), 'abc-0');
  let cart = upsertLine([], item('a'));
  cart = upsertLine(cart, item('b'));
  assert.deepEqual(
    cart.map((l) => l.id),
    ['a-0', 'b-1'],
  );
  // Removing the first line moves the second to position 0.
  assert.deepEqual(
    removeLine(cart, 'a').map((l) => l.id),
    ['b-0'],
  );
});

test('re-adding a product replaces its line in place', () => {
  let cart = upsertLine([], item('a', 1, ['x']));
  cart = upsertLine(cart, item('b', 2));
  cart = upsertLine(cart, item('a', 3, ['y']));
  assert.equal(cart.length, 2);
  assert.equal(cart[0].id, 'a-0');
  assert.equal(cart[0].quantity, 3);
  assert.deepEqual(
    cart[0].option_groups[0].options.map((o) => o.uid),
    ['y'],
  );
});

test('quantity 0 removes the line, whether set in the popup or in the cart', () => {
  const cart = upsertLine(upsertLine([], item('a')), item('b'));
  assert.deepEqual(
    upsertLine(cart, item('a', 0)).map((l) => l.uid),
    ['b'],
  );
  assert.deepEqual(
    setLineQuantity(cart, 'b-1', 0).map((l) => l.uid),
    ['a'],
  );
  assert.equal(setLineQuantity(cart, 'b-1', 4)[1].quantity, 4);
});

test('plus is disabled at or above the counted stock, never for uncounted stock', () => {
  assert.equal(canIncrease({ quantity: 1, stock: 2 }), true);
  assert.equal(canIncrease({ quantity: 2, stock: 2 }), false);
  assert.equal(canIncrease({ quantity: 50, stock: null }), true);
});

test('merge after login keeps every guest line; the local quantity wins for the same product and options', () => {
  const server = [
    { ...item('a', 5, ['x']), id: 'a-0', total: '55.00' },
    { ...item('s', 1), id: 's-1' },
  ];
  const local = [
    { ...item('a', 2, ['x']), id: 'a-0' },
    { ...item('g', 3), id: 'g-1' },
  ];
  const merged = mergeCarts(server, local);
  assert.deepEqual(
    merged.map((l) => [l.id, l.quantity]),
    [
      ['a-0', 2],
      ['s-1', 1],
      ['g-2', 3],
    ],
  );
  // The server's price of a changed line is dropped until the server prices it again.
  assert.equal(merged[0].total, undefined);
  // Same product with other options: both lines are kept, nothing is lost.
  const other = mergeCarts(server, [{ ...item('a', 1, ['y']), id: 'a-0' }]);
  assert.deepEqual(
    other.map((l) => l.id),
    ['a-0', 's-1', 'a-2'],
  );
  // Options compared regardless of order.
  const twoOptions = [{ ...item('c', 1, ['x', 'y']), id: 'c-0' }];
  assert.equal(mergeCarts(twoOptions, [{ ...item('c', 7, ['y', 'x']), id: 'c-0' }]).length, 1);
  // An empty server cart takes the guest's cart as it is.
  assert.deepEqual(
    mergeCarts([], local).map((l) => l.id),
    ['a-0', 'g-1'],
  );
});

test('option groups: the selected count must lie between minimum and maximum', () => {
  const groups = [
    { uid: 'size', name: 'Tamaño', minimum_to_select: 1, maximum_to_select: 1 },
    { uid: 'milk', name: 'Leche', minimum_to_select: 0, maximum_to_select: 1 },
    { uid: 'extras', name: 'Extras', minimum_to_select: 0, maximum_to_select: 3 },
  ];
  assert.deepEqual(invalidGroups(groups, {}), ['size']);
  assert.equal(canAdd(groups, {}, 1), false);
  const ok = { size: ['m'], extras: ['a', 'b', 'c'] };
  assert.deepEqual(invalidGroups(groups, ok), []);
  assert.equal(canAdd(groups, ok, 1), true);
  assert.equal(canSelectMore(groups[2], ok), false, 'a 4th extra cannot be ticked');
  assert.deepEqual(invalidGroups(groups, { size: ['m'], extras: ['a', 'b', 'c', 'd'] }), [
    'extras',
  ]);
  assert.equal(canAdd(groups, ok, 0), false, 'quantity 0 disables add');
  assert.equal(canAdd(groups, ok, 1, true), false, 'loading disables add');
});

test('prices: local totals with options, the server total when present', () => {
  const line = { ...item('a', 2, ['x', 'y']), id: 'a-0' };
  assert.equal(lineTotal(line), '25.00');
  assert.equal(lineTotal({ ...line, total: '30.00' }), '30.00');
  assert.equal(
    cartSubtotal({ place: 'p', products: [line, { ...item('b'), id: 'b-1' }] }),
    '34.50',
  );
  assert.equal(cartSubtotal({ place: 'p', products: [line], subtotal: '99.00' }), '99.00');
});

test('coins missing for a redeemable item', () => {
  assert.equal(coinsMissing(150, 1, 0), 150);
  assert.equal(coinsMissing(40, 2, 50), 30);
  assert.equal(coinsMissing(40, 1, 100), 0);
  assert.equal(coinsMissing(null, 1, 0), 0);
});

test('the first 8 extras are previewed, then an ellipsis', () => {
  const many = item('a', 1, ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  assert.deepEqual(previewExtras(many), {
    shown: ['1', '2', '3', '4', '5', '6', '7', '8'],
    more: true,
  });
  assert.equal(previewExtras(item('a', 1, ['1'])).more, false);
});

test('the server cart body carries line ids, quantities and chosen option uids only', () => {
  const cart = { place: 'p', products: upsertLine([], item('a', 2, ['x'])) };
  assert.deepEqual(toCartInput(cart), {
    place: 'p',
    products: [
      {
        id: 'a-0',
        uid: 'a',
        quantity: 2,
        direct_purchase: false,
        option_groups: [{ uid: 'g', options: [{ uid: 'x' }] }],
      },
    ],
  });
});
