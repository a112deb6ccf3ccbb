import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { orderStatuses, canTransition, type OrderStatus } from '@store/contract';
import { actorScope, storeScope } from './support/scope';
import type { TestApp } from './support/test-app';
import {
  billing,
  firstSlot,
  goodCard,
  makeShop,
  openShopWithMember,
  closeShopWithMember,
  type ShopWithMember,
  north,
  stockOf,
  type Shop,
} from './support/orders';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { markOrderReady, transitionOrder } from '../src/modules/orders/service';
import { expireUnacceptedOrders } from '../src/modules/orders/expiry';
import { coupons, orders } from '../src/db/schema';

let t: TestApp;
let smtp: ShopWithMember['smtp'];
let shop: Shop;
let member: ShopWithMember['member'];

before(async () => {
  ({ t, smtp, shop, member } = await openShopWithMember('lifecycle', {
    stock: 100,
    coupons: [{ key: 'c', code: 'MENOS1', kind: 'AMOUNT', value: '1.00', max_uses: 5 }],
  }));
});
after(() => closeShopWithMember({ t, smtp }));

async function place(
  opts: {
    shipping?: 'pickup' | 'delivery';
    quantity?: number;
    auth?: Record<string, string>;
    extra?: Record<string, unknown>;
  } = {},
) {
  const quantity = opts.quantity ?? 1;
  const delivery = opts.shipping === 'delivery';
  const body = {
    shipping_type: delivery ? 'delivery' : 'pickup',
    ...(delivery
      ? { delivery: { area: shop.area, address: 'Calle 1', ...north(2) } }
      : { pickup: await firstSlot(t, shop) }),
    products: [shop.cakeLine(quantity)],
    expected_total: ((quantity * 1000 + (delivery ? 800 : 0)) / 100).toFixed(2),
    payment_method: shop.cash,
    billing,
    ...opts.extra,
  };
  const res = await t.post(`/api/v5/places/${shop.place}/orders/`, body, {
    host: shop.host,
    headers: opts.auth ?? member.auth,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; status: OrderStatus; number: number };
}

const appRow = async () => (await findAppRowByDomain(t.db, shop.host))!;
const cancel = (uid: string, auth = member.auth) =>
  t.post(`/api/v5/me/orders/${uid}/cancel/`, undefined, { host: shop.host, headers: auth });

describe('member cancellation', () => {
  test('a RECEIVED order can be canceled once; its stock comes back exactly once', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const o = await place({ quantity: 3 });
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock - 3);
    const res = await cancel(o.uid);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.status, 'CANCELED_BY_USER');
    assert.equal(res.data.can_cancel, false);
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
    const again = await cancel(o.uid);
    assert.equal(again.statusCode, 400);
    assert.deepEqual(again.data, { non_field_errors: ['Este pedido ya no puede cancelarse.'] });
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('ten concurrent cancellations of one order: one wins, stock comes back once', async () => {
    const stock = (await stockOf(t, shop, shop.cake.uid))!;
    const o = await place({ quantity: 2 });
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel(o.uid)));
    assert.equal(results.filter((r) => r.statusCode === 200).length, 1);
    assert.equal(results.filter((r) => r.statusCode === 400).length, 9);
    assert.equal(await stockOf(t, shop, shop.cake.uid), stock);
  });

  test('an accepted order cannot be canceled by the member', async () => {
    const o = await place();
    await transitionOrder(storeScope(t, await appRow()), o.uid, 'ACCEPTED', 'place');
    const res = await cancel(o.uid);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data.non_field_errors, ['Este pedido ya no puede cancelarse.']);
  });

  test("another member's order, another tenant's and a malformed uid are 404", async () => {
    const o = await place();
    const other = await shop.member();
    assert.equal((await cancel(o.uid, other.auth)).statusCode, 404);
    assert.equal(
      (await t.post(`/api/v5/me/orders/${o.uid}/cancel/`, undefined, { headers: member.auth }))
        .statusCode,
      401,
      'a session of another app is no session',
    );
    assert.equal((await cancel('not-a-uid')).statusCode, 404);
  });

  test('a canceled paid order is refunded; a canceled coupon use is given back', async () => {
    const paid = await place({ extra: { payment_method: shop.online, card: goodCard } });
    const res = await cancel(paid.uid);
    assert.equal(res.data.payment_status, 'REFUNDED');
    const uses = async () =>
      (await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.code, 'MENOS1')))[0]
        .uses;
    const before = await uses();
    const withCoupon = await place({ extra: { coupon: 'menos1', expected_total: '9.00' } });
    assert.equal(await uses(), before + 1);
    await cancel(withCoupon.uid);
    assert.equal(await uses(), before);
  });
});

