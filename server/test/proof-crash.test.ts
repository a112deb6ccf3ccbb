import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client';
import type { Shop } from './support/orders';
import {
  burstOrder,
  burstShop,
  burstShopInFolder,
  sendBurstOrder,
  stockLeft,
  storedOrders,
  type Slot,
} from './support/order-bursts';
import type { TestApp } from './support/test-app';
import {
  closeClients,
  httpTestApp,
  injectTestApp,
  postgresSkipReason,
  scratchPostgres,
  startServerProcess,
  type ServerProcess,
} from './support/processes';

/**
 * kill -9 in the middle of a burst of orders, then start again on the same
 * database. An answered order must exist; an order must have taken its stock
 * and stock must only be taken by an order (the order, its lines and the
 * stock update are one transaction). Requests cut off by the crash have an
 * unknown outcome: they are sent again with the same Idempotency-Key, as a
 * client would, and must end as exactly one order each.
 */
const INITIAL_STOCK = 5000;

type Sent = {
  i: number;
  key: string;
  quantity: number;
  member: number;
  status?: number;
  uid?: string;
  error?: string;
};

/**
 * `total` orders of 1-3 cakes from `concurrency` clients at once, each to the
 * next live process; `onAnswer` sees the running count of answers.
 */
async function burst(options: {
  s: Shop;
  slot: Slot;
  auths: Record<string, string>[];
  ports: () => number[];
  total: number;
  concurrency: number;
  onAnswer?: (answered: number) => void;
}): Promise<Sent[]> {
  const sent: Sent[] = [];
  let nextIndex = 0;
  let answered = 0;
  async function client() {
    while (nextIndex < options.total) {
      const i = nextIndex++;
      const ports = options.ports();
      if (!ports.length) return;
      const item: Sent = {
        i,
        key: `crash-${i}`,
        quantity: 1 + (i % 3),
        member: i % options.auths.length,
      };
      sent.push(item);
      Object.assign(
        item,
        await sendBurstOrder(
          ports[i % ports.length],
          options.s,
          options.slot,
          options.auths[item.member],
          item.key,
          item.quantity,
        ),
      );
      options.onAnswer?.(++answered);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return sent;
}

/** Sends every request whose outcome the crash hid again, with its key: each must end as an order. */
async function retryLost(
  t: TestApp,
  s: Shop,
  slot: Slot,
  auths: Record<string, string>[],
  sent: Sent[],
  serverLog: () => string,
) {
  for (const item of sent.filter((x) => x.status === undefined)) {
    const r = await t.post(
      `/api/v5/places/${s.place}/orders/`,
      burstOrder(s, slot, item.quantity),
      {
        host: s.host,
        headers: { ...auths[item.member], 'idempotency-key': item.key },
      },
    );
    assert.equal(r.statusCode, 201, `${r.body}\nserver log:\n${serverLog().slice(-3000)}`);
    item.status = 201;
    item.uid = r.data.uid;
  }
}

/** The invariants, read straight from the database. */
async function checkLedger(
  db: Database,
  s: Shop,
  sent: Sent[],
  { allSettled }: { allSettled: boolean },
) {
  const byUid = new Map((await storedOrders(db, s)).map((o) => [o.uid, o]));
  // Every answered order exists, with what was asked.
  for (const item of sent.filter((x) => x.status === 201)) {
    assert.ok(
      byUid.has(item.uid!),
      `order ${item.key} was answered 201 (${item.uid}) but is not in the database`,
    );
    assert.equal(
      byUid.get(item.uid!)!.units,
      item.quantity,
      `order ${item.key} has the units asked for`,
    );
  }
  // No order without its stock taken: every order holds units.
  for (const [uid, o] of byUid) assert.ok(o.units > 0, `order ${uid} has no lines`);
  // No order the clients never asked for, and none twice.
  const keys = [...byUid.values()].map((o) => o.key);
  assert.equal(new Set(keys).size, keys.length, 'one order per Idempotency-Key');
  const askedKeys = new Set(sent.map((x) => x.key));
  for (const key of keys) assert.ok(key && askedKeys.has(key), `unexpected order ${key}`);
  // No stock taken without its order: units in orders == stock taken.
  const left = await stockLeft(db, s);
  const units = [...byUid.values()].reduce((sum, o) => sum + o.units, 0);
  assert.equal(units, INITIAL_STOCK - left, 'units in orders == initial stock - current stock');
  assert.ok(left >= 0);
  if (allSettled)
    assert.equal(
      byUid.size,
      sent.filter((x) => x.status === 201).length,
      'after the retries, every request is exactly one order',
    );
  return { orders: byUid.size, units };
}

function summary(sent: Sent[]) {
  return {
    answered201: sent.filter((x) => x.status === 201).length,
    cutOff: sent.filter((x) => x.status === undefined).length,
    otherStatus: sent
      .filter((x) => x.status !== undefined && x.status !== 201)
      .map((x) => `${x.status} ${x.error}`),
  };
}

const pgSkip = postgresSkipReason();
if (pgSkip) console.log(`# proof-crash on PostgreSQL skipped: ${pgSkip}`);

describe('kill -9 during a burst of orders, two processes on PostgreSQL', { skip: pgSkip }, () => {
  let database: Awaited<ReturnType<typeof scratchPostgres>>;
  let servers: (ServerProcess | null)[] = [];
  before(async () => {
    database = await scratchPostgres();
    servers = [await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '1000' })];
    servers.push(
      await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '1000' }),
    );
  });
  after(async () => {
    await Promise.all(servers.map((s) => s?.stop()));
    await database?.drop();
  });

  test('every 2xx order exists, stock taken == units ordered, cut-off requests retried end as one order each', async () => {
    const t = httpTestApp(database.db, () => servers[1]!.port);
    const { s, auths, slot } = await burstShop(t, 'crash-pg', INITIAL_STOCK, 6);
    const victim = servers[0]!;
    const victimPort = victim.port;
    let crashed: Promise<void> | undefined;
    const started = Date.now();
    const sent = await burst({
      s,
      slot,
      auths,
      ports: () => servers.filter((x): x is ServerProcess => !!x).map((x) => x.port),
      total: 120,
      concurrency: 24,
      onAnswer: (n) => {
        if (n === 40) {
          servers[0] = null;
          crashed = victim.crash();
        }
      },
    });
    await crashed;
    const burstMs = Date.now() - started;
    const before = summary(sent);
    assert.deepEqual(before.otherStatus, []);
    assert.ok(before.answered201 >= 40);
    await checkLedger(database.db, s, sent, { allSettled: false });

    const restartStarted = Date.now();
    servers[0] = await startServerProcess(
      { DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '1000' },
      victimPort,
    );
    const restartMs = Date.now() - restartStarted;
    await retryLost(
      httpTestApp(database.db, () => victimPort),
      s,
      slot,
      auths,
      sent,
      () => servers[0]!.output(),
    );
    const final = await checkLedger(database.db, s, sent, { allSettled: true });
    console.log(
      `# crash (PostgreSQL): ${sent.length} orders sent by 24 clients over 2 processes in ${burstMs} ms, kill -9 after 40 answers; ` +
        `${before.answered201} answered 201, ${before.cutOff} cut off; restart ${restartMs} ms; after retries ${final.orders} orders, ${final.units} units == stock taken`,
    );
  });
});

