/**
 * `npm run bench:scale`: how the hot paths' cost grows with the data. Creates its own PostgreSQL
 * database (SCALE_DATABASE, default scale_bench, on the server of DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), runs the real migrations on it, imports TENANTS
 * tenants (default 100) through the real importer, then grows it step by step to each size of
 * orders (default 10^4, 10^5, 10^6; `--sizes=10000,100000` to choose, `--with-10m` adds 10^7),
 * generating members, products, orders with lines, ledger lines and the reports' rollups inside
 * PostgreSQL (lib/scale-data.ts). At each size it measures p50/p99 of the hot paths through the
 * real Fastify app (app.inject, so the figure is the server's and the database's: guard, queries,
 * serialisation), CLIENTS concurrent clients (default 4), REQUESTS per path (default 100; a tenth
 * for the CSV export), the catalogue's micro-caches off (CATALOG_CACHE_SECONDS=0 and
 * SEARCH_CACHE_SECONDS=0 by default, so every call reaches the database).
 *
 * The measured tenant holds a tenth of every table (its orders, members and products grow with
 * the size; SCALE_PRODUCTS=n fixes the whole catalogue at n products from the first size, to
 * tell what grows with the orders from what grows with the catalogue); the other tenants share
 * the rest. Prints a Markdown table per size and, at the end,
 * the curve (p99 at each size over p99 at the first); writes both to SCALE_OUT (default
 * bench/out/scale.md). EXPLAIN=1 also runs each path once more with its statements recorded and
 * writes the plan of each read (EXPLAIN ANALYZE, slowest first, flagged when it is not an index
 * range scan) to SCALE_EXPLAIN_OUT (default bench/out/scale-explain.md). KEEP_DATABASE=1 keeps the database at the end (else dropped); REUSE_DATABASE=1 starts from a kept one.
 *
 * On Citus: SCALE_CITUS_WORKERS=127.0.0.1:9701,127.0.0.1:9702 with DATABASE_URL the coordinator
 * (postgres://postgres@127.0.0.1:9700/postgres) makes the database on every node and distributes
 * it by tenant as `npm run db:distribute` does (lib/scale-citus.ts) before generating the same
 * data; with EXPLAIN=1 each path's every data statement goes through Citus's EXPLAIN at each size
 * and the run fails, naming path and statement, if one reaches more than one shard (issue 41).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { defaultAccountsConfig, scaledMailQuotas, scaledRateLimits } from '../server/src/config';
import {
  checkConsistency,
  createScaleTables,
  createScaleTenants,
  enableMemberSignIn,
  growTo,
  tableCounts,
  SCALE_PASSWORD,
} from './lib/scale-data';
import {
  createScaleDatabase,
  citusWorkers,
  distributeScaleDatabase,
  dropScaleDatabase,
  shardVerdict,
  verdictText,
} from './lib/scale-citus';
import { explainReads, installStatementRecorder, planSection, record } from './lib/scale-explain';

const args = process.argv.slice(2);
const sizesArg = args.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length);
const sizes = (sizesArg ?? process.env.SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((s) => Number(s.replace(/_/g, '')))
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
if (args.includes('--with-10m') && !sizes.includes(10_000_000)) sizes.push(10_000_000);
const tenants = Number(process.env.TENANTS ?? 100);
const clients = Number(process.env.CLIENTS ?? 4);
const requests = Number(process.env.REQUESTS ?? 100);
const out = process.env.SCALE_OUT ?? new URL('./out/scale.md', import.meta.url).pathname;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.SCALE_DATABASE ?? 'scale_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error('SCALE_DATABASE: a plain name');

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
// REUSE_DATABASE=1 measures again on a database kept by an earlier run (KEEP_DATABASE=1): the
// migrations run on it first (a new index is measured without generating the rows again).
const reuse =
  Boolean(process.env.REUSE_DATABASE) &&
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName])).rowCount ===
    1;
const url = new URL(adminUrl);
url.pathname = `/${databaseName}`;
if (!reuse) {
  await dropScaleDatabase(adminUrl, databaseName);
  await createScaleDatabase(adminUrl, url.toString(), databaseName);
}
const citus = citusWorkers.length > 0;

mkdirSync(new URL('./out/', import.meta.url), { recursive: true });
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

const explain = Boolean(process.env.EXPLAIN);
const explainOut =
  process.env.SCALE_EXPLAIN_OUT ?? new URL('./out/scale-explain.md', import.meta.url).pathname;
const plans: string[] = [];
if (explain) installStatementRecorder();
const database = await openDatabase({ databaseUrl: url.toString() });
const { db } = database;
if (citus) {
  await createScaleTables(db);
  await distributeScaleDatabase(url.toString());
}
type Row = { name: string; p50: number; p99: number; n: number };
const curve = new Map<number, Row[]>();
try {
  let t0 = performance.now();
  const measured = await createScaleTenants(db, tenants);
  const importSeconds = (performance.now() - t0) / 1000;
  say(`# bench:scale, ${new Date().toISOString()}`);
  say();
  say(
    `PostgreSQL ${(await admin.query('SHOW server_version')).rows[0].server_version}${citus ? `, Citus: the coordinator and ${citusWorkers.length} workers (${citusWorkers.map((w) => `${w.host}:${w.port}`).join(', ')}), distributed by app_id` : ''}, ${tenants} tenants imported in ${importSeconds.toFixed(1)} s; ${clients} clients, ${requests} requests per path (CSV: ${Math.max(5, Math.ceil(requests / 10))}), catalogue caches ${process.env.CATALOG_CACHE_SECONDS ?? 0} s / search ${process.env.SEARCH_CACHE_SECONDS ?? 0} s.`,
  );

  const app = await buildApp({
    db,
    dbKind: database.kind,
    publicCacheSeconds: Number(process.env.CATALOG_CACHE_SECONDS ?? 0),
    searchCacheSeconds: Number(process.env.SEARCH_CACHE_SECONDS ?? 0),
    tenantCacheSeconds: 5,
    accounts: defaultAccountsConfig({
      rateLimits: scaledRateLimits(1000),
      mailQuotas: scaledMailQuotas(1000),
    }),
  });
  await app.ready();

  type Call = {
    method: 'GET' | 'POST';
    url: string;
    token?: string;
    payload?: unknown;
  };
  const call = async (c: Call) => {
    const res = await app.inject({
      method: c.method,
      url: `/api${c.url}`,
      headers: {
        host: measured.host,
        ...(c.token ? { authorization: `Token ${c.token}` } : {}),
      },
      payload: c.payload as never,
    });
    return res;
  };
  const login = async (email: string) => {
    const res = await call({
      method: 'POST',
      url: '/v5/login/',
      payload: { email, password: SCALE_PASSWORD },
    });
    const token = res.json().token as string | undefined;
    if (!token) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    return token;
  };
  const owner = await login(measured.ownerEmail);
  const cashier = await login(measured.cashierEmail);
  const buyer = await login(measured.buyerEmail);

  for (const size of sizes) {
    t0 = performance.now();
    const timings = await growTo(db, size);
    const grown = (performance.now() - t0) / 1000;
    await enableMemberSignIn(db, measured.appId, measured.memberEmail);
    const member = await login(measured.memberEmail);
    const counts = await tableCounts(db);
    const consistency = await checkConsistency(db);
    const broken = Object.entries(consistency).filter(([, n]) => n !== 0);
    if (broken.length) throw new Error(`inconsistent data: ${JSON.stringify(consistency)}`);

    // What the paths need: a product to buy, the pickup slot, the cash method, a date range.
    const place = measured.placeUid;
    const list = (await call({ method: 'GET', url: `/v7/places/${place}/products/` })).json();
    const product = list.results[0] as { uid: string; unit_price: string };
    const lastPage = Math.max(1, Math.ceil(list.count / list.results.length));
    const cash = (
      await call({ method: 'GET', url: `/v5/places/${place}/checkout-options/` })
    ).json().payment_methods[0].uid as string;
    const schedule = (
      await call({ method: 'GET', url: `/v7/places/${place}/pickup-schedule/` })
    ).json();
    // The latest slot offered: the first one of today passes while a large size is measured.
    const lastDay = schedule.days.at(-1);
    const pickup = { date: lastDay.date, start: lastDay.slots.at(-1).start };
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const members = counts.measured_members;
    // A member picked per call, spread over the tenant's members (ordinal i of scale-data).
    const someone = (i: number) => 1 + ((i * 7_919) % members);
    const doc = (i: number) => String(someone(i)).padStart(8, '0');

    const paths: { name: string; who: string; calls?: number; call: (i: number) => Call }[] = [
      {
        name: 'product list, first page',
        who: 'shopper',
        call: () => ({ method: 'GET', url: `/v7/places/${place}/products/` }),
      },
      {
        name: 'product list, last page',
        who: 'shopper',
        call: () => ({ method: 'GET', url: `/v7/places/${place}/products/?page=${lastPage}` }),
      },
      {
        name: 'search "cafe" (broad)',
        who: 'shopper',
        call: () => ({ method: 'GET', url: `/v7/places/${place}/products/?search=cafe` }),
      },
      {
        name: 'search "empanada pollo"',
        who: 'shopper',
        call: () => ({
          method: 'GET',
          url: `/v7/places/${place}/products/?search=empanada%20pollo`,
        }),
      },
      {
        name: 'cart: save',
        who: 'shopper',
        call: (i) => ({
          method: 'POST',
          url: '/v5/me/shopping-cart/',
          token: buyer,
          payload: { place, products: [{ uid: product.uid, quantity: 1 + (i % 3) }] },
        }),
      },
      {
        name: 'cart: read',
        who: 'shopper',
        call: () => ({
          method: 'GET',
          url: `/v5/me/shopping-cart/?place_uid=${place}`,
          token: buyer,
        }),
      },
      {
        name: 'checkout (pickup, cash)',
        who: 'shopper',
        call: () => ({
          method: 'POST',
          url: `/v5/places/${place}/orders/`,
          token: buyer,
          payload: {
            shipping_type: 'pickup',
            pickup,
            products: [{ uid: product.uid, quantity: 1 }],
            expected_total: product.unit_price,
            payment_method: cash,
            billing: {
              first_name: 'Ana',
              last_name: 'Quispe',
              email: 'ana@example.com',
              phone: '+51987654321',
              city: 'Lima',
              address: 'Av. 1',
            },
          },
        }),
      },
      {
        name: 'my orders',
        who: 'shopper',
        call: () => ({ method: 'GET', url: '/v5/me/orders/', token: member }),
      },
      {
        name: 'my points (program)',
        who: 'shopper',
        call: () => ({
          method: 'GET',
          url: `/v5/me/programs/${measured.programUid}/`,
          token: member,
        }),
      },
      {
        name: 'my points history',
        who: 'shopper',
        call: () => ({
          method: 'GET',
          url: `/v5/me/programs/${measured.programUid}/ledger/`,
          token: member,
        }),
      },
      {
        name: 'staff: client by document',
        who: 'cashier',
        call: (i) => ({
          method: 'GET',
          url: `/v5/staff/clients/?document_type=NATIONAL_ID&document_number=${doc(i)}`,
          token: cashier,
        }),
      },
      {
        name: 'staff: client by phone (no +51)',
        who: 'cashier',
        call: (i) => ({
          method: 'GET',
          url: `/v5/staff/clients/?mobile_phone=9${doc(i)}`,
          token: cashier,
        }),
      },
      {
        name: 'back office: orders, first page',
        who: 'back office',
        call: () => ({ method: 'GET', url: '/v5/admin/orders/', token: owner }),
      },
      {
        name: 'back office: orders, status RECEIVED',
        who: 'back office',
        call: () => ({ method: 'GET', url: '/v5/admin/orders/?status=RECEIVED', token: owner }),
      },
      {
        name: 'back office: orders, search a name',
        who: 'back office',
        call: () => ({ method: 'GET', url: '/v5/admin/orders/?q=rosa', token: owner }),
      },
      {
        name: 'back office: dashboard 30 days',
        who: 'back office',
        call: () => ({ method: 'GET', url: '/v5/admin/dashboard/?period=30d', token: owner }),
      },
      {
        name: 'back office: report, 30 days',
        who: 'back office',
        call: () => ({
          method: 'GET',
          url: `/v5/admin/reports/?from=${daysAgo(29)}&to=${today}`,
          token: owner,
        }),
      },
      {
        name: 'back office: orders CSV, 7 days',
        who: 'back office',
        calls: Math.max(5, Math.ceil(requests / 10)),
        call: () => ({
          method: 'GET',
          url: `/v5/admin/orders.csv?date_from=${daysAgo(6)}&date_to=${today}`,
          token: owner,
        }),
      },
    ];

    say();
    say(
      `## ${size.toLocaleString('en')} orders: ${counts.tenants} tenants, ${counts.members} members, ${counts.products} products, ${counts.orders} orders, ${counts.lines} lines, ${counts.ledger} ledger lines (the measured tenant: ${counts.measured_orders} orders, ${counts.measured_members} members, ${counts.measured_products} products)`,
    );
    say();
    say(
      `Grown in ${grown.toFixed(1)} s (${Object.entries(timings)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')}); the foreign keys' joins find no orphan.`,
    );
    say();
    say('| path | who | p50 ms | p99 ms | calls | bytes |');
    say('| --- | --- | --: | --: | --: | --: |');
    const rows: Row[] = [];
    const rssBefore = process.memoryUsage().rss;
    const loadBefore = os.loadavg()[0];
    let rssPeak = rssBefore;
    for (const path of paths) {
      const total = path.calls ?? requests;
      // Warm-up: the first calls prepare the statements and fill the tenant cache.
      let bytes = 0;
      for (let i = 0; i < 2; i++) {
        const res = await call(path.call(i));
        if (res.statusCode >= 300)
          throw new Error(`${path.name}: ${res.statusCode} ${res.body.slice(0, 500)}`);
        bytes = res.rawPayload.length;
      }
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < total) {
            const i = next++;
            const started = performance.now();
            const res = await call(path.call(i + 2));
            times.push(performance.now() - started);
            if (res.statusCode >= 300)
              throw new Error(`${path.name}: ${res.statusCode} ${res.body.slice(0, 500)}`);
            rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
          }
        }),
      );
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      const row = { name: path.name, p50: at(0.5), p99: at(0.99), n: times.length };
      rows.push(row);
      say(
        `| ${path.name} | ${path.who} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.n} | ${bytes} |`,
      );
    }
    say();
    say(
      `Server RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before the paths, ${(rssPeak / 2 ** 20).toFixed(0)} MB at most during them; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (${os.cpus().length} cores).`,
    );
    curve.set(size, rows);
    if (explain) {
      plans.push(`## ${size.toLocaleString('en')} orders`, '');
      const fanOut: string[] = [];
      if (citus)
        for (const l of ['', '| path | who | Citus EXPLAIN |', '| --- | --- | --- |']) say(l);
      for (const [i, path] of paths.entries()) {
        const statements = await record(() => call(path.call(i)));
        const explained = await explainReads(url.toString(), statements, citus);
        if (!citus) {
          plans.push(...planSection(path.name, explained));
          continue;
        }
        const verdict = await shardVerdict(url.toString(), statements);
        say(`| ${path.name} | ${path.who} | ${verdictText(verdict)} |`);
        plans.push(...planSection(path.name, explained, verdictText(verdict)));
        if (!verdict.distributed) fanOut.push(`${path.name}: no statement reached the shards`);
        for (const f of verdict.fanOut)
          fanOut.push(`${path.name}: Task Count ${f.tasks.join(', ')} for\n${f.text}\n${f.plan}`);
      }
      writeFileSync(explainOut, `${plans.join('\n')}\n`);
      if (fanOut.length) {
        writeFileSync(out, `${lines.join('\n')}\n`);
        throw new Error(`not single-shard at ${size} orders:\n${fanOut.join('\n\n')}`);
      }
    }
  }
  await app.close();

  if (sizes.length > 1) {
    say();
    say('## The curve: p99 at each size over p99 at the first');
    say();
    say(
      `| path | ${sizes.map((s) => `p99 ms at ${s.toLocaleString('en')}`).join(' | ')} | ratio |`,
    );
    say(`| --- | ${sizes.map(() => '--:').join(' | ')} | --: |`);
    const first = curve.get(sizes[0])!;
    for (const [i, row] of first.entries()) {
      const p99s = sizes.map((s) => curve.get(s)![i].p99);
      say(
        `| ${row.name} | ${p99s.map((p) => p.toFixed(1)).join(' | ')} | ${(p99s.at(-1)! / p99s[0]).toFixed(2)}x |`,
      );
    }
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`\nwritten to ${out}`);
} finally {
  await database.close();
  if (process.env.KEEP_DATABASE) console.log(`kept ${url.toString()}`);
  else await dropScaleDatabase(adminUrl, databaseName);
  await admin.end();
}
// Background runs of the app (expiry, mail) may hold timers: the figures are written.
process.exit(0);
