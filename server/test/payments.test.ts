import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSandboxToken, sandboxCardToken } from '@store/contract';
import {
  mercadoPagoOutcome,
  paymentProvider,
  SandboxPaymentProvider,
  type CreatePaymentRequest,
  type PaymentProvider,
} from '../src/modules/payments/provider';

const request = (number: string, amountCents = 1000): CreatePaymentRequest => ({
  amountCents,
  currency: 'PEN',
  reference: 'order-1',
  idempotencyKey: 'order-1',
  description: 'test',
  payerEmail: 'ana@example.com',
  card: {
    token: sandboxCardToken(number, 'abcdef123456'),
    payment_method_id: 'visa',
    installments: 1,
  },
  notificationUrl: null,
});

test('the sandbox form makes a token that carries the outcome and last four digits, never the number', () => {
  const token = sandboxCardToken('4242 4242 4242 4242', 'abcdef123456');
  assert.doesNotMatch(token, /424242424242/);
  assert.deepEqual(parseSandboxToken(token), { outcome: 'approved', last4: '4242' });
  assert.equal(parseSandboxToken('4242424242424242'), null);
});

test('the SANDBOX provider approves, leaves pending or declines by its test cards', async () => {
  const sandbox: PaymentProvider = paymentProvider({ provider: 'sandbox', accessToken: null });
  assert.equal(sandbox.constructor, SandboxPaymentProvider);
  for (const number of ['4242 4242 4242 4242', '5555555555554444']) {
    const payment = await sandbox.createPayment(request(number));
    assert.equal(payment.status, 'approved', number);
    assert.deepEqual(await sandbox.getPayment(payment.id), payment);
    await sandbox.refund(payment.id, null, 'r1');
    await assert.rejects(sandbox.refund(payment.id, 1001, 'r2'), 'cannot refund more than paid');
  }
  const pending = await sandbox.createPayment(request('4000 0000 0000 3220'));
  assert.equal(pending.status, 'pending');
  const declined = await sandbox.createPayment(request('4000000000009995'));
  assert.deepEqual([declined.status, declined.detail], ['rejected', 'insufficient_funds']);
  assert.equal((await sandbox.createPayment(request('4111111111111111'))).status, 'rejected');
  await assert.rejects(sandbox.refund('made-up', 1, 'r3'), 'an unknown payment is refused');
});

test("Mercado Pago's statuses map onto ours", () => {
  assert.equal(mercadoPagoOutcome('approved'), 'approved');
  for (const s of ['pending', 'in_process', 'authorized', 'in_mediation'])
    assert.equal(mercadoPagoOutcome(s), 'pending', s);
  assert.equal(mercadoPagoOutcome('rejected'), 'rejected');
  assert.equal(mercadoPagoOutcome('cancelled'), 'cancelled');
  assert.equal(mercadoPagoOutcome('refunded'), 'refunded');
  assert.equal(mercadoPagoOutcome('charged_back'), 'charged_back');
});

test('an unknown provider name is a programming error, not a silent approval', () => {
  assert.throws(() => paymentProvider({ provider: 'stripe', accessToken: 'x' }));
  assert.throws(() => paymentProvider({ provider: null, accessToken: null }));
  assert.throws(() => paymentProvider({ provider: 'mercadopago', accessToken: null }));
});
