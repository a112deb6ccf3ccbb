import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import { loyaltyMessages, messageText } from '@store/contract';
import { loyaltyLedger, orderLines, orders, promotions, redemptions } from '../src/db/schema';
import { importTenant } from '../src/tenants/importer';
import { billing, firstSlot, makeShop, stockOf, type Shop } from './support/orders';
import { registerMember } from './support/accounts';
import { clubStore, newProgramMember } from './support/loyalty';
import {
  call,
  closeClients,
  httpTestApp,
  postgresSkipReason,
  scratchPostgres,
  startServerProcess,
  type HttpAnswer,
  type ServerProcess,
} from './support/processes';

/**
 * The checkout and loyalty races again, but spread over TWO server processes
 * on one PostgreSQL database, over real sockets: nothing a process keeps in
 * memory may decide who gets the last unit, only the database's row locks.
 * Requests alternate between the processes and are all in flight together.
 */
const skip = postgresSkipReason();
if (skip) console.log(`# proof-races skipped: ${skip}`);

let database: Awaited<ReturnType<typeof scratchPostgres>>;
let servers: ServerProcess[] = [];
let turn = 0;
/** Round robin over the two processes, as a load balancer would. */
const next = () => servers[turn++ % servers.length].port;

describe('races over two server processes on one PostgreSQL database', { skip }, () => {
  before(async () => {
    database = await scratchPostgres();
    // Sequentially: both would otherwise race on the (already applied) migrations' advisory lock for nothing.
    servers = [await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '1000' })];
    servers.push(
      await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '1000' }),
    );
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  const t = () => httpTestApp(database.db, next);

  test('60 concurrent orders for the last 12 units, half on each process: exactly 12 placed, stock 0, every unit in one order', async () => {
    const s: Shop = await makeShop(t(), 'race-two-procs', { stock: 12 });
    const members = await Promise.all(Array.from({ length: 6 }, () => s.member()));
    const slot = await firstSlot(t(), s);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(servers[i % 2].port, 'POST', `/api/v5/places/${s.place}/orders/`, {
          host: s.host,
          headers: members[i % members.length].auth,
          body: {
            shipping_type: 'pickup',
            pickup: slot,
            products: [s.cakeLine(1)],
            expected_total: '10.00',
            payment_method: s.cash,
            billing,
          },
        }),
      ),
    );
    const elapsed = Date.now() - started;
    const placed = results.filter((r) => r.statusCode === 201);
    assert.equal(placed.length, 12, unexpected(results, [201, 400]));
    // Which process wins which unit is up to the row lock (asserting both won some would be flaky on a loaded machine).
    const perProcess = [0, 1].map(
      (p) => results.filter((r, i) => i % 2 === p && r.statusCode === 201).length,
    );
    for (const r of results.filter((r) => r.statusCode !== 201))
      assert.deepEqual(r.data, { non_field_errors: ['Out of stock: Torta'] });

    const db = database.db;
    assert.equal(await stockOf(database, s, s.cake.uid), 0);
    const [sold] = await db
      .select({
        orders: sql<number>`count(distinct ${orders.uid})::int`,
        units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      })
      .from(orders)
      .leftJoin(
        orderLines,
        and(eq(orderLines.appId, orders.appId), eq(orderLines.orderUid, orders.uid)),
      )
      .where(eq(orders.appId, s.app.uid));
    assert.deepEqual(sold, { orders: 12, units: 12 });
    assert.deepEqual(new Set(placed.map((r) => r.data.uid)).size, 12);
    console.log(
      `# race: 60 orders for 12 units over 2 processes in ${elapsed} ms: 12 placed (${perProcess.join(' + ')}), 48 out of stock`,
    );
  });

  describe('loyalty', () => {
    const club = clubStore('race-loyalty', 'Race loyalty');
    const { host, program, promotion } = club;
    let appUid: string;

    before(async () => {
      appUid = await club.create(t(), [
        { key: 'last-three', name: 'Last three', kind: 'GIFT', stock: 3 },
        { key: 'coins', name: 'Costs 50 coins', kind: 'GIFT', coin_price: 50 },
        { key: 'coins-b', name: 'Also 50 coins', kind: 'GIFT', coin_price: 50 },
      ]);
    });

    const member = (coins = 0) => newProgramMember(t(), { host, appUid, program }, { coins });

    test('20 members redeem the last 3 units at once over both processes: exactly 3, stock never below 0', async () => {
      const members = await Promise.all(Array.from({ length: 20 }, () => member()));
      const results = await Promise.all(
        members.map((m, i) =>
          call(servers[i % 2].port, 'POST', '/api/v5/redemption-by-user/', {
            host,
            headers: m.auth,
            body: { program_promotion: promotion('last-three') },
          }),
        ),
      );
      assert.equal(
        results.filter((r) => r.statusCode === 201).length,
        3,
        unexpected(results, [201, 400]),
      );
      for (const r of results.filter((r) => r.statusCode !== 201))
        assert.deepEqual(r.data, {
          non_field_errors: [messageText(loyaltyMessages.stockExhausted)],
        });
      const [p] = await database.db
        .select({ total: promotions.stockTotal, taken: promotions.stockTaken })
        .from(promotions)
        .where(and(eq(promotions.appId, appUid), eq(promotions.uid, promotion('last-three'))));
      assert.deepEqual(p, { total: 3, taken: 3 });
      const [{ n }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(redemptions)
        .where(
          and(eq(redemptions.appId, appUid), eq(redemptions.promotionUid, promotion('last-three'))),
        );
      assert.equal(n, 3);
    });

    test('one member buys 50-coin promotions 12 times at once with 120 coins over both processes: exactly 2, the ledger explains the balance', async () => {
      const m = await member(120);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(
            servers[i % 2].port,
            'POST',
            `/api/v5/me/programs/${program}/promotions/${promotion(i % 3 === 0 ? 'coins-b' : 'coins')}/purchase/`,
            { host, headers: m.auth, body: {} },
          ),
        ),
      );
      assert.equal(
        results.filter((r) => r.statusCode === 201).length,
        2,
        unexpected(results, [201, 400]),
      );
      for (const r of results.filter((r) => r.statusCode !== 201))
        assert.deepEqual(r.data, {
          non_field_errors: [messageText(loyaltyMessages.notEnoughCoins)],
        });
      const view = await call(next(), 'GET', `/api/v5/me/programs/${program}/`, {
        host,
        headers: m.auth,
      });
      assert.equal(view.data.balances.coins, 20);
      // The ledger: one earn line and one spend line per purchase, each spend pointing at its redemption.
      const lines = await database.db
        .select({
          amount: loyaltyLedger.amount,
          kind: loyaltyLedger.kind,
          reference: loyaltyLedger.reference,
        })
        .from(loyaltyLedger)
        .where(
          and(
            eq(loyaltyLedger.appId, appUid),
            eq(loyaltyLedger.userUid, m.user.uid),
            eq(loyaltyLedger.currency, 'COINS'),
          ),
        );
      assert.equal(
        lines.reduce((sum, l) => sum + l.amount, 0),
        20,
      );
      const spends = lines.filter((l) => l.amount < 0);
      assert.deepEqual(
        spends.map((l) => l.amount),
        [-50, -50],
      );
      const bought = await database.db
        .select({ uid: redemptions.uid, coins: redemptions.coinsSpent })
        .from(redemptions)
        .where(and(eq(redemptions.appId, appUid), eq(redemptions.userUid, m.user.uid)));
      assert.deepEqual(new Set(spends.map((l) => l.reference)), new Set(bought.map((b) => b.uid)));
      assert.equal(
        bought.reduce((sum, b) => sum + b.coins, 0),
        100,
      );
    });
  });
});

