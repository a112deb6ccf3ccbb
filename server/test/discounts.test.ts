import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { hhmmOf, storeMoment } from '@store/contract';
import { discountRules, products } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/test-app';
import { billing, firstSlot, makeShop, type Shop } from './support/orders';

/**
 * Automatic discounts: the owner's rules, applied by the quote and the order without a code,
 * shown line by line, and a limited rule never given to more orders than it allows.
 */
let t: TestApp;
let shop: Shop;
let other: Shop;
type Auth = Record<string, string>;
let owner: Auth;
let drinks = '';
const url = '/api/v5/admin/money/discounts/';

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'discounts', {
    stock: 1000,
    staff: true,
    // The staff user is also a member of the store's program, at level Oro (600 points).
    programs: [
      {
        key: 'club',
        company: 'shop',
        name: 'Club',
        levels: [
          { name: 'Plata', min_points: 0 },
          { name: 'Oro', min_points: 500 },
        ],
        members: [
          {
            user: 'staff@discounts.test',
            ledger: [{ key: 'welcome', currency: 'POINTS', amount: 600 }],
          },
        ],
      },
    ],
    coupons: [{ key: 'five', code: 'CINCO', kind: 'AMOUNT', value: '5.00' }],
  });
  other = await makeShop(t, 'discounts-other', { staff: true });
  owner = await shop.signIn();
  const category = await t.post(
    '/api/v5/admin/categories/',
    { name: 'Bebidas' },
    { host: shop.host, headers: owner },
  );
  assert.equal(category.statusCode, 201, category.body);
  drinks = category.data.uid;
  // The coffee is a drink.
  await t.db
    .update(products)
    .set({ categoryUid: drinks })
    .where(and(eq(products.appId, shop.app.uid), eq(products.uid, shop.coffee.uid)));
});
after(() => t?.close());

/** Creates a rule as the owner; answers it. */
async function createRule(body: Record<string, unknown>) {
  const res = await t.post(url, body, { host: shop.host, headers: owner });
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; version: number; uses: number };
}

/** Pauses a rule, so the next test starts with none. */
async function pause(rule: { uid: string }) {
  const [row] = await t.db
    .select({ version: discountRules.version })
    .from(discountRules)
    .where(and(eq(discountRules.appId, shop.app.uid), eq(discountRules.uid, rule.uid)));
  const res = await t.patch(
    `${url}${rule.uid}/`,
    { is_active: false, version: row.version },
    { host: shop.host, headers: owner },
  );
  assert.equal(res.statusCode, 200, res.body);
}

const coffeeLine = (quantity: number) => ({ uid: shop.coffee.uid, quantity, option_groups: [] });

