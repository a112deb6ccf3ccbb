/**
 * `npm run bench:orders`: orders placed per second under concurrent load
 * (CONNECTIONS clients placing pickup orders paid in cash for DURATION
 * seconds, each its own order: pricing, stock update, order and lines in one
 * transaction), then the race: RACE concurrent orders (default 50) at a
 * product with 10 in stock. Prints Markdown rows for bench/RESULTS.md.
 * DATABASE_URL selects PostgreSQL.
 *
 * The clients run in a child process (lib/order-load.mjs), so this process's
 * CPU is the server's: the row gives the server's and the database's CPU time
 * per order, which move far less with the machine's load than orders/s do.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { startBenchServer } from './lib/server';
import { cpuMeter } from './lib/cpu';
import { eq } from 'drizzle-orm';
import { importTenant } from '../server/src/tenants/importer';
import { apps } from '../server/src/db/schema';
import { dbQueryDuration } from '../server/src/modules/monitoring/metrics';

/** Statements the server has run so far, by first SQL word (the server's own metric). */
async function statementCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const v of (await dbQueryDuration.get()).values)
    if (v.metricName === 'store_db_query_duration_seconds_count')
      counts[String(v.labels.statement)] = v.value;
  return counts;
}

const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const racers = Number(process.env.RACE ?? 50);
const host = 'bench-orders.test';
const allDay = { from: '00:00', to: '00:00' };

const server = await startBenchServer({
  prepare: async (db) => {
    await importTenant(db, {
      app: {
        key: 'bench-orders',
        name: 'Bench orders',
        domain: host,
        main_company: 'shop',
        // Cash orders stay unpaid: the members' cap (3 by default) would refuse the load itself.
        max_unpaid_orders: 1000,
      },
      companies: [
        {
          key: 'shop',
          name: 'Shop',
          payment_methods: [{ key: 'cash', type: 'CASH', name: 'Efectivo' }],
        },
      ],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
      places: [
        {
          key: 'main',
          company: 'shop',
          area: 'lima',
          name: 'Main',
          address: 'Av. 1',
          timetable: { monday: allDay, saturday: allDay, sunday: allDay },
        },
      ],
      catalog: {
        products: [
          {
            key: 'plenty',
            company: 'shop',
            title: 'Plenty',
            price: '10.00',
            places: { main: 10_000_000 },
          },
          {
            key: 'last-ten',
            company: 'shop',
            title: 'Last ten',
            price: '10.00',
            places: { main: 10 },
          },
        ],
      },
    });
    // Past the file's highest cap: one client alone places more than 1,000 orders in a run.
    await db.update(apps).set({ maxUnpaidOrders: 1_000_000 }).where(eq(apps.domain, host));
    // fetch cannot set Host, so the tenant is named by its API-KEY (server-to-server resolution).
    const [app] = await db.select({ apiKey: apps.apiKey }).from(apps).where(eq(apps.domain, host));
    return app.apiKey;
  },
});
const apiKey = server.prepared as string;
const base = `http://127.0.0.1:${server.port}/api`;
const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'api-key': apiKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as any };
};

const place = (await call('GET', '/v7/places/')).data.results[0].uid as string;
const products = (await call('GET', `/v7/places/${place}/products/`)).data.results as {
  uid: string;
  title: string;
}[];
const cash = (await call('GET', `/v5/places/${place}/checkout-options/`)).data.payment_methods[0]
  .uid as string;
