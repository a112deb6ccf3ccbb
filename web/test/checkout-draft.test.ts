import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkoutDraftKey, pickDraft } from '../src/lib/checkout-draft';

test('a checkout draft keeps shipping, point, billing and comments, never card data', () => {
  const draft = pickDraft({
    shipping_type: 'delivery',
    address: 'Calle Berlín 350',
    latitude: '-12.125',
    longitude: '-77.03',
    billing_address: 'Av. Arequipa 4500',
    comments: 'Tocar el timbre',
    pickup_start: '10:00',
    card_holder: 'Ana Torres',
    card_number: '4242 4242 4242 4242',
    card_expiry: '12/30',
    card_cvc: '123',
  });
  assert.deepEqual(draft, {
    shipping_type: 'delivery',
    address: 'Calle Berlín 350',
    latitude: '-12.125',
    longitude: '-77.03',
    billing_address: 'Av. Arequipa 4500',
    comments: 'Tocar el timbre',
  });
});

test('a stored draft that is not an object of texts gives nothing back', () => {
  assert.deepEqual(pickDraft(null), {});
  assert.deepEqual(pickDraft('delivery'), {});
  assert.deepEqual(pickDraft({ address: 5, comments: ['x'] }), {});
});

test('one draft per tenant and place', () => {
  assert.notEqual(checkoutDraftKey('app-a', 'place-1'), checkoutDraftKey('app-b', 'place-1'));
  assert.notEqual(checkoutDraftKey('app-a', 'place-1'), checkoutDraftKey('app-a', 'place-2'));
});
