import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import { listedPaymentStatuses, orderStatuses } from '@store/contract';
import { orderCounts, orders } from '../src/db/schema';
import { applyPayment } from '../src/modules/payments/updates';
import { rebuildRollups } from '../src/modules/reports/rollup';
import { BROAD_SEARCH_MEMBERS, SEARCH_COUNT_BOUND } from '../src/modules/admin/orders/search';
import { startTestApp, type TestApp } from './support/test-app';
import { registerMember } from './support/accounts';
import {
  cashPickupOrder,
  declinedCard,
  firstSlot,
  goodCard,
  makeShop,
  sandboxCard,
  type Shop,
} from './support/orders';

/**
 * The back office's orders list counts from `order_counts` (issue 41): after every way an order
 * is made, moved, paid, refunded or released, alone or racing, each count the list answers equals
 * the count of the orders themselves, and the counters of one tenant never hold another's.
 */
let t: TestApp;
let shop: Shop;
let other: Shop;
let owner: Record<string, string>;
let otherOwner: Record<string, string>;
let member: Awaited<ReturnType<typeof registerMember>>;

type OrderRow = typeof orders.$inferSelect;
type Filters = { status?: string; payment_status?: string; place?: string };

async function place(s: Shop, auth: Record<string, string>, fields: Record<string, unknown> = {}) {
  const res = await cashPickupOrder(t, s, auth, fields);
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { uid: string; payment_status: string };
}

const act = (s: Shop, auth: Record<string, string>, uid: string, action: string) =>
  t.post(`/api/v5/admin/orders/${uid}/transition/`, { action }, { host: s.host, headers: auth });

/** The count the list would make by reading the orders (as before the counters). */
async function countByRows(s: Shop, f: Filters): Promise<number> {
  const [{ n }] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.appId, s.app.uid),
        eq(orders.companyUid, s.app.company.uid),
        sql`${orders.paymentStatus} <> 'PENDING'`,
        f.status ? eq(orders.status, f.status) : undefined,
        f.payment_status
          ? eq(orders.paymentStatus, f.payment_status as OrderRow['paymentStatus'])
          : undefined,
        f.place ? eq(orders.placeUid, f.place) : undefined,
      ),
    );
  return n;
}

/** Every count the list answers from the counters equals the orders', and so does each row. */
async function assertCountsExact(s: Shop, auth: Record<string, string>) {
  const sets: Filters[] = [
    {},
    ...orderStatuses.map((status) => ({ status })),
    ...listedPaymentStatuses.map((payment_status) => ({ payment_status })),
    { place: s.place },
    { place: s.other },
    { place: s.place, status: 'RECEIVED', payment_status: 'PAY_ON_DELIVERY' },
  ];
  for (const f of sets) {
    const res = await t.get(`/api/v5/admin/orders/?${new URLSearchParams(f)}`, {
      host: s.host,
      headers: auth,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.count, await countByRows(s, f), `count of ${JSON.stringify(f)}`);
    assert.equal(res.data.count_exact, true);
  }
  // The table itself, row by row, against the tenant's orders grouped the same way.
  const mismatch = (await t.db.execute(sql`
    SELECT count(*)::int AS n FROM
      (SELECT company_uid, place_uid, status, payment_status, count(*) AS n FROM orders
       WHERE app_id = ${s.app.uid} GROUP BY 1, 2, 3, 4) o
    FULL JOIN (SELECT * FROM order_counts WHERE app_id = ${s.app.uid}) c
      USING (company_uid, place_uid, status, payment_status)
    WHERE coalesce(o.n, 0) <> coalesce(c.orders, 0)`)) as unknown as { rows: { n: number }[] };
  assert.equal(mismatch.rows[0].n, 0, 'order_counts rows equal the orders grouped');
}

const referenceOf = async (s: Shop, uid: string) =>
  (
    await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, s.app.uid), eq(orders.uid, uid)))
  )[0];

before(async () => {
  t = await startTestApp();
  shop = await makeShop(t, 'counts', { stock: 1000 });
  other = await makeShop(t, 'counts-other', { stock: 1000 });
  owner = await shop.staff('OWNER');
  otherOwner = await other.staff('OWNER');
  member = await registerMember(t, shop.host);
});
after(() => t?.close());