async function quote(lines: unknown[], coupon?: string, auth: Auth = {}) {
  const res = await t.post(
    `/api/v5/places/${shop.place}/orders/quote/`,
    { shipping_type: 'pickup', pickup: await firstSlot(t, shop), products: lines, coupon },
    { host: shop.host, headers: auth },
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}

async function order(auth: Auth, lines: unknown[], expected: string, coupon?: string) {
  return t.post(
    `/api/v5/places/${shop.place}/orders/`,
    {
      shipping_type: 'pickup',
      pickup: await firstSlot(t, shop),
      products: lines,
      expected_total: expected,
      payment_method: shop.cash,
      billing,
      coupon,
    },
    { host: shop.host, headers: auth },
  );
}

/** Store-time "HH:MM", `hours` from now (wrapping at midnight). */
const inHours = (hours: number) =>
  hhmmOf((storeMoment(new Date()).minute + hours * 60 + 24 * 60) % (24 * 60));

describe('automatic discounts at checkout', () => {
  test('a happy hour 10 % on a category: the quote and the order show it line by line; outside its hours nothing', async () => {
    const happy = await createRule({
      name: 'Happy hour bebidas',
      kind: 'PERCENT',
      target: 'CATEGORIES',
      category_uids: [drinks],
      value: '10',
      start_time: inHours(-2),
      end_time: inHours(2),
    });
    const later = await createRule({
      name: 'Más tarde',
      kind: 'PERCENT',
      target: 'CATEGORIES',
      category_uids: [drinks],
      value: '50',
      start_time: inHours(3),
      end_time: inHours(5),
    });
    const q = await quote([coffeeLine(2), shop.cakeLine(1)]);
    assert.equal(q.subtotal, '23.00');
    assert.deepEqual(q.discounts, [{ uid: happy.uid, name: 'Happy hour bebidas', amount: '1.30' }]);
    assert.equal(q.discount, '1.30');
    assert.equal(q.total, '21.70');
    assert.deepEqual(
      q.products.map((p: { discount: string }) => p.discount),
      ['1.30', '0.00'],
    );
    const m = await shop.member();
    const placed = await order(m.auth, [coffeeLine(2), shop.cakeLine(1)], '21.70');
    assert.equal(placed.statusCode, 201, placed.body);
    assert.deepEqual(placed.data.discounts, q.discounts);
    assert.equal(placed.data.total, '21.70');
    const again = await t.get(`/api/v5/me/orders/${placed.data.uid}/`, {
      host: shop.host,
      headers: m.auth,
    });
    assert.deepEqual(again.data.discounts, q.discounts);
    assert.equal(again.data.products[0].discount, '1.30');
    // Paused: the next quote has none.
    await pause(happy);
    assert.deepEqual((await quote([coffeeLine(2)])).discounts, []);
    await pause(later);
  });

  test('2x1 on a product and a minimum subtotal for an order amount', async () => {
    const twoForOne = await createRule({
      name: '2x1 tortas',
      kind: 'BUY_X_PAY_Y',
      target: 'PRODUCTS',
      product_uids: [shop.cake.uid],
      buy_quantity: 2,
      pay_quantity: 1,
    });
    const big = await createRule({
      name: 'S/ 3 desde S/ 20',
      kind: 'AMOUNT',
      target: 'ORDER',
      value: '3.00',
      min_subtotal: '20.00',
    });
    const q = await quote([shop.cakeLine(3), coffeeLine(1)]);
    // 36.50 subtotal; one cake free (10.00), then 3.00 off the order.
    assert.deepEqual(
      q.discounts.map((d: { name: string; amount: string }) => [d.name, d.amount]),
      [
        ['2x1 tortas', '10.00'],
        ['S/ 3 desde S/ 20', '3.00'],
      ],
    );
    assert.equal(q.total, '23.50');
    const small = await quote([coffeeLine(1)]);
    assert.deepEqual(small.discounts, []);
    await pause(twoForOne);
    await pause(big);
  });

  test('a 2x1 order loses a unit in the store: the rule is priced again on what is left, not given twice', async () => {
    const twoForOne = await createRule({
      name: '2x1 tortas',
      kind: 'BUY_X_PAY_Y',
      target: 'PRODUCTS',
      product_uids: [shop.cake.uid],
      buy_quantity: 2,
      pay_quantity: 1,
    });
    const m = await shop.member();
    // 2 cakes (one free) and a coffee: 26.50 - 10.00.
    const placed = await order(m.auth, [shop.cakeLine(2), coffeeLine(1)], '16.50');
    assert.equal(placed.statusCode, 201, placed.body);
    assert.equal(placed.data.discount, '10.00');
    // The store runs out of one cake: the one left is no longer a 2x1, so it is paid; the total
    // stays what the shopper agreed to, never lower (which would give the last cake away).
    const removed = await t.post(
      `/api/v5/admin/orders/${placed.data.uid}/remove-line/`,
      { position: 0, quantity: 1 },
      { host: shop.host, headers: owner },
    );
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(removed.data.subtotal, '16.50');
    assert.equal(removed.data.discount, '0.00');
    assert.equal(removed.data.total, '16.50');
    const mine = await t.get(`/api/v5/me/orders/${placed.data.uid}/`, {
      host: shop.host,
      headers: m.auth,
    });
    assert.deepEqual(mine.data.discounts, []);
    assert.deepEqual(
      mine.data.products.map((p: { discount: string }) => p.discount),
      ['0.00', '0.00'],
    );
    await pause(twoForOne);
  });

  test('a percentage rule shrinks with the lines it was taken from', async () => {
    const tenOff = await createRule({
      name: '10 % cafés',
      kind: 'PERCENT',
      target: 'PRODUCTS',
      product_uids: [shop.coffee.uid],
      value: '10',
    });
    const m = await shop.member();
    // 3 coffees (19.50, 1.95 off) and a cake: 29.50 - 1.95.
    const placed = await order(m.auth, [coffeeLine(3), shop.cakeLine(1)], '27.55');
    assert.equal(placed.statusCode, 201, placed.body);
    const removed = await t.post(
      `/api/v5/admin/orders/${placed.data.uid}/remove-line/`,
      { position: 0, quantity: 2 },
      { host: shop.host, headers: owner },
    );
    assert.equal(removed.statusCode, 200, removed.body);
    // One coffee left: 6.50 - 0.65, and the cake.
    assert.equal(removed.data.discount, '0.65');
    assert.equal(removed.data.total, '15.85');
    assert.deepEqual(removed.data.discounts, [
      { uid: tenOff.uid, name: '10 % cafés', amount: '0.65' },
    ]);
    await pause(tenOff);
  });

  test('a rule that does not stack with coupons steps aside for one; one that stacks adds to it', async () => {
    const alone = await createRule({ name: 'Solo', kind: 'PERCENT', target: 'ORDER', value: '10' });
    const q = await quote([shop.cakeLine(2)], 'CINCO');
    assert.deepEqual(q.discounts, []);
    assert.equal(q.discount, '5.00');
    assert.equal((await quote([shop.cakeLine(2)])).discount, '2.00');
    await pause(alone);
    const stacks = await createRule({
      name: 'Con cupón',
      kind: 'PERCENT',
      target: 'ORDER',
      value: '10',
      stackable_with_coupons: true,
    });
    const both = await quote([shop.cakeLine(2)], 'CINCO');
    // 20.00 - 10 % = 18.00, then the coupon's 5.00.
    assert.equal(both.discount, '7.00');
    assert.equal(both.total, '13.00');
    await pause(stacks);
  });

  test('a rule for the first 3 orders, 10 members at once: exactly 3 get it, the others the 409 with the full price', async () => {
    const firstThree = await createRule({
      name: 'Primeros 3',
      kind: 'AMOUNT',
      target: 'ORDER',
      value: '2.00',
      max_uses: 3,
    });
    const members = await Promise.all(Array.from({ length: 10 }, () => shop.member()));
    const results = await Promise.all(
      members.map(async (m) => order(m.auth, [shop.cakeLine(1)], '8.00')),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    assert.equal(placed.length, 3, results.map((r) => r.body).join('\n'));
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      assert.equal(r.statusCode, 409, r.body);
      assert.equal(r.data.quote.total, '10.00');
      assert.deepEqual(r.data.quote.discounts, []);
    }
    const [row] = await t.db
      .select({ uses: discountRules.uses })
      .from(discountRules)
      .where(and(eq(discountRules.appId, shop.app.uid), eq(discountRules.uid, firstThree.uid)));
    assert.equal(row.uses, 3);
    // A canceled order gives its use back.
    const first = placed[0];
    const m = members[results.indexOf(first)];
    const canceled = await t.post(
      `/api/v5/me/orders/${first.data.uid}/cancel/`,
      {},
      { host: shop.host, headers: m.auth },
    );
    assert.equal(canceled.statusCode, 200, canceled.body);
    const [after] = await t.db
      .select({ uses: discountRules.uses })
      .from(discountRules)
      .where(and(eq(discountRules.appId, shop.app.uid), eq(discountRules.uid, firstThree.uid)));
    assert.equal(after.uses, 2);
    await pause(firstThree);
  });

  test('a rule for a member level: the member at that level gets it, others do not', async () => {
    const gold = await createRule({
      name: 'Socios Oro',
      kind: 'PERCENT',
      target: 'ORDER',
      value: '20',
      member_levels: ['Oro'],
    });
    const member = await shop.signIn('staff');
    assert.deepEqual(
      (await quote([shop.cakeLine(1)], undefined, member)).discounts.map(
        (d: { name: string; amount: string }) => [d.name, d.amount],
      ),
      [['Socios Oro', '2.00']],
    );
    assert.deepEqual((await quote([shop.cakeLine(1)], undefined, owner)).discounts, []);
    assert.deepEqual((await quote([shop.cakeLine(1)])).discounts, []);
    await pause(gold);
  });
});

describe('automatic discounts in the back office', () => {
  test('bad rules are 400 with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', kind: 'PERCENT', target: 'ORDER', value: '150' }, 'value'],
      [{ name: 'x', kind: 'PERCENT', target: 'PRODUCTS', value: '10' }, 'product_uids'],
      [
        { name: 'x', kind: 'BUY_X_PAY_Y', target: 'ORDER', buy_quantity: 2, pay_quantity: 2 },
        'buy_quantity',
      ],
      [{ name: 'x', kind: 'AMOUNT', target: 'ORDER', value: '1', start_time: '18:00' }, 'end_time'],
      [
        { name: 'x', kind: 'AMOUNT', target: 'ORDER', value: '1', weekdays: ['funday'] },
        'weekdays.0',
      ],
      [
        {
          name: 'x',
          kind: 'PERCENT',
          target: 'PRODUCTS',
          value: '10',
          product_uids: [other.cake.uid],
        },
        'product_uids',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(url, body, { host: shop.host, headers: owner });
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(res.data[field], `${field} in ${res.body}`);
    }
  });

  test('edits are version-checked and a limit never goes below the uses', async () => {
    const rule = await createRule({
      name: 'Editable',
      kind: 'AMOUNT',
      target: 'ORDER',
      value: '1',
      is_active: false,
    });
    const ok = await t.patch(
      `${url}${rule.uid}/`,
      { name: 'Editada', version: rule.version },
      { host: shop.host, headers: owner },
    );
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.data.name, 'Editada');
    const stale = await t.patch(
      `${url}${rule.uid}/`,
      { name: 'Vieja', version: rule.version },
      { host: shop.host, headers: owner },
    );
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.data.current.name, 'Editada');
    const list = await t.get(`${url}?active=false`, { host: shop.host, headers: owner });
    assert.ok(list.data.results.some((r: { uid: string }) => r.uid === rule.uid));
  });
});
