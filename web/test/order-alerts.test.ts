import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cancelReasonCode } from '@store/contract/orders/cancel-reasons';
import { unseenOrders } from '../src/lib/order-alerts';
import { ordersEn, ordersEs, alertsEn, alertsEs } from '../src/features/admin/orders/i18n';
import { ordersEs as memberOrdersEs } from '../src/i18n/checkout-es';
import { ordersEn as memberOrdersEn } from '../src/i18n/checkout-en';

const order = (uid: string) => ({ uid });

test('the first answer is only remembered; later answers announce what was not seen', () => {
  const first = unseenOrders(null, [order('b'), order('a')]);
  assert.deepEqual(first.fresh, [], 'what was there when the console opened is not news');
  const second = unseenOrders(first.seen, [order('c'), order('b'), order('a')]);
  assert.deepEqual(second.fresh, [order('c')]);
  // An order that shows late (its card answered after a newer order) is still news.
  const late = unseenOrders(second.seen, [order('c'), order('x'), order('b')]);
  assert.deepEqual(late.fresh, [order('x')]);
  // Nothing new: nothing announced, however often the same answer comes.
  assert.deepEqual(unseenOrders(late.seen, [order('c'), order('x')]).fresh, []);
});

test('both languages name every cancellation reason, for the owner and for the customer', () => {
  for (const catalogue of [ordersEs, ordersEn] as Record<string, unknown>[])
    for (const code of cancelReasonCode.options)
      assert.equal(typeof catalogue[`reason_${code}`], 'string', code);
  for (const catalogue of [memberOrdersEs, memberOrdersEn] as Record<string, unknown>[])
    for (const code of cancelReasonCode.options)
      assert.equal(typeof catalogue[`cancelReason_${code}`], 'string', code);
  assert.deepEqual(Object.keys(alertsEn).sort(), Object.keys(alertsEs).sort());
});
