import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from './support/test-app';
import { cashPickupOrder, firstSlot, makeShop, type Shop } from './support/orders';

/**
 * Order numbers are per tenant (order_counters): a store's customers never
 * learn how many orders other stores take, and numbers stay dense under
 * concurrent checkouts (the counter row is taken in the order's transaction).
 */
let t: TestApp;
let a: Shop;
let b: Shop;

before(async () => {
  t = await startTestApp({ seedDemo: false });
  a = await makeShop(t, 'numbers-a', { stock: 1000 });
  b = await makeShop(t, 'numbers-b', { stock: 1000 });
});
after(async () => t?.close());

async function order(shop: Shop, auth: Record<string, string>) {
  const res = await cashPickupOrder(t, shop, auth);
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; number: number };
}

describe('order numbers per tenant', () => {
  test("two tenants' first orders are both number 1; the member's list and detail show it", async () => {
    const ma = await a.member();
    const mb = await b.member();
    const first = await order(a, ma.auth);
    const other = await order(b, mb.auth);
    assert.equal(first.number, 1);
    assert.equal(other.number, 1);
    const listed = await t.get('/api/v5/me/orders/', { host: b.host, headers: mb.auth });
    assert.equal(listed.data.results[0].number, 1);
    const detail = await t.get(`/api/v5/me/orders/${first.uid}/`, {
      host: a.host,
      headers: ma.auth,
    });
    assert.equal(detail.data.number, 1);
  });

  test('12 concurrent orders on one tenant get distinct, dense numbers; the other tenant goes on at 2', async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => a.member()));
    const slot = await firstSlot(t, a);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        cashPickupOrder(t, a, members[i % 4].auth, { pickup: slot }),
      ),
    );
    for (const r of results) assert.equal(r.statusCode, 201, r.body);
    const numbers = results.map((r) => r.data.number as number).sort((x, y) => x - y);
    assert.deepEqual(
      numbers,
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    assert.equal((await order(b, (await b.member()).auth)).number, 2);
  });
});
