import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  luhnValid,
  paymentProvider,
  SandboxPaymentProvider,
} from '../src/modules/payments/provider';

const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: 2099,
  cvc: '123',
  holder_name: 'ANA',
});
const request = (number: string, amountCents = 1000) => ({
  amountCents,
  currency: 'PEN',
  reference: 'order-1',
  source: card(number),
});

test('the SANDBOX provider approves its approving test cards and declines the others', async () => {
  const sandbox = paymentProvider('sandbox');
  assert.ok(sandbox instanceof SandboxPaymentProvider);
  for (const number of ['4242 4242 4242 4242', '5555555555554444']) {
    const result = await sandbox.authorize(request(number));
    assert.equal(result.approved, true, number);
    if (result.approved) {
      await sandbox.capture(result.authorization, 1000);
      await sandbox.refund(result.authorization, 1000);
      await assert.rejects(
        sandbox.capture(result.authorization, 1001),
        'cannot capture more than authorized',
      );
    }
  }
  assert.deepEqual(await sandbox.authorize(request('4000 0000 0000 0002')), {
    approved: false,
    reason: 'card_declined',
    last4: '0002',
  });
  assert.deepEqual(await sandbox.authorize(request('4000000000009995')), {
    approved: false,
    reason: 'insufficient_funds',
    last4: '9995',
  });
  assert.equal(
    (await sandbox.authorize(request('4111111111111111'))).approved,
    false,
    'any other card is declined',
  );
  await assert.rejects(sandbox.refund('made-up', 1), 'an unknown authorization is refused');
});

test('card numbers are Luhn-checked before any provider is asked', () => {
  assert.equal(luhnValid('4242 4242 4242 4242'), true);
  assert.equal(luhnValid('4000 0000 0000 0002'), true);
  assert.equal(luhnValid('4242 4242 4242 4241'), false);
  assert.equal(luhnValid('12345'), false);
  assert.equal(luhnValid('abcd abcd abcd abcd'), false);
});

test('an unknown provider name is a programming error, not a silent approval', () => {
  assert.throws(() => paymentProvider('stripe'));
  assert.throws(() => paymentProvider(null));
});
