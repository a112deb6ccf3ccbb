import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageCount } from '@store/contract/http/pages';
import {
  attemptFor,
  buildOrderBody,
  luhnValid,
  sandboxCard,
  installmentAmount,
  installmentAmounts,
  billingAddressNeeded,
  paidLater,
  checkoutErrors,
  parseExpiry,
  formatCardNumber,
  formatExpiry,
  priceChangeOf,
  shippingPart,
  slotRange,
  statusSteps,
  type CheckoutValues,
} from '../src/lib/checkout-logic';

const base: CheckoutValues = {
  shipping_type: 'pickup',
  area: '',
  address: '',
  reference: '',
  latitude: '',
  longitude: '',
  pickup_date: '2026-11-23',
  pickup_start: '09:00',
  payment_method: 'cash-uid',
  card_holder: '',
  card_number: '',
  card_expiry: '',
  card_cvc: '',
  card_installments: '1',
  first_name: 'Ana',
  last_name: 'Quispe',
  email: 'demo@aurora.pe',
  phone: '+51987650001',
  city: 'Lima',
  billing_address: 'Av. Arequipa 4500',
  comments: '',
};
const now = new Date('2026-11-22T12:00:00Z');

test('a complete pickup order with cash has no errors', () => {
  assert.deepEqual(checkoutErrors(base, 'CASH', now), {});
});

test('delivery needs an area, an address and numeric coordinates', () => {
  const errors = checkoutErrors(
    { ...base, shipping_type: 'delivery', latitude: 'abc', longitude: '' },
    'CASH',
    now,
  );
  assert.equal(errors.area, 'form.required');
  assert.equal(errors.address, 'form.required');
  assert.equal(errors.latitude, 'form.numeric');
  assert.equal(errors.longitude, 'form.required');
  assert.equal(
    checkoutErrors(
      {
        ...base,
        shipping_type: 'delivery',
        area: 'a',
        address: 'x',
        latitude: '95',
        longitude: '-77',
      },
      'CASH',
      now,
    ).latitude,
    'form.positive_number',
  );
});

test('pickup needs a date and a slot; a payment method must be chosen', () => {
  const errors = checkoutErrors(
    { ...base, pickup_date: '', pickup_start: '', payment_method: '' },
    null,
    now,
  );
  assert.deepEqual(Object.keys(errors).sort(), ['payment_method', 'pickup_date', 'pickup_start']);
});

test('billing data follow the generic rules with their message codes', () => {
  const errors = checkoutErrors(
    { ...base, email: 'ana@', phone: '98765', first_name: ' ' },
    'CASH',
    now,
  );
  assert.equal(errors.email, 'form.email');
  assert.equal(errors.phone, 'form.telephone');
  assert.equal(errors.first_name, 'form.required');
  assert.equal(
    checkoutErrors({ ...base, phone: '987650001' }, 'CASH', now).phone,
    undefined,
    'nine digits pass',
  );
});

test('a Mercado Pago card: only the holder is ours to check (its secure fields check the card)', () => {
  const empty = { ...base, card_holder: '', card_number: '', card_expiry: '', card_cvc: '' };
  assert.deepEqual(checkoutErrors(empty, 'ONLINE_CARD', now, 'mercadopago'), {
    card_holder: 'form.required',
  });
  assert.deepEqual(
    checkoutErrors({ ...empty, card_holder: 'ANA' }, 'ONLINE_CARD', now, 'mercadopago'),
    {},
  );
  // The sandbox form keeps its own checks.
  assert.ok(checkoutErrors(empty, 'ONLINE_CARD', now, 'sandbox').card_number);
});

test('the online card needs holder, number, a future expiry and a CVC', () => {
  const errors = checkoutErrors(
    { ...base, card_number: '4242', card_expiry: '10/26', card_cvc: '12' },
    'ONLINE_CARD',
    now,
  );
  assert.deepEqual(Object.keys(errors).sort(), [
    'card_cvc',
    'card_expiry',
    'card_holder',
    'card_number',
  ]);
  const ok = {
    ...base,
    card_holder: 'Ana',
    card_number: '4242 4242 4242 4242',
    card_expiry: '11/26',
    card_cvc: '123',
  };
  assert.deepEqual(checkoutErrors(ok, 'ONLINE_CARD', now), {});
  assert.deepEqual(checkoutErrors({ ...base }, 'CASH', now), {}, 'no card for cash');
});

