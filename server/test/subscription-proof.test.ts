import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { Place, Product } from '@store/contract';
import { orders, placeProducts, subscriptionDeliveries } from '../src/db/schema';
import { seedDemoTenants } from '../src/tenants/demo-seed';
import { registerMember } from './support/accounts';
import { injectTestApp, postgresSkipReason, scratchPostgres } from './support/processes';

/**
 * The subscription run in THREE processes at once (the `subscriptions:run`
 * command, as several servers' intervals would) on one PostgreSQL database:
 * each subscription gets exactly one order for the day and its stock is
 * taken once. Only the database decides: the claim row of the day.
 */
const skip = postgresSkipReason();
if (skip) console.log(`# subscription-proof skipped: ${skip}`);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runCommand(
  databaseUrl: string,
  at: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/modules/subscriptions/cli.ts', '--at', at],
      {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: '', LOG_LEVEL: 'error' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('subscription runs in several processes on one PostgreSQL database', { skip }, () => {
  let database: Awaited<ReturnType<typeof scratchPostgres>>;
  let t: Awaited<ReturnType<typeof injectTestApp>>;
  before(async () => {
    database = await scratchPostgres();
    await seedDemoTenants(database.db);
    t = await injectTestApp(database.db, 'postgres');
  });
  after(async () => {
    await t?.closeApp();
    await database?.drop();
  });

  test('three runs at once: one order per subscription, stock taken once', async () => {
    const places: Place[] = (await t.get('/api/v7/places/')).data.results;
    const miraflores = places.find((p) => p.name === 'Aurora Miraflores')!.uid;
    const products: Product[] = (
      await t.get(`/api/v7/places/${miraflores}/products/?page_size=100`)
    ).data.results;
    const croissant = products.find((p) => p.title === 'Croissant de mantequilla')!;
    const methods: { uid: string; type: string }[] = (
      await t.get(`/api/v5/places/${miraflores}/checkout-options/`)
    ).data.payment_methods;
    const stock = async () =>
      (
        await database.db
          .select({ stock: placeProducts.stock })
          .from(placeProducts)
          .where(
            and(
              eq(placeProducts.placeUid, miraflores),
              eq(placeProducts.productUid, croissant.uid),
            ),
          )
      )[0].stock!;
    const before = await stock();

    const uids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await registerMember(t, 'localhost');
      const res = await t.post(
        `/api/v5/places/${miraflores}/subscriptions/`,
        {
          products: [{ uid: croissant.uid, quantity: 2 }],
          weekdays: ['monday'],
          time_slot: { start: '09:00', end: '09:30' },
          payment_method: methods.find((m) => m.type === 'CASH')!.uid,
        },
        { headers: member.auth },
      );
      assert.equal(res.statusCode, 201, res.body);
      uids.push(res.data.uid);
    }

    const monday = new Date(Date.now() + 2 * 86_400_000);
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    const at = `${monday.toISOString().slice(0, 10)}T07:30:00-05:00`;
    // The demo store has weeks of past orders at Miraflores: count what the runs add.
    const ordersBefore = new Set(
      (
        await database.db
          .select({ uid: orders.uid })
          .from(orders)
          .where(eq(orders.placeUid, miraflores))
      ).map((o) => o.uid),
    );
    const runs = await Promise.all([
      runCommand(database.url, at),
      runCommand(database.url, at),
      runCommand(database.url, at),
    ]);
    for (const run of runs) assert.equal(run.code, 0, run.output);
    const ordered = runs.map((r) =>
      Number(/^(\d+) ordered, \d+ skipped$/m.exec(r.output)?.[1] ?? NaN),
    );
    assert.equal(
      ordered.reduce((a, b) => a + b, 0),
      6,
      runs.map((r) => r.output).join('\n---\n'),
    );

    const deliveries = await database.db
      .select()
      .from(subscriptionDeliveries)
      .where(inArray(subscriptionDeliveries.subscriptionUid, uids));
    assert.equal(deliveries.length, 6);
    assert.ok(deliveries.every((d) => d.status === 'ordered' && d.orderUid));
    const made = (
      await database.db
        .select({ uid: orders.uid })
        .from(orders)
        .where(eq(orders.placeUid, miraflores))
    ).filter((o) => !ordersBefore.has(o.uid));
    assert.equal(made.length, 6);
    assert.deepEqual(new Set(made.map((o) => o.uid)), new Set(deliveries.map((d) => d.orderUid)));
    assert.equal(await stock(), before - 12);
  });
});
