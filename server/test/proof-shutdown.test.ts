import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client';
import type { Shop } from './support/orders';
import {
  burstShop,
  burstShopInFolder,
  sendBurstOrder,
  stockLeft,
  storedOrders,
  type Slot,
} from './support/order-bursts';
import {
  call,
  closeClients,
  httpTestApp,
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
      const auth = options.auths[i % options.auths.length];
      Object.assign(
        item,
        await sendBurstOrder(server.port, s, options.slot, auth, item.key, quantity),
      );
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
  const byKey = new Map((await storedOrders(db, s)).map((o) => [o.key!, o]));
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
  const units = [...byKey.values()].reduce((sum, o) => sum + o.units, 0);
  assert.equal(units, INITIAL_STOCK - (await stockLeft(db, s)), 'stock taken == units in orders');
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
    const { s, auths, slot } = await burstShop(t, 'term-pg', INITIAL_STOCK, 6);
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
    const { s, auths, slot } = await burstShopInFolder(dir, 'term-lite', INITIAL_STOCK, 4);

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
