import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forgetInfluencerUid, readInfluencerUid } from '../src/lib/influencer';
import { buildOrderBody, type CheckoutValues } from '../src/lib/checkout-logic';

function fakeStore(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key: string) => data.get(key) ?? null,
    remove: (key: string) => void data.delete(key),
  };
}

test('the remembered influencer is read when it has the accepted shape', () => {
  assert.equal(readInfluencerUid(fakeStore({ influencerId: 'inf-42' })), 'inf-42');
  assert.equal(readInfluencerUid(fakeStore({})), undefined);
});

test('a malformed influencer is dropped, never sent', () => {
  for (const bad of ['', 'con espacio', 'x'.repeat(65), 'a/b']) {
    const store = fakeStore({ influencerId: bad });
    assert.equal(readInfluencerUid(store), undefined, bad);
    assert.equal(store.data.has('influencerId'), false);
  }
});

test('forgetting removes it', () => {
  const store = fakeStore({ influencerId: 'inf-42', token: 't' });
  forgetInfluencerUid(store);
  assert.deepEqual([...store.data.keys()], ['token']);
});

const values: CheckoutValues = {
  shipping_type: 'pickup',
  area: '',
  address: '',
  reference: '',
  latitude: '',
  longitude: '',
  pickup_date: '2026-11-23',
  pickup_start: '10:00',
  payment_method: 'cash',
  card_holder: '',
  card_number: '',
  card_expiry: '',
  card_cvc: '',
  card_installments: '1',
  first_name: 'Ana',
  last_name: 'Quispe',
  email: 'ana@example.com',
  phone: '+51987654321',
  city: 'Lima',
  billing_address: 'Av. Arequipa 1',
  comments: '',
};

test('the order body carries the influencer only when there is one', () => {
  const products = [{ uid: 'p', quantity: 1, option_groups: [] }];
  const base = { expectedTotal: '9.00', coupon: null, paymentType: 'CASH' as const };
  assert.equal(
    buildOrderBody(values, products, { ...base, influencerUid: 'inf-42' }).influencer_uid,
    'inf-42',
  );
  assert.equal('influencer_uid' in buildOrderBody(values, products, base), false);
});
