import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMessage, orderMessages, subscriptionMessages, messageText } from '@store/contract';
import { actorScope } from './support/scope';
import { startTestApp, type TestApp } from './support/test-app';
import { cashPickupOrder, firstSlot, goodCard, makeShop, type Shop } from './support/orders';
import { transitionOrder } from '../src/modules/orders/service';
import { findAppRowByDomain } from '../src/modules/tenancy/service';

/**
 * apps.max_unpaid_orders: a member holds at most N orders not paid yet and
 * not over; active subscriptions count apart against the same N. The check
 * runs under the member's row lock in the order's transaction, so racing
 * requests cannot both slip under the cap (on PostgreSQL they really run at
 * once; PGlite is one session, hence serial anyway).
 */
let t: TestApp;
let shop: Shop;
const MAX = 2;

before(async () => {
  t = await startTestApp({ seedDemo: false });
  shop = await makeShop(t, 'unpaid-cap', { stock: 1000, maxUnpaidOrders: MAX });
});
after(async () => t?.close());

const refusal = {
  non_field_errors: [messageText(formatMessage(orderMessages.tooManyUnpaid, { max: MAX }))],
};

async function order(auth: Record<string, string>, extra: Record<string, unknown> = {}) {
  return cashPickupOrder(t, shop, auth, extra);
}

describe('unpaid open orders per member', () => {
  test('the (N+1)th unpaid order is a 400 with the Spanish message; paid, delivered or canceled ones free a place', async () => {
    const m = await shop.member();
    const first = await order(m.auth);
    const second = await order(m.auth);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(second.statusCode, 201, second.body);
    const third = await order(m.auth);
    assert.equal(third.statusCode, 400, third.body);
    assert.deepEqual(third.data, refusal);
    assert.match(refusal.non_field_errors[0], /pedidos sin pagar/);

    // A card order is charged at once: paid, so it is not held against the cap.
    const card = await order(m.auth, { payment_method: shop.online, card: goodCard });
    assert.equal(card.statusCode, 201, card.body);
    assert.equal(card.data.payment_status ?? 'PAID', 'PAID');

    // Another member is not affected.
    assert.equal((await order((await shop.member()).auth)).statusCode, 201);

    // Canceling one frees a place; so does a delivered one.
    const app = (await findAppRowByDomain(t.db, shop.host))!;
    await transitionOrder(
      await actorScope(t, app, first.data.uid, 'member'),
      first.data.uid,
      'CANCELED_BY_USER',
      'member',
    );
    assert.equal((await order(m.auth)).statusCode, 201);
    assert.equal((await order(m.auth)).statusCode, 400);
  });

  test('10 concurrent orders of one member: exactly N pass the cap', async () => {
    const m = await shop.member();
    const slot = await firstSlot(t, shop);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => cashPickupOrder(t, shop, m.auth, { pickup: slot })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    assert.equal(codes.filter((c) => c === 201).length, MAX, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === 400).length, 10 - MAX, JSON.stringify(codes));
    for (const r of results.filter((x) => x.statusCode === 400)) assert.deepEqual(r.data, refusal);
  });
});

describe('active subscriptions per member', () => {
  const subscription = () => ({
    products: [{ uid: shop.cake.uid, quantity: 1, option_groups: shop.cakeLine(1).option_groups }],
    weekdays: ['monday'],
    time_slot: { start: '10:00', end: '10:30' },
    payment_method: shop.cash,
  });
  const subscribe = (auth: Record<string, string>) =>
    t.post(`/api/v5/places/${shop.place}/subscriptions/`, subscription(), {
      host: shop.host,
      headers: auth,
    });

  test('concurrent subscriptions of one member: exactly N become active, the rest are a 400', async () => {
    const m = await shop.member();
    const first = await subscribe(m.auth);
    assert.equal(first.statusCode, 201, first.body);
    const results = await Promise.all(Array.from({ length: 6 }, () => subscribe(m.auth)));
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 201).length, MAX - 1, JSON.stringify(codes));
    const refused = results.find((r) => r.statusCode === 400)!;
    assert.deepEqual(refused.data, {
      non_field_errors: [
        messageText(formatMessage(subscriptionMessages.tooManyActive, { max: MAX })),
      ],
    });
    // Subscriptions are counted apart: this member may still place unpaid orders.
    assert.equal((await order(m.auth)).statusCode, 201);
  });
});
