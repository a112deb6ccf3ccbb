import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { orderLines, orders, placeProducts } from '../src/db/schema';
import { makeShop, type Shop } from './support/orders';
import { burstOrder, lastSlot, memberSessions, type Slot } from './support/order-bursts';
import {
  call,
  closeClients,
  httpTestApp,
  injectTestApp,
  postgresSkipReason,
  scratchPostgres,
  startServerProcess,
  type ServerProcess,
} from './support/processes';

/**
 * SIGTERM to a real server process in the middle of a burst of orders: readiness fails first,
 * the requests in flight finish (their orders' transactions commit and they are answered), new
 * ones are refused, the process closes its database and exits 0. Every order answered 201 is in
 * the database; every request refused left nothing; every order has its lines and its stock.
 */
const INITIAL_STOCK = 5000;

type Sent = {
  key: string;
  quantity: number;
  startedAt: number;
  answeredAt?: number;
  status?: number;
  uid?: string;
  error?: string;
};

const env = (more: Record<string, string>) => ({
  RATE_LIMIT_FACTOR: '1000',
  LOG_LEVEL: 'info',
  ACCESS_LOG_LEVEL: 'silent',
  ...more,
});

/** Orders from `concurrency` clients until `total` are sent; SIGTERM after `killAfter` answers. */
async function burstWithSigterm(options: {
  server: ServerProcess;
  s: Shop;
  slot: Slot;
  auths: Record<string, string>[];
  total: number;
  concurrency: number;
  killAfter: number;
}) {
  const sent: Sent[] = [];
  let next = 0;
  let answered = 0;
  let killedAt = 0;
  let exited: Promise<void> | undefined;
  const { server, s } = options;
  async function client() {
    while (next < options.total) {
      const i = next++;
      const quantity = 1 + (i % 3);
      const item: Sent = { key: `term-${i}`, quantity, startedAt: Date.now() };
      sent.push(item);
      try {
        const r = await call(server.port, 'POST', `/api/v5/places/${s.place}/orders/`, {
          host: s.host,
          headers: { ...options.auths[i % options.auths.length], 'idempotency-key': item.key },
          body: burstOrder(s, options.slot, quantity),
        });
        item.status = r.statusCode;
        if (r.statusCode === 201) item.uid = r.data.uid;
        else item.error = r.body.slice(0, 200);
      } catch (err) {
        item.error = (err as NodeJS.ErrnoException).code ?? String(err);
      }
      item.answeredAt = Date.now();
      if (++answered === options.killAfter) {
        killedAt = Date.now();
        exited = server.stop();
      }
      // Past the shutdown, a refused client stops sending.
      if (item.status === undefined || item.status === 503) return;
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, client));
  await exited;
  return { sent, killedAt };
}

/** What the database holds for the shop, checked against what the clients were told. */
async function checkLedger(db: Database, s: Shop, sent: Sent[]) {
  const rows = await db
    .select({ uid: orders.uid, key: orders.idempotencyKey, quantity: orderLines.quantity })
    .from(orders)
    .leftJoin(
      orderLines,
      and(eq(orderLines.appId, orders.appId), eq(orderLines.orderUid, orders.uid)),
    )
    .where(eq(orders.appId, s.app.uid));
  const byKey = new Map<string, { uid: string; units: number }>();
  for (const r of rows) {
    const entry = byKey.get(r.key!) ?? { uid: r.uid, units: 0 };
    entry.units += r.quantity ?? 0;
    byKey.set(r.key!, entry);
  }
  for (const item of sent) {
    const stored = byKey.get(item.key);
    if (item.status === 201) {
      assert.ok(stored, `${item.key} was answered 201 but is not in the database`);
      assert.equal(stored.uid, item.uid);
      assert.equal(stored.units, item.quantity, `${item.key} has the units asked for`);
    } else {
      assert.equal(stored, undefined, `${item.key} was refused (${item.error}) yet left an order`);
    }
  }
  const [stock] = await db
    .select({ stock: placeProducts.stock })
    .from(placeProducts)
    .where(
      and(
        eq(placeProducts.appId, s.app.uid),
        eq(placeProducts.placeUid, s.place),
        eq(placeProducts.productUid, s.cake.uid),
      ),
    );
  const units = [...byKey.values()].reduce((sum, o) => sum + o.units, 0);
  assert.equal(units, INITIAL_STOCK - stock.stock!, 'stock taken == units in orders');
  return { orders: byKey.size, units };
}

