import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../src/api/client';
import { failureMessagesOf, messagesOf } from '../src/features/checkout/error-messages';
import { stateBinding } from '../src/features/checkout/form/form-binding';

test('messagesOf: a detail, or every field message in order', () => {
  assert.deepEqual(messagesOf(new ApiError(409, { detail: 'Stock agotado.' })), ['Stock agotado.']);
  assert.deepEqual(
    messagesOf(new ApiError(400, { area: ['Zona no encontrada.'], address: ['Requerido.'] })),
    ['Zona no encontrada.', 'Requerido.'],
  );
  assert.deepEqual(messagesOf(new Error('boom')), []);
});

test('failureMessagesOf: the server words for a refusal, the fallback for a crash or no network', () => {
  const fallback = 'No pudimos enviar tu pedido.';
  assert.deepEqual(failureMessagesOf(new ApiError(409, { detail: 'Local cerrado.' }), fallback), [
    'Local cerrado.',
  ]);
  assert.deepEqual(failureMessagesOf(new ApiError(500, { detail: 'Internal' }), fallback), [
    fallback,
  ]);
  assert.deepEqual(failureMessagesOf(new ApiError(0, null), fallback), [fallback]);
  assert.deepEqual(failureMessagesOf(new TypeError('Failed to fetch'), fallback), [fallback]);
});

test('stateBinding: inputs and radios read the state and write through set', () => {
  const values = { shipping_type: 'pickup', address: 'Av. Larco 812' };
  const writes: [string, string][] = [];
  const binding = stateBinding<'shipping_type' | 'address'>(
    values,
    (field, value) => writes.push([field, value]),
    (field) => (field === 'address' ? 'Requerido.' : undefined),
  );
  const address = binding.input('address');
  assert.equal(address.name, 'address');
  assert.equal(address.value, 'Av. Larco 812');
  address.onChange({ target: { value: 'Calle Berlín 350' } } as never);
  assert.equal(binding.radio('shipping_type', 'pickup').checked, true);
  const delivery = binding.radio('shipping_type', 'delivery');
  assert.equal(delivery.checked, false);
  assert.equal(delivery.value, 'delivery');
  delivery.onChange({ target: { value: 'delivery' } } as never);
  binding.set('address', 'picked');
  assert.deepEqual(writes, [
    ['address', 'Calle Berlín 350'],
    ['shipping_type', 'delivery'],
    ['address', 'picked'],
  ]);
  assert.equal(binding.error('address'), 'Requerido.');
  assert.equal(binding.error('shipping_type'), undefined);
  assert.equal(binding.value('shipping_type'), 'pickup');
});