describe("the store's reasons, as the member reads them", () => {
  const mine = async (uid: string) =>
    (await t.get(`/api/v5/me/orders/${uid}/`, { host: shop.host, headers: member.auth })).data;
  const mail = () => ({ mailer: t.app.mailer, publicUrl: {} });

  test("a store's cancellation keeps its reason and words; the member's own has none", async () => {
    const o = await place();
    assert.equal((await mine(o.uid)).cancel_reason, null);
    await transitionOrder(storeScope(t, await appRow()), o.uid, 'CANCELED_BY_PLACE', 'place', {
      reason: 'out_of_area',
      note: 'Solo repartimos en Miraflores.',
      mail: mail(),
    });
    const seen = await mine(o.uid);
    assert.equal(seen.status, 'CANCELED_BY_PLACE');
    assert.equal(seen.cancel_reason, 'out_of_area');
    assert.equal(seen.cancel_note, 'Solo repartimos en Miraflores.');
    const own = await place();
    await cancel(own.uid);
    assert.equal((await mine(own.uid)).cancel_reason, null);
  });

  test('an order nobody accepted in time is canceled with the reason `expired`', async () => {
    const o = await place();
    await expireUnacceptedOrders(t.db, new Date(Date.now() + 24 * 60 * 60_000), undefined, mail());
    const seen = await mine(o.uid);
    assert.equal(seen.status, 'CANCELED_BY_PLACE');
    assert.equal(seen.cancel_reason, 'expired');
  });

  test('ready for pickup: marked once by two racing cashiers, seen by the member', async () => {
    const o = await place();
    const scope = storeScope(t, await appRow());
    await transitionOrder(scope, o.uid, 'ACCEPTED', 'place');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => markOrderReady(scope, o.uid, mail())),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    const seen = await mine(o.uid);
    assert.equal(seen.status, 'ACCEPTED');
    assert.ok(seen.ready_at);
  });
});

describe('the state machine on real orders', () => {
  test('every allowed move works and every other is refused, for pickup and delivery orders', async () => {
    const app = await appRow();
    let moves = 0;
    for (const shipping of ['pickup', 'delivery'] as const) {
      for (const from of orderStatuses) {
        for (const to of orderStatuses) {
          // Bring a fresh order to `from` along allowed staff moves.
          const path: Record<OrderStatus, OrderStatus[]> = {
            RECEIVED: [],
            ACCEPTED: ['ACCEPTED'],
            SHIPPED: ['ACCEPTED', 'SHIPPED'],
            DELIVERED:
              shipping === 'pickup'
                ? ['ACCEPTED', 'DELIVERED']
                : ['ACCEPTED', 'SHIPPED', 'DELIVERED'],
            CANCELED_BY_PLACE: ['CANCELED_BY_PLACE'],
            CANCELED_BY_USER: ['CANCELED_BY_USER'],
          };
          if (shipping === 'pickup' && from === 'SHIPPED') continue; // a pickup order is never shipped
          for (const actor of ['place', 'member'] as const) {
            const o = await place({ shipping });
            for (const step of path[from]) {
              const stepActor = step === 'CANCELED_BY_USER' ? 'member' : 'place';
              await transitionOrder(
                await actorScope(t, app, o.uid, stepActor),
                o.uid,
                step,
                stepActor,
              );
            }
            const stockBefore = await stockOf(t, shop, shop.cake.uid);
            const expected = canTransition(from, to, actor, shipping);
            const result = await transitionOrder(
              await actorScope(t, app, o.uid, actor),
              o.uid,
              to,
              actor,
            ).then(
              (r) => r.status,
              (err: { statusCode?: number }) => err.statusCode,
            );
            moves++;
            assert.equal(result, expected ? to : 400, `${shipping} ${from} -> ${to} by ${actor}`);
            const restored = expected && (to === 'CANCELED_BY_PLACE' || to === 'CANCELED_BY_USER');
            assert.equal(
              await stockOf(t, shop, shop.cake.uid),
              stockBefore! + (restored ? 1 : 0),
              `stock after ${shipping} ${from} -> ${to}`,
            );
          }
        }
      }
    }
    assert.equal(moves, 2 * 6 * 2 * 6 - 12);
  });
});

