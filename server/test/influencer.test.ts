import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './support/test-app';
import { newMember, startSmtp } from './support/accounts';
import { billing, firstSlot, makeShop, ordersCount, type Shop } from './support/orders';
import { users } from '../src/db/schema/accounts';
import { orders } from '../src/db/schema/orders';

// /in/{uid}/ attribution: registrations and orders carry an optional `influencer_uid`, stored on
// the user and on the order; a malformed one is a 400 with its field error, never stored.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let shop: Shop;
let other: Shop;

before(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ accounts: { smtpUrl: smtp.url } });
  shop = await makeShop(t, 'influencer-main', { stock: 10 });
  other = await makeShop(t, 'influencer-other', { stock: 10 });
});
after(async () => {
  await t?.close();
  await smtp?.close();
});

async function storedUser(appId: string, uid: string) {
  const [row] = await t.db
    .select()
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.uid, uid)));
  return row;
}

async function register(s: Shop, overrides: Record<string, unknown> = {}) {
  return t.post('/api/v5/register/', newMember(overrides), { host: s.host });
}

async function pickupOrder(
  s: Shop,
  auth: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const body = {
    shipping_type: 'pickup',
    pickup: await firstSlot(t, s),
    products: [s.cakeLine(1)],
    expected_total: '10.00',
    payment_method: s.cash,
    billing,
    ...overrides,
  };
  return t.post(`/api/v5/places/${s.place}/orders/`, body, { host: s.host, headers: auth });
}

describe('registration carries the influencer', () => {
  test('a registration with influencer_uid stores it on the user', async () => {
    const res = await register(shop, { influencer_uid: 'ana-foodie_2026' });
    assert.equal(res.statusCode, 201, res.body);
    const row = await storedUser(shop.app.uid, res.data.user.uid);
    assert.equal(row.influencerUid, 'ana-foodie_2026');
  });

  test('without it (or null) the user has none', async () => {
    const plain = await register(shop);
    assert.equal(plain.statusCode, 201, plain.body);
    assert.equal((await storedUser(shop.app.uid, plain.data.user.uid)).influencerUid, null);
    const nulled = await register(shop, { influencer_uid: null });
    assert.equal(nulled.statusCode, 201, nulled.body);
    assert.equal((await storedUser(shop.app.uid, nulled.data.user.uid)).influencerUid, null);
  });

  test('a malformed influencer_uid is a 400 with its field error and registers nobody', async () => {
    for (const bad of ['', 'con espacio', 'x'.repeat(65), '<script>', 42]) {
      const body = newMember({ influencer_uid: bad });
      const res = await t.post('/api/v5/register/', body, { host: shop.host });
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      assert.ok(Array.isArray(res.data.influencer_uid), res.body);
      const [row] = await t.db
        .select()
        .from(users)
        .where(and(eq(users.appId, shop.app.uid), eq(users.email, body.email)));
      assert.equal(row, undefined);
    }
  });
});

describe('orders carry the influencer', () => {
  test('an order with influencer_uid stores and answers it, also in the member order views', async () => {
    const member = await shop.member();
    const res = await pickupOrder(shop, member.auth, { influencer_uid: 'inf-42' });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.influencer_uid, 'inf-42');
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.uid, res.data.uid)));
    assert.equal(row.influencerUid, 'inf-42');
    const detail = await t.get(`/api/v5/me/orders/${res.data.uid}/`, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(detail.data.influencer_uid, 'inf-42');
    const list = await t.get('/api/v5/me/orders/', { host: shop.host, headers: member.auth });
    assert.equal(
      list.data.results.find((o: { uid: string }) => o.uid === res.data.uid).influencer_uid,
      'inf-42',
    );
  });

  test('an order without it answers null', async () => {
    const member = await shop.member();
    const res = await pickupOrder(shop, member.auth);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.influencer_uid, null);
  });

  test('a malformed influencer_uid is a 400 and no order is written (quote too)', async () => {
    const member = await shop.member();
    const before = await ordersCount(t, shop);
    const res = await pickupOrder(shop, member.auth, { influencer_uid: 'no/slashes' });
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(Array.isArray(res.data.influencer_uid), res.body);
    assert.equal(await ordersCount(t, shop), before);
    const quote = await t.post(
      `/api/v5/places/${shop.place}/orders/quote/`,
      {
        shipping_type: 'pickup',
        pickup: await firstSlot(t, shop),
        products: [shop.cakeLine(1)],
        influencer_uid: 'a b',
      },
      { host: shop.host, headers: member.auth },
    );
    assert.equal(quote.statusCode, 400, quote.body);
    assert.ok(Array.isArray(quote.data.influencer_uid), quote.body);
  });

  test('tenants are isolated: the same influencer id on two apps stays with each app', async () => {
    const a = await shop.member();
    const b = await other.member();
    const first = await pickupOrder(shop, a.auth, { influencer_uid: 'shared-id' });
    const second = await pickupOrder(other, b.auth, { influencer_uid: 'shared-id' });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(second.statusCode, 201, second.body);
    const mine = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.influencerUid, 'shared-id')));
    assert.deepEqual(
      mine.map((o) => o.uid),
      [first.data.uid],
    );
    // Another app's member cannot read the order through their app.
    const cross = await t.get(`/api/v5/me/orders/${first.data.uid}/`, {
      host: other.host,
      headers: b.auth,
    });
    assert.equal(cross.statusCode, 404);
  });
});