describe(
  'a burst of logins over two server processes (rate limits kept in the database)',
  { skip },
  () => {
    let limited: Awaited<ReturnType<typeof scratchPostgres>>;
    let pair: ServerProcess[] = [];
    before(async () => {
      limited = await scratchPostgres();
      // The real limits (RATE_LIMIT_FACTOR 1): 10 logins per identity per 15 min, 30 per address per 5 min.
      pair = [await startServerProcess({ DATABASE_URL: limited.url })];
      pair.push(await startServerProcess({ DATABASE_URL: limited.url }));
    });
    after(async () => {
      await Promise.all(pair.map((s) => s.stop()));
      await limited?.drop();
    });

    test('24 concurrent wrong logins for one email, alternating processes: exactly 10 are checked, 14 are 429', async () => {
      const t = httpTestApp(limited.db, () => pair[0].port);
      const { host } = await (async () => {
        await importTenant(limited.db, {
          app: { key: 'burst', name: 'Burst', domain: 'burst.test', main_company: 'main' },
          companies: [{ key: 'main', name: 'Main' }],
          areas: [],
        });
        return { host: 'burst.test' };
      })();
      const m = await registerMember(t, host);
      // Fixed windows: a burst straddling a window's end would be counted in two windows.
      const intoWindow = (Date.now() / 1000) % 300;
      if (intoWindow > 290) await new Promise((r) => setTimeout(r, (301 - intoWindow) * 1000));
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          call(pair[i % 2].port, 'POST', '/api/v5/login/', {
            host,
            body: { email: m.body.email, password: 'not-the-password-1' },
          }),
        ),
      );
      assert.equal(
        results.filter((r) => r.statusCode === 400).length,
        10,
        unexpected(results, [400, 429]),
      );
      assert.equal(results.filter((r) => r.statusCode === 429).length, 14);
      for (const r of results.filter((r) => r.statusCode === 429))
        assert.ok(Number(r.headers['retry-after']) >= 1);
      // The right password waits too, on either process.
      for (const s of pair)
        assert.equal(
          (
            await call(s.port, 'POST', '/api/v5/login/', {
              host,
              body: { email: m.body.email, password: m.body.password },
            })
          ).statusCode,
          429,
        );
    });
  },
);

function unexpected(results: HttpAnswer[], expected: number[]): string {
  return JSON.stringify(
    results
      .filter((r) => !expected.includes(r.statusCode))
      .map((r) => `${r.statusCode} ${r.body.slice(0, 300)}`),
  );
}

after(() => closeClients());