function checkGraceful(server: ServerProcess, sent: Sent[], killedAt: number) {
  assert.equal(server.child.exitCode, 0, server.output().slice(-2000));
  assert.match(server.output(), /"msg":"closed"/);
  const others = sent.filter((x) => x.status !== undefined && x.status !== 201 && x.status !== 503);
  assert.deepEqual(
    others.map((x) => `${x.status} ${x.error}`),
    [],
  );
  // Orders in flight when the signal came were finished and answered, not dropped.
  const inFlight = sent.filter(
    (x) => x.startedAt < killedAt && x.answeredAt! >= killedAt && x.status === 201,
  );
  assert.ok(inFlight.length >= 1, 'no order in flight at SIGTERM was answered');
  return inFlight.length;
}

const pgSkip = postgresSkipReason();
if (pgSkip) console.log(`# proof-shutdown on PostgreSQL skipped: ${pgSkip}`);

describe('SIGTERM on PostgreSQL', { skip: pgSkip }, () => {
  let database: Awaited<ReturnType<typeof scratchPostgres>>;
  let server: ServerProcess | undefined;
  before(async () => {
    database = await scratchPostgres();
  });
  after(async () => {
    await server?.stop();
    await database?.drop();
  });

  test('readiness fails first, while the process still answers during SHUTDOWN_DRAIN_SECONDS', async () => {
    server = await startServerProcess(
      env({ DATABASE_URL: database.url, SHUTDOWN_DRAIN_SECONDS: '2' }),
    );
    assert.equal((await call(server.port, 'GET', '/api/ready')).statusCode, 200);
    const stopped = server.stop();
    await new Promise((r) => setTimeout(r, 300));
    const ready = await call(server.port, 'GET', '/api/ready');
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.data, { status: 'not_ready', reason: 'shutting_down' });
    assert.equal((await call(server.port, 'GET', '/api/health')).statusCode, 200);
    await stopped;
    assert.equal(server.child.exitCode, 0, server.output());
    server = undefined;
  });

  test('every order answered 201 is stored whole, every refused one left nothing', async () => {
    server = await startServerProcess(env({ DATABASE_URL: database.url }));
    const t = httpTestApp(database.db, () => server!.port);
    const s = await makeShop(t, 'term-pg', { stock: INITIAL_STOCK });
    const auths = await memberSessions(s, 6);
    const slot = await lastSlot(t, s);
    const running = server;
    const { sent, killedAt } = await burstWithSigterm({
      server: running,
      s,
      slot,
      auths,
      total: 400,
      concurrency: 24,
      killAfter: 40,
    });
    server = undefined;
    const inFlight = checkGraceful(running, sent, killedAt);
    const final = await checkLedger(database.db, s, sent);
    console.log(
      `# SIGTERM (PostgreSQL): ${sent.length} orders sent by 24 clients, SIGTERM after 40 answers; ` +
        `${inFlight} in flight at the signal answered 201; ${final.orders} orders stored == answered 201, ${final.units} units == stock taken`,
    );
  });
});

const liteSkip =
  process.env.TEST_DB === 'postgres' ? 'PGlite folders are checked in the PGlite pass' : false;

describe('SIGTERM on a PGlite folder (DATA_DIR)', { skip: liteSkip }, () => {
  let dir: string;
  let server: ServerProcess | undefined;
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'proof-shutdown-'));
  });
  after(async () => {
    await handle?.close().catch(() => undefined);
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the folder reopens with every order answered 201, and none of the refused ones', async () => {
    handle = await openDatabase({ dataDir: dir });
    const local = await injectTestApp(handle.db, 'pglite');
    const s = await makeShop(local, 'term-lite', { stock: INITIAL_STOCK });
    const auths = await memberSessions(s, 4);
    const slot = await lastSlot(local, s);
    await local.closeApp();
    await handle.close();
    handle = undefined;

    server = await startServerProcess(env({ DATA_DIR: dir, SHUTDOWN_DRAIN_SECONDS: '1' }));
    const running = server;
    const { sent, killedAt } = await burstWithSigterm({
      server: running,
      s,
      slot,
      auths,
      total: 200,
      concurrency: 8,
      killAfter: 20,
    });
    server = undefined;
    const inFlight = checkGraceful(running, sent, killedAt);
    // The process closed its database: the folder opens again at once, whole.
    handle = await openDatabase({ dataDir: dir });
    const final = await checkLedger(handle.db, s, sent);
    await handle.close();
    handle = undefined;
    console.log(
      `# SIGTERM (PGlite folder): ${sent.length} orders sent by 8 clients, SIGTERM after 20 answers, 1 s drain; ` +
        `${inFlight} answered 201 after the signal; ${final.orders} orders stored == answered 201`,
    );
  });
});

after(() => closeClients());