const schedule = (await call('GET', `/v7/places/${place}/pickup-schedule/`)).data;
const pickup = { date: schedule.days[0].date, start: schedule.days[0].slots[0].start };
const tokens: string[] = [];
for (let i = 0; i < Math.max(connections, 5); i++) {
  const res = await call('POST', '/v5/register/', {
    email: `bench${i}.${Date.now()}@example.com`,
    password: 'Clave segura 1',
    first_name: 'Ana',
    last_name: 'Quispe',
    accept_terms: true,
    accept_age: true,
    accept_data_processing: true,
    accept_publicity: true,
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.data)}`);
  tokens.push(res.data.token);
}
const billing = {
  first_name: 'Ana',
  last_name: 'Quispe',
  email: 'ana@example.com',
  phone: '+51987654321',
  city: 'Lima',
  address: 'Av. 1',
};
const orderBody = (productUid: string) => ({
  shipping_type: 'pickup',
  pickup,
  products: [{ uid: productUid, quantity: 1 }],
  expected_total: '10.00',
  payment_method: cash,
  billing,
});
const order = (productUid: string, token: string) =>
  call('POST', `/v5/places/${place}/orders/`, orderBody(productUid), token);

// Round trips of one order alone (after a first one warms the caches), by kind of statement:
// the figure the speed work lowers, steady whatever else the machine is doing.
const plenty = products.find((p) => p.title === 'Plenty')!.uid;
await order(plenty, tokens[0]);
const before = await statementCounts();
const single = await order(plenty, tokens[0]);
if (single.status !== 201)
  throw new Error(`order: ${single.status} ${JSON.stringify(single.data)}`);
const after = await statementCounts();
const perOrder = Object.fromEntries(
  Object.keys(after)
    .map((k) => [k, after[k] - (before[k] ?? 0)] as const)
    .filter(([, n]) => n > 0),
);
const statementsPerOrder = Object.values(perOrder).reduce((a, b) => a + b, 0);

// Load: each client places orders one after another until the time is up (in a child process).
const loadAtStart = os.loadavg()[0];
const meter = await cpuMeter(process.env.DATABASE_URL || undefined);
const cpu = await meter.start();
const { latencies, failures, clientCpuMsPerOrder } = await new Promise<{
  latencies: number[];
  failures: number;
  clientCpuMsPerOrder: number;
}>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [new URL('./lib/order-load.mjs', import.meta.url).pathname],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  child.on('error', reject);
  child.on('close', (code) =>
    code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`order load exited ${code}`)),
  );
  child.stdin.end(
    JSON.stringify({
      url: `${base}/v5/places/${place}/orders/`,
      headers: { 'api-key': apiKey, 'content-type': 'application/json' },
      tokens: tokens.slice(0, connections),
      body: orderBody(plenty),
      duration,
      connections,
    }),
  );
});
const used = await cpu.stop();
const cpuPerOrder = (seconds: number) => ((seconds * 1000) / latencies.length).toFixed(2);
latencies.sort((a, b) => a - b);
const p = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);
const perSecond = (latencies.length / duration).toFixed(0);

// Race: everyone at once for the last ten units.
const lastTen = products.find((p) => p.title === 'Last ten')!.uid;
const results = await Promise.all(
  Array.from({ length: racers }, (_, i) => order(lastTen, tokens[i % tokens.length])),
);
const won = results.filter((r) => r.status === 201).length;
const outOfStock = results.filter(
  (r) => r.status === 400 && r.data.non_field_errors?.[0] === 'Out of stock: Last ten',
).length;
const stockLeft = (await call('GET', `/v7/places/${place}/products/${lastTen}/`)).data.stock;

console.log(
  `\n${server.kind}, ${connections} clients, ${duration} s; load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
);
console.log(
  '| database | orders/s | p50 ms | p99 ms | failed | race: placed / out of stock / stock left | server CPU ms/order | database CPU ms/order | client CPU ms/order |',
);
console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
console.log(
  `| ${server.kind} | ${perSecond} | ${p(0.5)} | ${p(0.99)} | ${failures} | ${won} / ${outOfStock} / ${stockLeft} (of ${racers} at 10 in stock) | ${cpuPerOrder(used.server)} | ${server.kind === 'postgres' ? cpuPerOrder(used.database) : 'in the server'} | ${clientCpuMsPerOrder.toFixed(2)} |`,
);
console.log(
  `\nstatements per order (one order alone): ${statementsPerOrder} ${JSON.stringify(perOrder)}`,
);
await server.close();
process.exit(failures || won !== 10 || stockLeft !== 0 ? 1 : 0);
