import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canTransition,
  isCanceled,
  isFinal,
  nextStatuses,
  orderStatuses,
  type OrderActor,
  type ShippingType,
} from '../src/orders/status';

/** The whole table, written out: every move not listed here must be refused. */
const allowed = new Set([
  'RECEIVED>ACCEPTED:place:delivery',
  'RECEIVED>ACCEPTED:place:pickup',
  'RECEIVED>CANCELED_BY_PLACE:place:delivery',
  'RECEIVED>CANCELED_BY_PLACE:place:pickup',
  'RECEIVED>CANCELED_BY_USER:member:delivery',
  'RECEIVED>CANCELED_BY_USER:member:pickup',
  'ACCEPTED>CANCELED_BY_PLACE:place:delivery',
  'ACCEPTED>CANCELED_BY_PLACE:place:pickup',
  'ACCEPTED>SHIPPED:place:delivery',
  'ACCEPTED>DELIVERED:place:pickup',
  'SHIPPED>DELIVERED:place:delivery',
]);

test('the order state machine allows exactly the listed moves and refuses every other', () => {
  let checked = 0;
  for (const from of orderStatuses)
    for (const to of orderStatuses)
      for (const by of ['member', 'place'] as OrderActor[])
        for (const shipping of ['delivery', 'pickup'] as ShippingType[]) {
          checked++;
          assert.equal(
            canTransition(from, to, by, shipping),
            allowed.has(`${from}>${to}:${by}:${shipping}`),
            `${from}>${to} by ${by} (${shipping})`,
          );
        }
  assert.equal(checked, 6 * 6 * 2 * 2);
});

test('final and canceled statuses', () => {
  assert.deepEqual(orderStatuses.filter(isFinal), [
    'DELIVERED',
    'CANCELED_BY_PLACE',
    'CANCELED_BY_USER',
  ]);
  assert.deepEqual(orderStatuses.filter(isCanceled), ['CANCELED_BY_PLACE', 'CANCELED_BY_USER']);
  assert.deepEqual(nextStatuses('RECEIVED', 'member', 'pickup'), ['CANCELED_BY_USER']);
  assert.deepEqual(nextStatuses('ACCEPTED', 'place', 'delivery'), ['CANCELED_BY_PLACE', 'SHIPPED']);
});