describe("the member's orders", () => {
  test('newest first, filtered by payment method, paged, only their own', async () => {
    const s = await makeShop(t, 'lifecycle-list');
    const m = await s.member();
    const other = await s.member();
    const post = (
      auth: Record<string, string>,
      method: string,
      extra: Record<string, unknown> = {},
    ) =>
      t.post(
        `/api/v5/places/${s.place}/orders/`,
        {
          shipping_type: 'pickup',
          pickup: extra.pickup,
          products: [s.cakeLine(1)],
          expected_total: '10.00',
          payment_method: method,
          billing,
          ...extra,
        },
        { host: s.host, headers: auth },
      );
    const slot = await firstSlot(t, s);
    const empty = await t.get('/api/v5/me/orders/', { host: s.host, headers: m.auth });
    assert.deepEqual(empty.data, { count: 0, next: null, previous: null, results: [] });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await post(m.auth, s.cash, { pickup: slot })).data.uid);
    made.push((await post(m.auth, s.cardOnDelivery, { pickup: slot })).data.uid);
    await post(other.auth, s.cash, { pickup: slot });
    const all = await t.get('/api/v5/me/orders/', { host: s.host, headers: m.auth });
    assert.equal(all.data.count, 4);
    assert.deepEqual(
      all.data.results.map((o: { uid: string }) => o.uid),
      [...made].reverse(),
    );
    const cash = await t.get(`/api/v5/me/orders/?payment_method=${s.cash}&page_size=2`, {
      host: s.host,
      headers: m.auth,
    });
    assert.equal(cash.data.count, 3);
    assert.equal(cash.data.results.length, 2);
    assert.match(cash.data.next, /page=2/);
    const page2 = await t.get(`/api/v5/me/orders/?payment_method=${s.cash}&page_size=2&page=2`, {
      host: s.host,
      headers: m.auth,
    });
    assert.deepEqual(
      page2.data.results.map((o: { uid: string }) => o.uid),
      [made[0]],
    );
    assert.equal(
      (await t.get('/api/v5/me/orders/?page=9', { host: s.host, headers: m.auth })).statusCode,
      404,
    );
    assert.equal(
      (await t.get('/api/v5/me/orders/?page=abc', { host: s.host, headers: m.auth })).statusCode,
      400,
    );
    assert.equal(
      (await t.get('/api/v5/me/orders/?payment_method=nope', { host: s.host, headers: m.auth }))
        .data.count,
      0,
    );
    const detail = await t.get(`/api/v5/me/orders/${made[3]}/`, { host: s.host, headers: m.auth });
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.data.payment_type, 'CARD_ON_DELIVERY');
    assert.equal(
      (await t.get(`/api/v5/me/orders/${made[3]}/`, { host: s.host, headers: other.auth }))
        .statusCode,
      404,
    );
    assert.equal(
      (await t.get(`/api/v5/me/orders/${made[3]}/`, { host: shop.host, headers: member.auth }))
        .statusCode,
      404,
      "another tenant's order",
    );
    assert.equal((await t.get('/api/v5/me/orders/', { host: s.host })).statusCode, 401);
  });

  test('deleting the account keeps the order for the store but wipes its personal data', async () => {
    const m = await shop.member();
    await smtp.waitFor(m.body.email, /Confirma tu correo/);
    const o = await place({
      shipping: 'delivery',
      auth: m.auth,
      extra: { comments: 'Llamar al llegar', expected_total: '18.00' },
    });
    await t.post('/api/v5/delete-account/', undefined, { host: shop.host, headers: m.auth });
    const mail = await smtp.waitFor(m.body.email, /Confirma la eliminación de tu cuenta/);
    const [, , , , userUid, token] = new URL(
      mail.links.find((l) => l.includes('/me/delete/'))!,
    ).pathname.split('/');
    const del = await t.delete(`/api/v5/me/delete/${userUid}/${token}/`, { host: shop.host });
    assert.ok(del.statusCode < 300, del.body);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.uid, o.uid)));
    assert.equal(row.userUid, null);
    assert.equal(row.billing, null);
    assert.equal(row.address, null);
    assert.equal(row.reference, null);
    assert.equal(row.latitude, null);
    assert.equal(row.comments, '');
    assert.equal(row.totalCents, 1800, 'the amounts stay for the store');
  });
});