const liteSkip =
  process.env.TEST_DB === 'postgres' ? 'PGlite folders are checked in the PGlite pass' : false;

describe('kill -9 and reopen a PGlite folder (DATA_DIR)', { skip: liteSkip }, () => {
  let dir: string;
  let server: ServerProcess | undefined;
  // Whatever is still open when an assertion fails is closed here: an open PGlite would keep the file's process alive.
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let inProcess: Awaited<ReturnType<typeof injectTestApp>> | undefined;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'proof-pglite-'));
  });
  after(async () => {
    await inProcess?.closeApp().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('everything answered 2xx before the kill is there after reopening; stock and orders agree', async () => {
    const { s, auths, slot } = await burstShopInFolder(dir, 'crash-lite', INITIAL_STOCK, 4);

    server = await startServerProcess({ DATA_DIR: dir, RATE_LIMIT_FACTOR: '1000' });
    const alive = server;
    let crashed: Promise<void> | undefined;
    let dead = false;
    const started = Date.now();
    const sent = await burst({
      s,
      slot,
      auths,
      ports: () => (dead ? [] : [alive.port]),
      total: 80,
      concurrency: 8,
      onAnswer: (n) => {
        if (n === 20) {
          dead = true;
          crashed = alive.crash();
        }
      },
    });
    await crashed;
    server = undefined;
    const burstMs = Date.now() - started;
    const before = summary(sent);
    assert.deepEqual(before.otherStatus, []);

    handle = await openDatabase({ dataDir: dir });
    await checkLedger(handle.db, s, sent, { allSettled: false });
    // The reopened folder serves again: the cut-off requests are retried with their keys.
    const reopened = (inProcess = await injectTestApp(handle.db, 'pglite'));
    await retryLost(reopened, s, slot, auths, sent, () => reopened.errors.join(''));
    const final = await checkLedger(handle.db, s, sent, { allSettled: true });
    await reopened.closeApp();
    await handle.close();
    inProcess = handle = undefined;
    console.log(
      `# crash (PGlite folder): ${sent.length} orders sent by 8 clients in ${burstMs} ms, kill -9 after 20 answers; ` +
        `${before.answered201} answered 201, ${before.cutOff} cut off; after reopening and retries ${final.orders} orders, ${final.units} units == stock taken`,
    );
  });
});

after(() => closeClients());
