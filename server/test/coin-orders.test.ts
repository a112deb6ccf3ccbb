import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import { coinOrderMessages, loyaltyMessages, messageText } from '@store/contract';
import { storeScope } from './support/scope';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import { billing, stockOf } from './support/orders';
import { importTenant } from '../src/tenants/importer';
import { tenantUid } from '../src/lib/uid';
import { earn } from '../src/modules/programs/ledger';
import { loyaltyLedger, orders } from '../src/db/schema';
import { findAppRowByDomain } from '../src/modules/tenancy/service';
import { transitionOrder } from '../src/modules/orders/service';

/** Orders of redeemable products paid with the coins of the company's benefit program. */
let t: TestApp;
const allDay = { from: '00:00', to: '00:00' };

async function makeCoinShop(key: string) {
  const host = `${key}.test`;
  await importTenant(t.db, {
    app: { key, name: `Coins ${key}`, domain: host, main_company: 'shop' },
    companies: [
      {
        key: 'shop',
        name: 'Shop',
        ecommerce_enabled: true,
        benefit_programs_enabled: true,
        payment_methods: [{ key: 'cash', type: 'CASH', name: 'Efectivo', provider: null }],
        tax: { name: 'IGV', rate_percent: 18 },
      },
    ],
    areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    places: [
      {
        key: 'main',
        company: 'shop',
        area: 'lima',
        name: 'Main',
        address: 'Av. Larco 1',
        latitude: -12.1211,
        longitude: -77.0297,
        timetable: { monday: allDay, saturday: allDay, sunday: allDay },
      },
    ],
    programs: [{ key: 'club', company: 'shop', name: 'Club', coins_enabled: true }],
    catalog: {
      products: [
        {
          key: 'mug',
          company: 'shop',
          title: 'Taza',
          price: '0.00',
          coin_price: 30,
          is_redeemable: true,
          places: { main: 5 },
        },
        {
          key: 'cap',
          company: 'shop',
          title: 'Gorra',
          price: '0.00',
          coin_price: 20,
          is_redeemable: true,
          places: { main: null },
          option_groups: [
            {
              key: 'color',
              name: 'Color',
              minimum_to_select: 0,
              maximum_to_select: 1,
              options: [
                { key: 'gold', name: 'Dorada', price: '2.00' },
                { key: 'plain', name: 'Blanca', price: 0 },
              ],
            },
          ],
        },
        { key: 'coffee', company: 'shop', title: 'Café', price: '6.50', places: { main: null } },
      ],
    },
  });
  const app = (await findAppRowByDomain(t.db, host))!;
  const headers = { host };
  const place = (await t.get('/api/v7/places/', headers)).data.results[0].uid as string;
  const products = (await t.get(`/api/v7/places/${place}/products/?page_size=100`, headers)).data
    .results as {
    uid: string;
    title: string;
    coin_price: number | null;
    option_groups: { uid: string; options: { uid: string; name: string }[] }[];
  }[];
  const options = (await t.get(`/api/v5/places/${place}/checkout-options/`, headers)).data;
  const method = (type: string) =>
    options.payment_methods.find((m: { type: string }) => m.type === type)?.uid as string;
  const program = tenantUid(key, 'program', 'club');
  const schedule = (await t.get(`/api/v7/places/${place}/pickup-schedule/`, headers)).data;
  return {
    host,
    app,
    place,
    program,
    mug: products.find((p) => p.title === 'Taza')!,
    cap: products.find((p) => p.title === 'Gorra')!,
    coffee: products.find((p) => p.title === 'Café')!,
    coins: method('COINS'),
    cash: method('CASH'),
    // Tomorrow's first slot when the schedule has one: today's first can close while the file runs.
    slot: {
      date: (schedule.days[1] ?? schedule.days[0]).date as string,
      start: (schedule.days[1] ?? schedule.days[0]).slots[0].start as string,
    },
    /** A member of the program holding `coins` coins. */
    async member(coins = 0, join = true) {
      const m = await registerMember(t, host);
      if (join)
        assert.equal(
          (await t.post('/api/v5/me/programs/', { program }, { host, headers: m.auth })).statusCode,
          201,
        );
      if (coins)
        await earn(t.db, {
          appId: app.uid,
          programUid: program,
          userUid: m.user.uid,
          currency: 'COINS',
          amount: coins,
          reason: 'test',
        });
      return m;
    },
  };
}
type CoinShop = Awaited<ReturnType<typeof makeCoinShop>>;

