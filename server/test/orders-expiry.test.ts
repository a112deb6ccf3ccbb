import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { storeScope } from './support/scope';
import { startTestApp, type TestApp } from './support/test-app';
import { cashPickupOrder, goodCard, makeShop, stockOf, type Shop } from './support/orders';
import { expireUnacceptedOrders } from '../src/modules/orders/expiry';
import { transitionOrder } from '../src/modules/orders/service';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { apps, coupons, orders } from '../src/db/schema';

/**
 * apps.order_acceptance_minutes: an order the store leaves RECEIVED for
 * longer expires as CANCELED_BY_PLACE and gives back what a cancellation
 * does (stock, coupon use), a card payment refunded; concurrent runners
 * expire each order once.
 */
let t: TestApp;
let shop: Shop;
let member: Awaited<ReturnType<Shop['member']>>;
const MINUTES = 30;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

before(async () => {
  t = await startTestApp({ seedDemo: false });
  shop = await makeShop(t, 'expiry', {
    stock: 100,
    orderAcceptanceMinutes: MINUTES,
    coupons: [{ key: 'c', code: 'MENOS1', kind: 'AMOUNT', value: '1.00', max_uses: 50 }],
  });
  member = await shop.member();
});
after(async () => t?.close());

async function order(quantity: number, extra: Record<string, unknown> = {}) {
  const res = await cashPickupOrder(t, shop, member.auth, extra, quantity);
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; number: number };
}

const couponUses = async () =>
  (await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.code, 'MENOS1')))[0]
    .uses;
const rowOf = async (uid: string) =>
  (await t.db.select().from(orders).where(eq(orders.uid, uid)))[0];
const expiredOnly = (found: { uid: string }[], uids: string[]) =>
  found.filter((o) => uids.includes(o.uid));

describe('orders the store never accepts expire', () => {
  test('after the tenant minutes, not before: CANCELED_BY_PLACE, stock and coupon use back, the member sees it canceled', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const uses = await couponUses();
    const o = await order(3, { coupon: 'MENOS1', expected_total: '29.00' });
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 3);
    assert.equal(await couponUses(), uses + 1);

    assert.deepEqual(
      expiredOnly(await expireUnacceptedOrders(t.db, later(MINUTES - 1)), [o.uid]),
      [],
    );
    assert.equal((await rowOf(o.uid)).status, 'RECEIVED');

    const expired = expiredOnly(await expireUnacceptedOrders(t.db, later(MINUTES + 1)), [o.uid]);
    assert.equal(expired.length, 1);
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
    assert.equal(await couponUses(), uses);
    const seen = await t.get(`/api/v5/me/orders/${o.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(seen.statusCode, 200, seen.body);
    assert.equal(seen.data.status, 'CANCELED_BY_PLACE');
    assert.equal(seen.data.can_cancel, false);

    // A second run finds nothing left to give back.
    assert.deepEqual(
      expiredOnly(await expireUnacceptedOrders(t.db, later(MINUTES + 5)), [o.uid]),
      [],
    );
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('an accepted order does not expire; a card-paid one is refunded', async () => {
    const app = (await findAppRowByDomain(t.db, shop.host))!;
    const accepted = await order(1);
    await transitionOrder(storeScope(t, app), accepted.uid, 'ACCEPTED', 'place');
    const card = await order(1, { payment_method: shop.online, card: goodCard });
    assert.equal((await rowOf(card.uid)).paymentStatus, 'PAID');
    const expired = expiredOnly(await expireUnacceptedOrders(t.db, later(MINUTES + 1)), [
      accepted.uid,
      card.uid,
    ]);
    assert.deepEqual(
      expired.map((o) => o.uid),
      [card.uid],
    );
    assert.equal((await rowOf(accepted.uid)).status, 'ACCEPTED');
    const refunded = await rowOf(card.uid);
    assert.equal(refunded.status, 'CANCELED_BY_PLACE');
    assert.equal(refunded.paymentStatus, 'REFUNDED');
  });

  test('four runners at once expire each order once: stock comes back exactly once', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await order(2));
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 12);
    const uids = placed.map((o) => o.uid);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => expireUnacceptedOrders(t.db, later(MINUTES + 1))),
    );
    const all = runs.flatMap((r) => expiredOnly(r, uids)).map((o) => o.uid);
    assert.equal(all.length, 6, 'each order expired by exactly one runner');
    assert.deepEqual([...new Set(all)].sort(), [...uids].sort());
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('a tenant with order_acceptance_minutes 0 never expires orders', async () => {
    const app = (await findAppRowByDomain(t.db, shop.host))!;
    await t.db.update(apps).set({ orderAcceptanceMinutes: 0 }).where(eq(apps.uid, app.uid));
    const o = await order(1);
    assert.equal((await rowOf(o.uid)).acceptBy, null);
    assert.deepEqual(expiredOnly(await expireUnacceptedOrders(t.db, later(10_000)), [o.uid]), []);
    assert.equal((await rowOf(o.uid)).status, 'RECEIVED');
  });
});