describe('admin orders list counts', () => {
  test('new orders, cash and card, paid or in process, are counted; a declined card leaves none', async () => {
    await assertCountsExact(shop, owner);
    await place(shop, member.auth);
    await place(shop, member.auth);
    await place(shop, member.auth, { payment_method: shop.online, card: goodCard });
    const pending = await place(shop, member.auth, {
      payment_method: shop.online,
      card: sandboxCard('4000 0000 0000 3220'),
    });
    assert.equal(pending.payment_status, 'IN_PROCESS');
    const declined = await cashPickupOrder(t, shop, member.auth, {
      payment_method: shop.online,
      card: declinedCard,
    });
    assert.notEqual(declined.statusCode, 201);
    await assertCountsExact(shop, owner);
  });

  test('status transitions and cancellations (store, member, with a refund) move the counts', async () => {
    const accepted = await place(shop, member.auth);
    assert.equal((await act(shop, owner, accepted.uid, 'accept')).statusCode, 200);
    const delivered = await place(shop, member.auth);
    assert.equal((await act(shop, owner, delivered.uid, 'accept')).statusCode, 200);
    await act(shop, owner, delivered.uid, 'deliver');
    const canceled = await place(shop, member.auth);
    assert.equal((await act(shop, owner, canceled.uid, 'cancel')).statusCode, 200);
    const byMember = await place(shop, member.auth);
    const mine = await t.post(`/api/v5/me/orders/${byMember.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: member.auth,
    });
    assert.equal(mine.statusCode, 200, mine.body);
    // A card order canceled by the store: REFUND_PENDING, then REFUNDED once the provider did it.
    const paid = await place(shop, member.auth, { payment_method: shop.online, card: goodCard });
    const refund = await t.post(`/api/v5/admin/orders/${paid.uid}/cancel/`, undefined, {
      host: shop.host,
      headers: owner,
    });
    assert.equal(refund.statusCode, 200, refund.body);
    await assertCountsExact(shop, owner);
  });

  test('payment updates from the provider move the counts (approved, refunded, rejected)', async () => {
    const card = sandboxCard('4000 0000 0000 3220');
    const approve = await place(shop, member.auth, { payment_method: shop.online, card });
    const reject = await place(shop, member.auth, { payment_method: shop.online, card });
    await assertCountsExact(shop, owner);
    const now = new Date();
    for (const [uid, status] of [
      [approve.uid, 'approved'],
      [reject.uid, 'rejected'],
    ] as const) {
      const row = await referenceOf(shop, uid);
      const payment = {
        id: row.paymentReference!,
        status,
        detail: status,
        last4: '3220',
        amountCents: row.totalCents,
        reference: null,
      };
      assert.notEqual(await applyPayment(t.db, shop.app.uid, uid, payment, now), 'unchanged');
    }
    assert.equal((await referenceOf(shop, approve.uid)).paymentStatus, 'PAID');
    assert.equal((await referenceOf(shop, reject.uid)).paymentStatus, 'REJECTED');
    const row = await referenceOf(shop, approve.uid);
    const refunded = await applyPayment(
      t.db,
      shop.app.uid,
      approve.uid,
      {
        id: row.paymentReference!,
        status: 'refunded',
        detail: 'refunded',
        last4: '3220',
        amountCents: row.totalCents,
        reference: null,
      },
      now,
    );
    assert.equal(refunded, 'refunded');
    await assertCountsExact(shop, owner);
  });

  test('racing orders and racing moves of the same orders keep the counts exact', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => shop.member()));
    const pickup = await firstSlot(t, shop);
    const placed = await Promise.all(
      members.flatMap((m) => [place(shop, m.auth, { pickup }), place(shop, m.auth, { pickup })]),
    );
    // Each order: the store accepts and cancels it at once, twice over; one move of each wins.
    const moves = await Promise.all(
      placed.flatMap((o) => [
        act(shop, owner, o.uid, 'accept'),
        act(shop, owner, o.uid, 'cancel'),
        act(shop, owner, o.uid, 'cancel'),
      ]),
    );
    assert.ok(moves.every((r) => r.statusCode === 200 || r.statusCode === 400));
    await assertCountsExact(shop, owner);
  });

  test("a tenant's counts never hold another's orders", async () => {
    const before = await t.get('/api/v5/admin/orders/', { host: shop.host, headers: owner });
    const buyer = await registerMember(t, other.host);
    for (let i = 0; i < 3; i++) await place(other, buyer.auth);
    const again = await t.get('/api/v5/admin/orders/', { host: shop.host, headers: owner });
    assert.equal(again.data.count, before.data.count);
    await assertCountsExact(other, otherOwner);
    assert.equal((await countByRows(other, {})) >= 3, true);
    const foreign = await t.db
      .select({ company: orderCounts.companyUid })
      .from(orderCounts)
      .where(eq(orderCounts.appId, shop.app.uid));
    assert.ok(foreign.every((r) => r.company === shop.app.company.uid));
    // The other store's owner, on this store's host, is not its back office.
    const crossed = await t.get('/api/v5/admin/orders/', { host: shop.host, headers: otherOwner });
    assert.notEqual(crossed.statusCode, 200);
  });

  test('rebuilt from the orders (the demo history, an import), the counters are exact again', async () => {
    await t.db
      .update(orders)
      .set({ status: 'DELIVERED' })
      .where(and(eq(orders.appId, shop.app.uid), eq(orders.status, 'ACCEPTED')));
    await rebuildRollups(t.db, shop.app.uid);
    await assertCountsExact(shop, owner);
  });
});

describe('admin orders search by a name many clients hold', () => {
  let s: Shop;
  let boss: Record<string, string>;
  let marisol: Awaited<ReturnType<typeof registerMember>>;
  const search = (q: string, page = 1, size = 10) =>
    t.get(`/api/v5/admin/orders/?q=${q}&page=${page}&page_size=${size}`, {
      host: s.host,
      headers: boss,
    });
  const newestUids = async (limit: number, offset = 0) =>
    (
      await t.db
        .select({ uid: orders.uid })
        .from(orders)
        .where(
          and(
            eq(orders.appId, s.app.uid),
            eq(orders.userUid, marisol.user.uid),
            sql`${orders.paymentStatus} <> 'PENDING'`,
          ),
        )
        .orderBy(sql`${orders.createdAt} desc, ${orders.uid} desc`)
        .limit(limit)
        .offset(offset)
    ).map((r) => r.uid);

  before(async () => {
    s = await makeShop(t, 'counts-broad', { stock: 1000 });
    boss = await s.staff('OWNER');
    marisol = await registerMember(t, s.host, { first_name: 'Marisol' });
    // More members named so than the bound: the search is broad.
    await t.db.execute(sql`INSERT INTO users (app_id, uid, first_name, last_name)
      SELECT ${s.app.uid}::uuid, gen_random_uuid(), 'Marisol', 'Nro ' || g
      FROM generate_series(1, ${BROAD_SEARCH_MEMBERS}) g`);
    for (let i = 0; i < 3; i++) await place(s, marisol.auth);
  });

  test('a broad search under the bound: the exact count, the newest matches first', async () => {
    const res = await search('marisol');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.count, 3);
    assert.equal(res.data.count_exact, true);
    assert.deepEqual(
      res.data.results.map((o: { uid: string }) => o.uid),
      await newestUids(3),
    );
    // A narrow search answers the same orders the way it always did.
    const narrow = await search(encodeURIComponent(marisol.body.email));
    assert.equal(narrow.data.count, 3);
    assert.equal(narrow.data.count_exact, true);
  });

  test('past the bound: "at least" the bound, the right page, and a next page', async () => {
    // Copies of one of her orders, as if she had ordered for years (written directly: this test
    // is about the search, not the counters).
    const [template] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.appId, s.app.uid), eq(orders.userUid, marisol.user.uid)))
      .limit(1);
    const copies = SEARCH_COUNT_BOUND + 40;
    const start = Date.now() - copies * 60_000;
    for (let from = 0; from < copies; from += 200)
      await t.db.insert(orders).values(
        Array.from({ length: Math.min(200, copies - from) }, (_, i) => ({
          ...template,
          uid: crypto.randomUUID(),
          number: null,
          idempotencyKey: null,
          createdAt: new Date(start + (from + i) * 60_000),
        })),
      );
    const first = await search('marisol');
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.data.count, 10 + SEARCH_COUNT_BOUND);
    assert.equal(first.data.count_exact, false);
    assert.ok(first.data.next);
    assert.deepEqual(
      first.data.results.map((o: { uid: string }) => o.uid),
      await newestUids(10),
    );
    const third = await search('marisol', 3);
    assert.equal(third.data.count, 30 + SEARCH_COUNT_BOUND);
    assert.deepEqual(
      third.data.results.map((o: { uid: string }) => o.uid),
      await newestUids(10, 20),
    );
    // Oldest first walks the same index the other way.
    const oldest = await t.get(`/api/v5/admin/orders/?q=marisol&sort=created_at&page_size=5`, {
      host: s.host,
      headers: boss,
    });
    assert.equal(oldest.data.results[0].uid, (await newestUids(1, copies + 2))[0]);
    // Nobody else's orders: the count of another name is still exact and empty.
    const none = await search('zzzz');
    assert.equal(none.data.count, 0);
    assert.equal(none.data.count_exact, true);
  });
});