let shop: CoinShop;
let other: CoinShop;
before(async () => {
  t = await startTestApp({ seedDemo: false });
  shop = await makeCoinShop('coins-a');
  other = await makeCoinShop('coins-b');
});
after(() => t?.close());

function coinOrder(
  s: CoinShop,
  auth: Record<string, string>,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.post(
    `/api/v5/places/${s.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: s.slot,
      products: [{ uid: s.mug.uid, quantity: 1 }],
      expected_total: '0.00',
      expected_coin_total: 30,
      payment_method: s.coins,
      billing,
      ...overrides,
    },
    { host: s.host, headers: { ...auth, ...headers } },
  );
}
const coinsOf = async (s: CoinShop, auth: Record<string, string>) =>
  (await t.get(`/api/v5/me/programs/${s.program}/`, { host: s.host, headers: auth })).data.balances
    .coins as number;
async function ordersOfApp(s: CoinShop) {
  const [{ n }] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.appId, s.app.uid));
  return n;
}

describe('coin orders', () => {
  test('checkout options offer COINS when the program has coins; the quote prices the cart in coins', async () => {
    assert.ok(shop.coins, 'a COINS method');
    assert.notEqual(shop.coins, other.coins, 'one COINS method per company');
    const quote = await t.post(
      `/api/v5/places/${shop.place}/orders/quote/`,
      {
        shipping_type: 'pickup',
        pickup: shop.slot,
        products: [{ uid: shop.mug.uid, quantity: 2 }],
      },
      { host: shop.host },
    );
    assert.equal(quote.statusCode, 200, quote.body);
    assert.equal(quote.data.coin_total, 60);
    assert.equal(quote.data.total, '0.00');
    assert.equal(quote.data.products[0].coin_price, 30);
    // The server cart's lines carry the coin price, so a cart loaded from the server knows it pays with coins.
    const m = await shop.member();
    const cart = await t.post(
      `/api/v5/me/shopping-cart/?place_uid=${shop.place}`,
      { place: shop.place, products: [{ uid: shop.mug.uid, quantity: 1 }] },
      { host: shop.host, headers: m.auth },
    );
    assert.equal(cart.statusCode, 200, cart.body);
    assert.equal(cart.data.products[0].coin_price, 30);
  });

  test('happy path: the coins are spent with the stock, the order is PAID in coins and filtered by payment_method=COINS', async () => {
    const m = await shop.member(100);
    const stock = (await stockOf(t, shop, shop.mug.uid))!;
    const res = await coinOrder(shop, m.auth, {
      products: [{ uid: shop.mug.uid, quantity: 2 }],
      expected_coin_total: 60,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.coin_total, 60);
    assert.equal(res.data.total, '0.00');
    assert.equal(res.data.payment_method.type, 'COINS');
    assert.equal(res.data.payment_status, 'PAID');
    assert.equal(res.data.products[0].coin_price, 30);
    assert.equal(await coinsOf(shop, m.auth), 40);
    assert.equal(await stockOf(t, shop, shop.mug.uid), stock - 2);
    const ledger = await t.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.appId, shop.app.uid), eq(loyaltyLedger.reference, res.data.uid)));
    assert.deepEqual(
      ledger.map((l) => [l.currency, l.kind, l.amount]),
      [['COINS', 'spend', -60]],
    );

    // A money order of the same member is not a coins order.
    const cash = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: shop.slot,
        products: [{ uid: shop.coffee.uid, quantity: 1 }],
        expected_total: '6.50',
        payment_method: shop.cash,
        billing,
      },
      { host: shop.host, headers: m.auth },
    );
    assert.equal(cash.statusCode, 201, cash.body);
    assert.equal(cash.data.coin_total, 0);
    const list = await t.get('/api/v5/me/orders/?payment_method=COINS', {
      host: shop.host,
      headers: m.auth,
    });
    assert.deepEqual(
      list.data.results.map((o: { uid: string }) => o.uid),
      [res.data.uid],
    );
    const cashList = await t.get('/api/v5/me/orders/?payment_method=CASH', {
      host: shop.host,
      headers: m.auth,
    });
    assert.deepEqual(
      cashList.data.results.map((o: { uid: string }) => o.uid),
      [cash.data.uid],
    );
  });

  test('not enough coins: 400 with the spec message and nothing written', async () => {
    const m = await shop.member(29);
    const [stock, count] = [await stockOf(t, shop, shop.mug.uid), await ordersOfApp(shop)];
    const res = await coinOrder(shop, m.auth);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, { non_field_errors: [messageText(loyaltyMessages.notEnoughCoins)] });
    assert.equal(await coinsOf(shop, m.auth), 29);
    assert.equal(await stockOf(t, shop, shop.mug.uid), stock);
    assert.equal(await ordersOfApp(shop), count);
  });

  test('not a member of the program: a clear 400', async () => {
    const m = await shop.member(0, false);
    const res = await coinOrder(shop, m.auth);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.data, { non_field_errors: [messageText(coinOrderMessages.notMember)] });
  });

  test('mixed carts, money methods for coins, coins for money, delivery, coupons and priced options are refused with 400', async () => {
    const m = await shop.member(100);
    const mixed = await coinOrder(shop, m.auth, {
      products: [
        { uid: shop.mug.uid, quantity: 1 },
        { uid: shop.coffee.uid, quantity: 1 },
      ],
    });
    assert.equal(mixed.statusCode, 400);
    assert.ok(
      mixed.data.non_field_errors.includes(messageText(coinOrderMessages.mixedCart)),
      mixed.body,
    );
    const cash = await coinOrder(shop, m.auth, { payment_method: shop.cash });
    assert.equal(cash.statusCode, 400);
    assert.deepEqual(cash.data.payment_method, [messageText(coinOrderMessages.coinsRequired)]);
    const moneyWithCoins = await coinOrder(shop, m.auth, {
      products: [{ uid: shop.coffee.uid, quantity: 1 }],
      expected_total: '6.50',
    });
    assert.equal(moneyWithCoins.statusCode, 400);
    assert.deepEqual(moneyWithCoins.data.payment_method, [
      messageText(coinOrderMessages.onlyRedeemable),
    ]);
    const delivery = await coinOrder(shop, m.auth, {
      shipping_type: 'delivery',
      pickup: undefined,
      delivery: { area: 'x', address: 'Av. 1', latitude: -12.12, longitude: -77.03 },
    });
    assert.equal(delivery.statusCode, 400);
    assert.deepEqual(delivery.data.shipping_type, [messageText(coinOrderMessages.pickupOnly)]);
    const coupon = await coinOrder(shop, m.auth, { coupon: 'ANY' });
    assert.deepEqual(coupon.data.coupon, [messageText(coinOrderMessages.noCoupon)]);
    const group = shop.cap.option_groups[0];
    const gold = group.options.find((o) => o.name === 'Dorada')!.uid;
    const priced = await coinOrder(shop, m.auth, {
      products: [
        {
          uid: shop.cap.uid,
          quantity: 1,
          option_groups: [{ uid: group.uid, options: [{ uid: gold }] }],
        },
      ],
      expected_coin_total: 20,
    });
    assert.equal(priced.statusCode, 400);
    assert.ok(
      priced.data.non_field_errors.includes(messageText(coinOrderMessages.pricedOptions)),
      priced.body,
    );
    const stale = await coinOrder(shop, m.auth, { expected_coin_total: 10 });
    assert.equal(stale.statusCode, 409);
    assert.equal(stale.data.quote.coin_total, 30);
    assert.equal(await coinsOf(shop, m.auth), 100);
  });

  test('cancellation by the member or the place gives the coins and the stock back, once', async () => {
    const m = await shop.member(60);
    const stock = (await stockOf(t, shop, shop.mug.uid))!;
    const first = await coinOrder(shop, m.auth, { headers: undefined });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(await coinsOf(shop, m.auth), 30);
    const canceled = await t.post(`/api/v5/me/orders/${first.data.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: m.auth,
    });
    assert.equal(canceled.statusCode, 200, canceled.body);
    assert.equal(canceled.data.payment_status, 'REFUNDED');
    assert.equal(await coinsOf(shop, m.auth), 60);
    assert.equal(await stockOf(t, shop, shop.mug.uid), stock);
    const again = await t.post(`/api/v5/me/orders/${first.data.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: m.auth,
    });
    assert.equal(again.statusCode, 400);
    assert.equal(await coinsOf(shop, m.auth), 60);

    const second = await coinOrder(shop, m.auth);
    assert.equal(second.statusCode, 201, second.body);
    await transitionOrder(storeScope(t, shop.app), second.data.uid, 'ACCEPTED', 'place');
    await transitionOrder(storeScope(t, shop.app), second.data.uid, 'CANCELED_BY_PLACE', 'place');
    assert.equal(await coinsOf(shop, m.auth), 60);
    assert.equal(await stockOf(t, shop, shop.mug.uid), stock);
  });

  test('concurrent orders spending the same last coins: exactly one succeeds', async () => {
    const m = await shop.member(45);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        coinOrder(
          shop,
          m.auth,
          { products: [{ uid: shop.cap.uid, quantity: 1 }], expected_coin_total: 20 },
          { 'idempotency-key': `race-${i}` },
        ),
      ),
    );
    // 45 coins pay two caps of 20: exactly two succeed, the rest are short.
    assert.equal(
      results.filter((r) => r.statusCode === 201).length,
      2,
      results.map((r) => r.body).join('\n'),
    );
    assert.deepEqual(
      results.filter((r) => r.statusCode !== 201).map((r) => r.data.non_field_errors?.[0]),
      Array(4).fill(messageText(loyaltyMessages.notEnoughCoins)),
    );
    assert.equal(await coinsOf(shop, m.auth), 5);

    const last = await shop.member(30);
    const once = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        coinOrder(shop, last.auth, {}, { 'idempotency-key': `last-${i}` }),
      ),
    );
    assert.equal(once.filter((r) => r.statusCode === 201).length, 1);
    assert.equal(await coinsOf(shop, last.auth), 0);
  });

  test('tenant isolation: another tenant cannot use this COINS method, place or orders', async () => {
    const a = await shop.member(100);
    const b = await other.member(100);
    const placed = await coinOrder(shop, a.auth);
    assert.equal(placed.statusCode, 201);
    // B's company method at A's place: not a method of this company.
    const foreignMethod = await coinOrder(shop, a.auth, { payment_method: other.coins });
    assert.equal(foreignMethod.statusCode, 400);
    // A's place through B's host: unknown there.
    const foreignPlace = await t.post(
      `/api/v5/places/${shop.place}/orders/`,
      {
        shipping_type: 'pickup',
        pickup: shop.slot,
        products: [{ uid: shop.mug.uid, quantity: 1 }],
        expected_total: '0.00',
        expected_coin_total: 30,
        payment_method: shop.coins,
        billing,
      },
      { host: other.host, headers: b.auth },
    );
    assert.equal(foreignPlace.statusCode, 404);
    assert.equal(
      (await t.get(`/api/v5/me/orders/${placed.data.uid}/`, { host: other.host, headers: b.auth }))
        .statusCode,
      404,
    );
    assert.equal(
      (
        await t.get('/api/v5/me/orders/?payment_method=COINS', {
          host: other.host,
          headers: b.auth,
        })
      ).data.count,
      0,
    );
    assert.equal(await coinsOf(other, b.auth), 100);
  });
});