test('expiry reads MM/YY, MM/YYYY and the bare digits of a phone keypad', () => {
  assert.deepEqual(parseExpiry('12/30'), { month: 12, year: 2030 });
  assert.deepEqual(parseExpiry(' 1 / 2031 '), { month: 1, year: 2031 });
  assert.deepEqual(parseExpiry('1230'), { month: 12, year: 2030 });
  assert.deepEqual(parseExpiry('052031'), { month: 5, year: 2031 });
  assert.equal(parseExpiry('13/30'), null);
  assert.equal(parseExpiry('123'), null);
});

test('card number grouped by four and the expiry slash put in as the digits come', () => {
  assert.equal(formatCardNumber('4242424242424242'), '4242 4242 4242 4242');
  assert.equal(formatCardNumber('4242 42-42'), '4242 4242');
  assert.equal(formatCardNumber('4'.repeat(25)).replace(/ /g, '').length, 19);
  assert.equal(formatExpiry('1'), '1');
  assert.equal(formatExpiry('12'), '12/');
  assert.equal(formatExpiry('12/3'), '12/3');
  assert.equal(formatExpiry('1230'), '12/30');
  assert.equal(formatExpiry('123099'), '12/30');
  assert.equal(formatExpiry('5'), '05/');
  // Backspace over the slash: '12/' -> '12' stays '12', not '12/' again.
  assert.equal(formatExpiry('12', '12/'), '12');
});

test('the order body: shipping, card only for online cards, trimmed billing, spaces out of numbers', () => {
  const products = [{ id: 'p-0', uid: 'p', quantity: 2, option_groups: [] }];
  const pickup = buildOrderBody({ ...base, comments: '  sin hielo ' }, products, {
    expectedTotal: '24.50',
    coupon: null,
    paymentType: 'CASH',
  });
  assert.deepEqual(pickup.pickup, { date: '2026-11-23', start: '09:00' });
  assert.equal(pickup.shipping_type, 'pickup');
  assert.equal('card' in pickup, false);
  assert.equal(pickup.comments, 'sin hielo');
  const delivery = buildOrderBody(
    {
      ...base,
      shipping_type: 'delivery',
      area: 'lima',
      address: ' Calle 1 ',
      latitude: '-12.1',
      longitude: '-77',
      card_holder: 'Ana',
      card_number: '4242 4242 4242 4242',
      card_expiry: '12/30',
      card_cvc: '123',
    },
    products,
    {
      expectedTotal: '30.00',
      coupon: 'AURORA5',
      paymentType: 'ONLINE_CARD',
      card: sandboxCard({ card_number: '4242 4242 4242 4242' }, 'salt1234'),
    },
  );
  assert.deepEqual(delivery.delivery, {
    area: 'lima',
    address: 'Calle 1',
    reference: '',
    latitude: -12.1,
    longitude: -77,
  });
  assert.deepEqual(delivery.card, {
    token: 'sbxtok_approved_4242_salt1234',
    payment_method_id: 'visa',
    installments: 1,
  });
  assert.doesNotMatch(JSON.stringify(delivery), /4242424242424242/, 'no card number is sent');
  assert.equal(
    sandboxCard({ card_number: '4242424242424242' }, 'salt1234').token,
    delivery.card!.token,
    'the same card gives the same token: a retry is the same attempt',
  );
  assert.equal(
    sandboxCard({ card_number: '4242424242424242', card_installments: '3' }, 'salt1234')
      .installments,
    3,
    'the installments chosen in the sandbox form travel with the token',
  );
  assert.equal(
    sandboxCard({ card_number: '4242424242424242', card_installments: '' }, 's').installments,
    1,
  );
  assert.equal(installmentAmount('25.00', 3), '8.33');
  assert.equal(installmentAmount('100', 6), '16.67');
  assert.equal(installmentAmount('19.90', 1), '19.90');
  assert.equal(luhnValid('4242 4242 4242 4242'), true);
  assert.equal(luhnValid('4242 4242 4242 4241'), false);
  assert.equal(delivery.coupon, 'AURORA5');
  assert.equal(
    shippingPart({ ...base, shipping_type: 'delivery' }),
    null,
    'incomplete delivery is not priced',
  );
});

test('one Idempotency-Key per attempt: the same body reuses it, a changed body gets a new one', () => {
  let n = 0;
  const key = () => `k${++n}`;
  const first = attemptFor(null, { a: 1 }, key);
  assert.equal(first.key, 'k1');
  assert.equal(attemptFor(first, { a: 1 }, key).key, 'k1', 'a retry of the same order');
  assert.equal(attemptFor(first, { a: 2 }, key).key, 'k2', 'another card or confirmed new prices');
});

test('status steps: pickup is never shipped; canceled shows where it stopped', () => {
  assert.deepEqual(
    statusSteps('RECEIVED', 'pickup').map((s) => [s.status, s.state]),
    [
      ['RECEIVED', 'current'],
      ['ACCEPTED', 'upcoming'],
      ['DELIVERED', 'upcoming'],
    ],
  );
  assert.deepEqual(
    statusSteps('SHIPPED', 'delivery').map((s) => s.state),
    ['done', 'done', 'current', 'upcoming'],
  );
  assert.deepEqual(
    statusSteps('DELIVERED', 'delivery').map((s) => s.state),
    ['done', 'done', 'done', 'done'],
  );
  assert.deepEqual(
    statusSteps('CANCELED_BY_USER', 'delivery').map((s) => [s.status, s.state]),
    [
      ['RECEIVED', 'done'],
      ['CANCELED_BY_USER', 'current'],
    ],
  );
});

test('a 409 price change carries the new quote; other answers are not one', () => {
  assert.deepEqual(
    priceChangeOf(409, { detail: 'd', code: 'orders.price_changed', quote: { total: '9.00' } }),
    { detail: 'd', quote: { total: '9.00' } },
  );
  assert.equal(priceChangeOf(400, { code: 'orders.price_changed', quote: {} }), null);
  assert.equal(priceChangeOf(409, { detail: 'x' }), null);
});

test('slots read as a start-end range; page count', () => {
  assert.equal(slotRange({ start: '08:00', end: '08:30' }), '08:00 - 08:30');
  assert.equal(pageCount(0, 20), 1);
  assert.equal(pageCount(41, 20), 3);
});

test('installments add up to the total: the last one absorbs the rounding (issue 36)', () => {
  assert.deepEqual(installmentAmounts('27.83', 3), { each: '9.28', last: '9.27' });
  assert.deepEqual(installmentAmounts('25.00', 3), { each: '8.33', last: '8.34' });
  assert.deepEqual(installmentAmounts('100', 6), { each: '16.67', last: '16.65' });
  assert.deepEqual(installmentAmounts('24.00', 2), { each: '12.00', last: '12.00' });
  for (const [total, count] of [
    ['27.83', 3],
    ['10.01', 6],
    ['99.99', 12],
  ] as const) {
    const { each, last } = installmentAmounts(total, count);
    assert.equal(
      Math.round(Number(each) * 100) * (count - 1) + Math.round(Number(last) * 100),
      Math.round(Number(total) * 100),
    );
  }
});

test('a pickup paid at the counter asks for no billing address and confirms instead of paying', () => {
  assert.equal(billingAddressNeeded('pickup', 'CASH'), false);
  assert.equal(billingAddressNeeded('pickup', 'CARD_ON_DELIVERY'), false);
  assert.equal(billingAddressNeeded('pickup', 'ONLINE_CARD'), true);
  assert.equal(billingAddressNeeded('delivery', 'CASH'), true);
  assert.equal(billingAddressNeeded('pickup', null), true);
  assert.equal(paidLater('CASH'), true);
  assert.equal(paidLater('ONLINE_CARD'), false);
});
